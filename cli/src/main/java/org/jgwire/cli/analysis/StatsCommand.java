package org.jgwire.cli.analysis;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.jgwire.cli.CaptureOptions;
import org.jgwire.cli.ExitCodes;
import org.jgwire.cli.OutputFormat;
import org.jgwire.cli.RecordSelection;
import org.jgwire.cli.StandardOutput;
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
            description = OutputFormat.REPORT)
    OutputFormat format;

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
        NameTable names = in.names();
        DecodeOptions options = in.decodeOptions(spec.commandLine());
        Analyses analyses = Analyses.all(options.reassemble());
        HostMerge[] merged = {null};
        DecodeSummary summary = AnalysisRun.run(
                in, selection, options, names, spec.commandLine().getErr(), analyses, m -> merged[0] = m);
        PrintWriter out = spec.commandLine().getOut();
        StatsReport report = new StatsReport(
                analyses.get(TrafficStats.class).result(),
                analyses.get(ReliabilityTracker.class).result(),
                analyses.get(RpcTracker.class).result(),
                names);
        LinksReport links = merged[0] == null ? null : new LinksReport(merged[0]);
        report.links(links);
        if (format.isJson()) report.json(out, format, summary);
        else {
            report.text(out);
            if (links != null) links.text(out);
            StatsReport.otherText(out, summary.other());
        }
        StandardOutput.flush(out);
        quiet.print(spec.commandLine().getErr(), Summaries.line(summary));
        return summary.clean() ? ExitCodes.OK : ExitCodes.UNDECODED;
    }
}
