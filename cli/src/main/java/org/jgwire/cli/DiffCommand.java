package org.jgwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.compare.CaptureDiff;
import org.jgwire.codec.compare.CaptureProfile;
import org.jgwire.codec.compare.KindProfile;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.codec.runtime.VersionRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jgwire diff}: the structural differences between two captures. */
@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Compare the structure of two captures, e.g. one scenario run under two JGroups versions: "
                    + "frame versions; per protocol its ids, header class, fields and field types; per message kind "
                    + "(first header's protocol and type) the headers added or removed, the message types and each "
                    + "header's length; then what differs between any two runs (kinds seen once, counts, bytes per "
                    + "message)."
        },
        footer = {
            "",
            "Examples:",
            "  jgwire diff samples/5.3.7/udp-chat.pcapng samples/5.3.8/udp-chat.pcapng",
            "  jgwire diff --format json a.pcap b.pcap",
            "  jgwire diff --run 5.3.7 5.3.8      # the chat scenario under both, live",
            "  jgwire diff --run --stack tcp --scenario rpc --keep /tmp/runs 4.2.30 5.0.4",
            "",
            "Exit codes: 0 no structural difference, 1 structural differences, " + ExitCodes.HELP_2_TO_4
        })
public final class DiffCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "A",
            description = "The first capture (pcap/pcapng); with --run a JGroups version.")
    String first;

    @Parameters(index = "1", paramLabel = "B", description = "The second capture; with --run a JGroups version.")
    String second;

    @Option(
            names = "--run",
            description = "A and B are bundled JGroups versions: run the same cluster under each "
                    + "(real members on 127.0.0.1, captured live on lo: needs capture rights), then "
                    + "compare the captures.")
    boolean run;

    @Option(
            names = "--stack",
            paramLabel = "STACK",
            completionCandidates = OptionValues.Stacks.class,
            defaultValue = "udp",
            description = "With --run: the stock stack (default: ${DEFAULT-VALUE}).")
    String stack;

    @Option(
            names = "--scenario",
            paramLabel = "SCENARIO",
            completionCandidates = OptionValues.ScenarioNames.class,
            defaultValue = "chat",
            description = "With --run: the scenario (default: ${DEFAULT-VALUE}).")
    String scenario;

    @Option(
            names = "--nodes",
            paramLabel = "N",
            defaultValue = "2",
            description = "With --run: members per cluster (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(
            names = "--keep",
            paramLabel = "DIR",
            description =
                    "With --run: write the captures and manifests here (default: a temporary directory, deleted).")
    Path keep;

    Path a, b;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = OutputFormat.REPORT)
    OutputFormat format;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path work = null;
        if (run) {
            work = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("jgwire-diff");
            a = runCluster("A", first, work);
            b = runCluster("B", second, work);
        } else {
            a = Path.of(first);
            b = Path.of(second);
        }
        try {
            return compare();
        } finally {
            if (work != null && keep == null) deleteTree(work);
        }
    }

    private Path runCluster(String which, String version, Path work) throws IOException, InterruptedException {
        Path capture = work.resolve(which + "-" + version + "-" + stack + "-" + scenario.replace(':', '_') + ".pcapng");
        spec.commandLine()
                .getErr()
                .println("jgwire: running " + nodes + " members of JGroups " + version + " on " + stack + ", scenario "
                        + scenario + " -> " + capture);
        ClusterRunner.run(new ClusterSpec(
                version, stack, nodes, scenario, capture, VersionRuntime.defaultHome(), Duration.ofSeconds(180)));
        return capture;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    private int compare() throws IOException {
        CaptureProfile pa = profile(a), pb = profile(b);
        List<CaptureDiff.Difference> diffs = CaptureDiff.compare(pa, pb);
        PrintWriter out = spec.commandLine().getOut();
        if (format.isJson()) json(pa, pb, diffs, out);
        else text(pa, pb, diffs, out);
        StandardOutput.flush(out);
        return diffs.stream().anyMatch(CaptureDiff.Difference::structural) ? 1 : ExitCodes.OK;
    }

    private static CaptureProfile profile(Path capture) throws IOException {
        CaptureProfile p = new CaptureProfile();
        Decoder.decodeFile(capture, DecodeOptions.defaults(VersionRuntime.defaultHome()), p);
        return p;
    }

    private void text(CaptureProfile pa, CaptureProfile pb, List<CaptureDiff.Difference> diffs, PrintWriter out) {
        out.println("A: " + a + "  " + summary(pa));
        out.println("B: " + b + "  " + summary(pb));
        long structural =
                diffs.stream().filter(CaptureDiff.Difference::structural).count();
        out.println();
        out.println("Structural changes: " + (structural == 0 ? "none" : structural));
        for (CaptureDiff.Difference d : diffs)
            if (d.structural()) out.printf("  %-6s %s: %s%n", d.section(), d.subject(), d.change());
        out.println();
        out.println("Other differences (these also differ between two runs of one version): "
                + (diffs.size() == structural ? "none" : diffs.size() - structural));
        for (CaptureDiff.Difference d : diffs)
            if (!d.structural()) out.printf("  %-6s %s: %s%n", d.section(), d.subject(), d.change());
        out.println();
        out.printf("%-28s %6s %6s  %-17s %s%n", "Message kinds", "A", "B", "bytes/msg A -> B", "headers (B, else A)");
        Set<String> kinds = new TreeSet<>(pa.kinds().keySet());
        kinds.addAll(pb.kinds().keySet());
        for (String k : kinds) {
            KindProfile x = pa.kinds().get(k), y = pb.kinds().get(k);
            KindProfile shown = y != null ? y : x;
            out.printf(
                    Locale.ROOT,
                    "  %-26s %6s %6s  %-17s %s%n",
                    k,
                    x == null ? "-" : x.count(),
                    y == null ? "-" : y.count(),
                    mean(x) + " -> " + mean(y),
                    String.join(" ", shown.headers().keySet()));
        }
    }

    private static String mean(KindProfile k) {
        return k == null ? "-" : String.format(Locale.ROOT, "%.1f", k.meanBytes());
    }

    private static String summary(CaptureProfile p) {
        StringBuilder s = new StringBuilder("JGroups ");
        s.append(
                p.versions().isEmpty()
                        ? "none"
                        : String.join(
                                ", ",
                                p.versions().keySet().stream()
                                        .map(String::valueOf)
                                        .toList()));
        s.append("; ").append(String.join(", ", p.transports().keySet()));
        s.append(String.format(
                Locale.ROOT,
                "; %d messages of %d kinds, %.1f bytes/message",
                p.messages(),
                p.kinds().size(),
                p.meanBytes()));
        if (p.errors() > 0) s.append("; ").append(p.errors()).append(" frames not decoded");
        return s.toString();
    }

    private void json(CaptureProfile pa, CaptureProfile pb, List<CaptureDiff.Difference> diffs, PrintWriter out)
            throws IOException {
        try (JsonGenerator g = format.configure(new JsonFactory().createGenerator(out))) {
            g.writeStartObject();
            capture(g, "a", a, pa);
            capture(g, "b", b, pb);
            g.writeBooleanField("structural_changes", diffs.stream().anyMatch(CaptureDiff.Difference::structural));
            g.writeArrayFieldStart("differences");
            for (CaptureDiff.Difference d : diffs) {
                g.writeStartObject();
                g.writeBooleanField("structural", d.structural());
                g.writeStringField("section", d.section());
                g.writeStringField("subject", d.subject());
                g.writeStringField("change", d.change());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
    }

    private static void capture(JsonGenerator g, String field, Path path, CaptureProfile p) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeStringField("file", path.toString());
        g.writeArrayFieldStart("versions");
        for (JGroupsVersion v : p.versions().keySet()) g.writeString(v.toString());
        g.writeEndArray();
        g.writeNumberField("messages", p.messages());
        g.writeNumberField("errors", p.errors());
        g.writeNumberField("bytes_per_message", Math.round(p.meanBytes() * 10) / 10.0);
        g.writeObjectFieldStart("kinds");
        for (Map.Entry<String, KindProfile> e : p.kinds().entrySet()) {
            KindProfile k = e.getValue();
            g.writeObjectFieldStart(e.getKey());
            g.writeNumberField("messages", k.count());
            g.writeNumberField("bytes_per_message", Math.round(k.meanBytes() * 10) / 10.0);
            g.writeArrayFieldStart("types");
            for (String t : k.types()) g.writeString(t);
            g.writeEndArray();
            g.writeArrayFieldStart("headers");
            for (String h : k.headers().keySet()) g.writeString(h);
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndObject();
        g.writeEndObject();
    }
}
