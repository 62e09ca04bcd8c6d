package org.jgwire.cli.analysis;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.function.Consumer;
import org.jgwire.cli.CaptureOptions;
import org.jgwire.cli.Progress;
import org.jgwire.cli.RecordSelection;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.pipeline.Decoder;

/**
 * Decodes a whole input once for an analysis command: every record (fragments reassembled) that {@code --filter}
 * keeps goes to {@code records}, every fragment it keeps also goes to {@code fragments} (for analyses of the
 * traffic on the wire), and the name table learns the logical names as they appear, from every record.
 */
final class AnalysisRun {
    private AnalysisRun() {}

    static DecodeSummary run(
            CaptureOptions in,
            RecordSelection selection,
            DecodeOptions options,
            NameTable names,
            PrintWriter err,
            Consumer<Record> records,
            Consumer<MessageRecord> fragments)
            throws IOException {
        RecordFilter filter = selection.compileFilter();
        RecordFilter kept = filter == null ? null : filter.withNames(names.copy());
        try (CaptureSource source = in.open(options.limits(), System.in);
                Decoder decoder = new Decoder(options);
                Progress p = selection.startProgress(decoder::packetsRead, err)) {
            if (fragments != null)
                decoder.fragmentTap(m -> {
                    if (kept == null || kept.test(m)) fragments.accept(m);
                });
            return decoder.decode(source, r -> {
                names.learnFrom(r);
                if (kept == null || kept.test(r)) records.accept(r);
            });
        }
    }
}
