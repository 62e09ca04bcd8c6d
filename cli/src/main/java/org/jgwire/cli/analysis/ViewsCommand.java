package org.jgwire.cli.analysis;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jgwire.cli.CaptureOptions;
import org.jgwire.cli.ExitCodes;
import org.jgwire.cli.HostMergeRun;
import org.jgwire.cli.OutputFormat;
import org.jgwire.cli.RecordSelection;
import org.jgwire.cli.Summaries;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.membership.MembershipEvent;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.analysis.registry.Analyses;
import org.jgwire.codec.model.NodeAddress;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jgwire views}: the membership timeline of each cluster in a capture, one line per event. */
@Command(
        name = "views",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Show who was in each cluster when: views, joins, leaves, crashes with the suspicion before "
                    + "them, merges with their subgroups, coordinator changes. One line per event.",
            "Built from GMS, MERGE3, FD_*, VERIFY_SUSPECT traffic; delta views are expanded."
        },
        footer = {
            "",
            "Examples:",
            "  jgwire views capture.pcapng",
            "  jgwire views --format json capture.pcap > views.json",
            "  jgwire views --format parquet -o views.parquet capture.pcapng",
            "  jgwire views --filter 'cluster == \"orders\"' capture.pcapng",
            "",
            "Exit codes: 0 all decoded, 1 some frames not decoded, " + ExitCodes.HELP_2_TO_4
        })
public final class ViewsCommand implements Callable<Integer> {
    @Mixin
    CaptureOptions in;

    @Mixin
    RecordSelection selection;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = ReportFormat.VIEWS)
    ReportFormat format;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write the report here instead of stdout ('-' is stdout); with --format parquet, the "
                    + "Parquet file (replaced if it exists).")
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
        Path table = format != ReportFormat.parquet
                ? null
                : ReportOutput.parquet(output, cl, "--format parquet writes a file: give it with -o FILE");
        NameTable names = in.names();
        DecodeOptions options = in.decodeOptions(cl);
        MembershipTimeline timeline;
        DecodeSummary summary;
        PrintWriter err = cl.getErr();
        try (ReportOutput out = table == null ? ReportOutput.open(output, cl) : null) {
            Analyses analyses = Analyses.only(options.reassemble(), MembershipTimeline.class);
            summary = AnalysisRun.run(in, selection, options, names, err, analyses, merge -> {
                if (!quiet.quiet()) HostMergeRun.report(merge, err); // several captures: hosts, clocks, links
            });
            timeline = analyses.get(MembershipTimeline.class);
            if (table != null) {
                ViewsTable.of(timeline, names).write(table);
            } else {
                if (format != ReportFormat.text) json(out.writer(), format.report(), timeline, names, summary);
                else text(out.writer(), timeline, names);
                out.finish();
            }
        }
        if (timeline.droppedEvents() > 0)
            err.println("jgwire: " + timeline.droppedEvents() + " events beyond the first "
                    + MembershipTimeline.MAX_EVENTS + " not shown");
        quiet.print(err, Summaries.line(summary));
        return summary.clean() ? ExitCodes.OK : ExitCodes.UNDECODED;
    }

    private static void text(PrintWriter out, MembershipTimeline timeline, NameTable names) {
        TextTable t = new TextTable("TIME", ">FRAME", "CLUSTER", "EVENT", "VIEW", "WHO", "MEMBERS", "DETAIL");
        for (MembershipEvent e : timeline.events()) {
            t.row(
                    Formats.timeOfDay(e.tsNanos()),
                    "#" + e.packet(),
                    e.cluster(),
                    e.kind().label(),
                    e.view() != null ? Formats.viewId(e.view(), names) : "",
                    who(e, names),
                    e.view() != null ? Formats.list(e.view().members(), names) : "",
                    detail(e, names));
        }
        if (t.isEmpty()) out.println("no views or membership events in the input");
        else t.print(out);
    }

    private static String who(MembershipEvent e, NameTable names) {
        String subjects = e.subjects().isEmpty() ? "" : Formats.list(e.subjects(), names);
        return switch (e.kind()) {
            case SUSPECT -> names.display(e.by()) + " suspects " + subjects;
            case UNSUSPECT -> subjects + " lives";
            case COORDINATOR -> names.display(e.by()) + " -> "
                    + names.display(e.subjects().get(0));
            case MERGE_START -> names.display(e.by()) + " -> " + subjects;
            default -> subjects;
        };
    }

    private static String detail(MembershipEvent e, NameTable names) {
        StringBuilder b = new StringBuilder(e.detail());
        if (e.kind() == MembershipEvent.Kind.MERGE) {
            b.setLength(0);
            b.append("subgroups ");
            List<List<NodeAddress>> sub = e.view().subgroups();
            for (int i = 0; i < sub.size(); i++) b.append(i > 0 ? " + " : "").append(Formats.list(sub.get(i), names));
        } else if (e.kind() == MembershipEvent.Kind.CRASH && e.by() != null) {
            b.insert(0, "by " + names.display(e.by()) + ", ");
        }
        return b.toString();
    }

    private static void json(
            PrintWriter out, OutputFormat format, MembershipTimeline timeline, NameTable names, DecodeSummary summary)
            throws IOException {
        try (JsonGenerator g = format.configure(new JsonFactory().createGenerator(out))) {
            g.writeStartObject();
            g.writeArrayFieldStart("events");
            for (MembershipEvent e : timeline.events()) {
                g.writeStartObject();
                g.writeNumberField("frame", e.packet());
                if (e.tsNanos() >= 0) {
                    g.writeNumberField("ts", Formats.epochSeconds(e.tsNanos()));
                    g.writeNumberField("ts_ns", e.tsNanos());
                } else {
                    g.writeNullField("ts");
                    g.writeNullField("ts_ns");
                }
                g.writeStringField("cluster", e.cluster());
                g.writeStringField("event", e.kind().label());
                if (e.view() != null) {
                    g.writeStringField("view", Formats.viewId(e.view(), names));
                    names(g, "members", e.view().members(), names);
                    if (!e.view().subgroups().isEmpty()) {
                        g.writeArrayFieldStart("subgroups");
                        for (List<NodeAddress> s : e.view().subgroups()) {
                            g.writeStartArray();
                            for (NodeAddress a : s) g.writeString(names.display(a));
                            g.writeEndArray();
                        }
                        g.writeEndArray();
                    }
                }
                names(g, "subjects", e.subjects(), names);
                if (e.by() != null) g.writeStringField("by", names.display(e.by()));
                if (!e.detail().isEmpty()) g.writeStringField("detail", e.detail());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeNumberField("events_dropped", timeline.droppedEvents());
            g.writeNumberField("packets", summary.packets());
            g.writeNumberField("messages", summary.messages());
            g.writeNumberField("errors", summary.errors());
            g.writeEndObject();
        }
        out.println();
    }

    private static void names(JsonGenerator g, String key, List<NodeAddress> l, NameTable names) throws IOException {
        g.writeArrayFieldStart(key);
        for (NodeAddress a : l) g.writeString(names.display(a));
        g.writeEndArray();
    }
}
