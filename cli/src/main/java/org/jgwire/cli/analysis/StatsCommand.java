package org.jgwire.cli.analysis;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jgwire.cli.CaptureOptions;
import org.jgwire.cli.ExitCodes;
import org.jgwire.cli.RecordSelection;
import org.jgwire.cli.Summaries;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.registry.Analyses;
import org.jgwire.codec.analysis.reliability.ReliabilityTracker;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.analysis.stats.TrafficStats;
import org.jgwire.codec.merge.HostMerge;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jgwire stats}: tables of traffic per member and protocol, RPC latencies and retransmissions. */
@Command(
        name = "stats",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Summarise a capture: messages and bytes per member, per protocol header type and message "
                    + "type, per second; batch sizes; flow-control credit requests; heartbeat intervals; RPC latency "
                    + "percentiles per method with unanswered requests; NAKACK/UNICAST gaps, retransmission requests, "
                    + "retransmissions and their delays.",
            "Durations are in ms; percentiles are p50/p90/p99/max. Fragments count as the wire carried them; "
                    + "RPCs are paired on the reassembled messages."
        },
        footer = {
            "",
            "Examples:",
            "  jgwire stats capture.pcapng",
            "  jgwire stats --format json capture.pcapng > stats.json",
            "  jgwire stats --format parquet -o stats/ capture.pcapng",
            "  jgwire stats A.pcapng B.pcapng C.pcapng   # one capture per host, merged",
            "  jgwire stats --filter 'src == \"A\" && time < 10s' capture.pcapng",
            "",
            "Exit codes: 0 all decoded, 1 some frames not decoded, " + ExitCodes.HELP_2_TO_4
        })
public final class StatsCommand implements Callable<Integer> {
    /** Seconds listed in text before the per-second table is cut to the busiest ones. */
    static final int TEXT_SECONDS = 60;

    static final int TEXT_UNANSWERED = 20;

    @Mixin
    CaptureOptions in;

    @Mixin
    RecordSelection selection;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = ReportFormat.STATS)
    ReportFormat format;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE|DIR",
            description = "Write the report here instead of stdout ('-' is stdout); with --format parquet, the "
                    + "directory of the tables' files (created if missing; files of the same names are replaced).")
    Path output;

    @Mixin
    QuietSummary quiet;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        try {
            return run();
        } finally {
            in.finished(); // a Ctrl-C that ended a live capture waits for the output and summary
        }
    }

    private int run() throws IOException {
        CommandLine cl = spec.commandLine();
        Path tables = format != ReportFormat.parquet
                ? null
                : ReportOutput.parquet(
                        output, cl, "--format parquet writes a file per table: give their directory with -o DIR");
        NameTable names = in.names();
        DecodeOptions options = in.decodeOptions(cl);
        if (tables != null) ReportOutput.directory(tables); // before the capture is read: a bad path fails early
        DecodeSummary summary;
        try (ReportOutput out = tables == null ? ReportOutput.open(output, cl) : null) {
            Analyses analyses = Analyses.all(options.reassemble());
            HostMerge[] merged = {null};
            summary = AnalysisRun.run(in, selection, options, names, cl.getErr(), analyses, m -> merged[0] = m);
            TrafficStats.Snapshot traffic = analyses.get(TrafficStats.class).result();
            List<ReliabilityTracker.SenderStats> reliability =
                    analyses.get(ReliabilityTracker.class).result();
            RpcTracker.RpcStats rpc = analyses.get(RpcTracker.class).result();
            if (tables != null) {
                for (ReportTable t : StatsTables.of(traffic, reliability, rpc, names, merged[0])) t.writeInto(tables);
            } else {
                StatsReport report = new StatsReport(traffic, reliability, rpc, names);
                LinksReport links = merged[0] == null ? null : new LinksReport(merged[0]);
                report.links(links);
                PrintWriter w = out.writer();
                if (format != ReportFormat.text) report.json(w, format.report(), summary);
                else {
                    report.text(w);
                    if (links != null) links.text(w);
                    StatsReport.otherText(w, summary.other());
                }
                out.finish();
            }
        }
        quiet.print(cl.getErr(), Summaries.line(summary));
        return summary.clean() ? ExitCodes.OK : ExitCodes.UNDECODED;
    }
}
