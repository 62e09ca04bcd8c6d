package org.jgwire.cli.analysis;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.function.Consumer;
import org.jgwire.cli.CaptureOptions;
import org.jgwire.cli.HostMergeRun;
import org.jgwire.cli.Progress;
import org.jgwire.cli.RecordSelection;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.registry.Analyses;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.codec.merge.HostMerge;
import org.jgwire.codec.pipeline.Decoder;

/**
 * Decodes a whole input once for an analysis command: the names stage learns the logical names into {@code names}
 * as they appear, from every record, then every record (fragments reassembled) that {@code --filter} keeps goes to
 * the analyses, and so does every fragment it keeps when an analysis reads the traffic on the wire. The analyses
 * are finished at the end.
 */
final class AnalysisRun {
    private AnalysisRun() {}

    static DecodeSummary run(
            CaptureOptions in,
            RecordSelection selection,
            DecodeOptions options,
            NameTable names,
            PrintWriter err,
            Analyses analyses)
            throws IOException {
        return run(in, selection, options, names, err, analyses, merge -> {});
    }

    /**
     * As above; {@code merged} is given the merge of several captures, after it, when INPUT names several (to report
     * what it found).
     */
    static DecodeSummary run(
            CaptureOptions in,
            RecordSelection selection,
            DecodeOptions options,
            NameTable names,
            PrintWriter err,
            Analyses analyses,
            Consumer<HostMerge> merged)
            throws IOException {
        RecordFilter filter = selection.compileFilter();
        RecordFilter kept = filter == null ? null : filter.withNames(names);
        DecodeSummary summary;
        if (in.merging()) {
            // several captures: each message once, as merged; FRAG fragments are not merged, so none is counted
            HostMergeRun run = new HostMergeRun(in, options);
            try (Progress p = selection.startProgress(run::packetsRead, err)) {
                summary = run.run(new NameStage(names, r -> {
                    if (kept == null || kept.test(r)) analyses.accept(r);
                }));
            }
            analyses.finish();
            merged.accept(run.merge());
            return summary;
        }
        try (CaptureSource source = in.open(options.limits(), System.in);
                Decoder decoder = new Decoder(options);
                Progress p = selection.startProgress(decoder::packetsRead, err)) {
            if (analyses.readsWire())
                decoder.fragmentTap(m -> {
                    if (kept == null || kept.test(m)) analyses.acceptFragment(m);
                });
            summary = decoder.decode(source, new NameStage(names, r -> {
                if (kept == null || kept.test(r)) analyses.accept(r);
            }));
        }
        analyses.finish();
        return summary;
    }
}
