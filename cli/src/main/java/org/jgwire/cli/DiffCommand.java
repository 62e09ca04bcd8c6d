package org.jgwire.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.Decoder;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.compare.CaptureDiff;
import org.jgwire.codec.compare.CaptureProfile;
import org.jgwire.codec.compare.KindProfile;
import org.jgwire.codec.runtime.VersionRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jgwire diff}: the structural differences between two captures. */
@Command(name = "diff", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare the structure of two captures, e.g. one scenario run under two JGroups versions: "
                + "frame versions; per protocol its ids, header class, fields and field types; per message kind "
                + "(first header's protocol and type) the headers added or removed, the message types and each "
                + "header's length; then what differs between any two runs (kinds seen once, counts, bytes per "
                + "message)."},
        footer = {"", "Examples:",
                "  jgwire diff samples/5.3.7/udp-chat.pcapng samples/5.3.8/udp-chat.pcapng",
                "  jgwire diff --format json a.pcap b.pcap",
                "", "Exit codes: 0 no structural difference, 1 structural differences, 2 usage error, 3 I/O error."})
public final class DiffCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "A", description = "The first capture (pcap/pcapng).")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The second capture.")
    Path b;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "Report format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    enum Format { text, json }

    @Override
    public Integer call() throws IOException {
        CaptureProfile pa = profile(a), pb = profile(b);
        List<CaptureDiff.Difference> diffs = CaptureDiff.compare(pa, pb);
        PrintWriter out = spec.commandLine().getOut();
        if (format == Format.json) json(pa, pb, diffs, out);
        else text(pa, pb, diffs, out);
        out.flush();
        return diffs.stream().anyMatch(CaptureDiff.Difference::structural) ? 1 : ExitCodes.OK;
    }

    private static CaptureProfile profile(Path capture) throws IOException {
        CaptureProfile p = new CaptureProfile();
        try (CaptureSource source = InputOpener.open(capture.toString(), InputHints.AUTO);
             Decoder decoder = new Decoder(DecodeOptions.defaults(VersionRuntime.defaultHome()))) {
            decoder.decode(source, p);
        }
        return p;
    }

    private void text(CaptureProfile pa, CaptureProfile pb, List<CaptureDiff.Difference> diffs, PrintWriter out) {
        out.println("A: " + a + "  " + summary(pa));
        out.println("B: " + b + "  " + summary(pb));
        long structural = diffs.stream().filter(CaptureDiff.Difference::structural).count();
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
            out.printf(Locale.ROOT, "  %-26s %6s %6s  %-17s %s%n", k, x == null ? "-" : x.count(),
                    y == null ? "-" : y.count(), mean(x) + " -> " + mean(y), String.join(" ", shown.headers().keySet()));
        }
    }

    private static String mean(KindProfile k) {
        return k == null ? "-" : String.format(Locale.ROOT, "%.1f", k.meanBytes());
    }

    private static String summary(CaptureProfile p) {
        StringBuilder s = new StringBuilder("JGroups ");
        s.append(p.versions().isEmpty() ? "none" : String.join(", ", p.versions().keySet()));
        s.append("; ").append(String.join(", ", p.transports().keySet()));
        s.append(String.format(Locale.ROOT, "; %d messages of %d kinds, %.1f bytes/message", p.messages(),
                p.kinds().size(), p.meanBytes()));
        if (p.errors() > 0) s.append("; ").append(p.errors()).append(" frames not decoded");
        return s.toString();
    }

    private void json(CaptureProfile pa, CaptureProfile pb, List<CaptureDiff.Difference> diffs, PrintWriter out)
            throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
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
        for (String v : p.versions().keySet()) g.writeString(v);
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
