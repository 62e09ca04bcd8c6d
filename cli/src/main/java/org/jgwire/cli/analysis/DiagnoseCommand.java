package org.jgwire.cli.analysis;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.jgwire.cli.CaptureOptions;
import org.jgwire.cli.ExitCodes;
import org.jgwire.cli.HostMergeRun;
import org.jgwire.cli.OutputFormat;
import org.jgwire.cli.RecordSelection;
import org.jgwire.cli.StandardOutput;
import org.jgwire.cli.Summaries;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.analysis.findings.RetransmissionFindings;
import org.jgwire.codec.analysis.findings.Thresholds;
import org.jgwire.codec.analysis.registry.Analyses;
import org.jgwire.codec.merge.HostMerge;
import org.jgwire.codec.merge.LossPaths;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jgwire diagnose}: what went wrong in the cluster, each finding with the frames that prove it. */
@Command(
        name = "diagnose",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Say what went wrong in the cluster: members that crashed, paused, were cut off by a network split "
                    + "(and how long the merge took), lose messages, answer late, hold up their senders or never join, "
                    + "whose closed ports bounce what the others still send them, "
                    + "and clusters or versions sharing a group, each finding with the members involved, its time span "
                    + "and the frames that prove it.",
            "Codes: crash, member-pause, partition, slow-merge, retransmissions, rpc-timeout, credit-stall, "
                    + "discovery-unanswered, cluster-name-clash, version-mismatch, icmp-unreachable, view-flapping "
                    + "(docs/diagnose.md "
                    + "says how each is found)."
        },
        footer = {
            "",
            "Examples:",
            "  jgwire diagnose capture.pcapng",
            "  jgwire diagnose --format jsonl capture.pcapng > findings.jsonl",
            "  tshark -i eth0 -w - | jgwire diagnose -",
            "",
            "Exit codes: 0 all decoded, 1 some frames not decoded, " + ExitCodes.HELP_2_TO_4
        })
public final class DiagnoseCommand implements Callable<Integer> {
    @Mixin
    CaptureOptions in;

    @Mixin
    RecordSelection selection;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "Output format: text (an incident report), jsonl (one finding per line, "
                    + "docs/json-lines.md) or json (one document); any case (default: text).")
    OutputFormat format;

    @Option(
            names = "--rpc-timeout",
            paramLabel = "MILLIS",
            defaultValue = "" + Thresholds.RPC_TIMEOUT_MS,
            description = "A response later than this, or none this long before the capture ends, is an rpc-timeout "
                    + "(default: ${DEFAULT-VALUE}, JGroups' default for synchronous calls).")
    long rpcTimeoutMs;

    @Option(
            names = "--min-retransmissions",
            paramLabel = "N",
            defaultValue = "" + RetransmissionFindings.MIN_LOST,
            description = "Retransmission requests and answers from which a receiver is named a lossy path "
                    + "(default: ${DEFAULT-VALUE}).")
    long retransmissions;

    @Option(
            names = "--credit-stall",
            paramLabel = "MILLIS",
            defaultValue = "" + Thresholds.CREDIT_STALL_MS,
            description = "A sender asking one receiver for flow-control credits again and again for this long is "
                    + "a credit-stall (default: ${DEFAULT-VALUE}).")
    long creditStallMs;

    @Option(
            names = "--flapping",
            paramLabel = "N",
            defaultValue = "" + Thresholds.FLAPPING_CYCLES,
            description = "A member that leaves the view and comes back this many times is view-flapping "
                    + "(default: ${DEFAULT-VALUE}).")
    long flappingCycles;

    @Option(
            names = "--slow-merge",
            paramLabel = "MILLIS",
            defaultValue = "" + Thresholds.SLOW_MERGE_MS,
            description = "A merge taking this long from the subgroups hearing each other again to the merge view is "
                    + "a slow-merge warning (default: ${DEFAULT-VALUE}; MERGE3's defaults take up to about 50 s).")
    long slowMergeMs;

    @Option(
            names = "--icmp-unreachable",
            paramLabel = "MILLIS",
            defaultValue = "" + Thresholds.ICMP_UNREACHABLE_MS,
            description = "Datagrams to a member's closed port that still bounce (ICMP port unreachable) this long "
                    + "after it left the view are an icmp-unreachable warning (default: ${DEFAULT-VALUE}, twice "
                    + "UNICAST3's conn_close_timeout).")
    long icmpUnreachableMs;

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
        Thresholds thresholds;
        try {
            thresholds = new Thresholds(
                    rpcTimeoutMs, retransmissions, creditStallMs, flappingCycles, slowMergeMs, icmpUnreachableMs);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Analyses analyses = Analyses.detectors(options.reassemble(), thresholds, names);
        HostMerge[] merged = {null};
        DecodeSummary summary = AnalysisRun.run(
                in, selection, options, names, spec.commandLine().getErr(), analyses, m -> merged[0] = m);
        List<Finding> findings = analyses.findings();
        if (merged[0] != null) {
            findings = LossPaths.annotate(findings, merged[0]); // on which path messages were lost
            if (!quiet.quiet())
                HostMergeRun.report(merged[0], spec.commandLine().getErr());
        }
        PrintWriter out = spec.commandLine().getOut();
        FindingsReport report = new FindingsReport(findings, names);
        switch (format) {
            case text -> report.text(out);
            case jsonl -> report.jsonLines(out);
            case json -> report.json(out, summary);
        }
        StandardOutput.flush(out);
        quiet.print(
                spec.commandLine().getErr(),
                findings.size() + (findings.size() == 1 ? " finding; " : " findings; ") + Summaries.line(summary));
        return summary.clean() ? ExitCodes.OK : ExitCodes.UNDECODED;
    }
}
