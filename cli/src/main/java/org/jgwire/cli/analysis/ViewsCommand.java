package org.jgwire.cli.analysis;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
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
        Analyses analyses = Analyses.only(options.reassemble(), MembershipTimeline.class);
        PrintWriter err = spec.commandLine().getErr();
        DecodeSummary summary = AnalysisRun.run(in, selection, options, names, err, analyses, merge -> {
            if (!quiet.quiet()) HostMergeRun.report(merge, err); // several captures: hosts, clocks, links
        });
        MembershipTimeline timeline = analyses.get(MembershipTimeline.class);
        PrintWriter out = spec.commandLine().getOut();
        if (format.isJson()) json(out, format, timeline, names, summary);
        else text(out, timeline, names);
        StandardOutput.flush(out);
        if (timeline.droppedEvents() > 0)
            spec.commandLine()
                    .getErr()
                    .println("jgwire: " + timeline.droppedEvents() + " events beyond the first "
                            + MembershipTimeline.MAX_EVENTS + " not shown");
        quiet.print(spec.commandLine().getErr(), Summaries.line(summary));
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
