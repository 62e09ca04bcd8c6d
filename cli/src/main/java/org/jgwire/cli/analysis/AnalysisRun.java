package org.jgwire.cli.analysis;

import java.io.IOException;
import java.util.function.Consumer;
import org.jgwire.cli.CaptureOptions;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.Decoder;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/**
 * Decodes a whole input once for an analysis command: every record (fragments reassembled) goes to {@code records},
 * every fragment also goes to {@code fragments} (for analyses of the traffic on the wire), and the
 * name table learns the logical names as they appear.
 */
final class AnalysisRun {
    private AnalysisRun() {}

    static DecodeSummary run(
            CaptureOptions in,
            DecodeOptions options,
            NameTable names,
            Consumer<Record> records,
            Consumer<MessageRecord> fragments)
            throws IOException {
        try (CaptureSource source = in.open(options.limits(), System.in);
                Decoder decoder = new Decoder(options)) {
            decoder.fragmentTap(fragments);
            return decoder.decode(source, r -> {
                names.learnFrom(r);
                records.accept(r);
            });
        }
    }
}
