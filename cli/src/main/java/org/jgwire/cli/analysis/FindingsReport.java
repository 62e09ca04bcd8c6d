package org.jgwire.cli.analysis;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.jgwire.cli.OutputFormat;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.analysis.findings.Severity;
import org.jgwire.codec.analysis.findings.ViewRef;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewIdText;

/**
 * What {@code diagnose} prints: an incident report in text (findings by severity, each a paragraph with its proof
 * frames), one {@code "kind":"finding"} object per line in jsonl, or one document in json.
 */
final class FindingsReport {
    /** Proof frames listed in text before the rest are counted. */
    static final int TEXT_FRAMES = 12;

    private final List<Finding> findings;
    private final NameTable names;

    FindingsReport(List<Finding> findings, NameTable names) {
        this.findings = findings;
        this.names = names;
    }

    // --- text ---

    void text(PrintWriter out) {
        if (findings.isEmpty()) {
            out.println(Finding.NONE);
            return;
        }
        Severity shown = null;
        for (Finding f : findings) {
            if (f.severity() != shown) {
                if (shown != null) out.println();
                shown = f.severity();
                out.println(heading(shown));
            }
            out.println();
            out.println("  " + f.code().label() + "  " + span(f) + "  " + Formats.list(f.members(), names));
            for (String line : wrap(f.summary(names::display), 100)) out.println("    " + line);
            out.println("    proof: " + frames(f.frames()));
            if (f.fields().get("lost_on") instanceof List<?> paths) // several captures merged
            for (Object path : paths) out.println("    lost on " + path);
            for (String line : wrap("look at: " + f.code().lookAt() + ".", 100)) out.println("    " + line);
        }
    }

    private static String heading(Severity s) {
        return switch (s) {
            case ERROR -> "ERRORS";
            case WARNING -> "WARNINGS";
            case INFO -> "FOR INFORMATION";
        };
    }

    private static String span(Finding f) {
        if (f.startNs() < 0) return "-";
        return Formats.timeOfDay(f.startNs()) + (f.endNs() >= 0 ? " - " + Formats.timeOfDay(f.endNs()) : "");
    }

    private static String frames(List<Long> frames) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(frames.size(), TEXT_FRAMES); i++)
            b.append(i > 0 ? ", #" : "#").append(frames.get(i));
        if (frames.size() > TEXT_FRAMES)
            b.append(" and ").append(frames.size() - TEXT_FRAMES).append(" more");
        return b.toString();
    }

    private static List<String> wrap(String text, int width) {
        List<String> lines = new java.util.ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (!line.isEmpty()) line.append(' ');
            line.append(word);
        }
        if (!line.isEmpty()) lines.add(line.toString());
        return lines;
    }

    // --- JSON ---

    /** One finding per line, as JSON Lines writes records. */
    void jsonLines(PrintWriter out) throws IOException {
        JsonFactory factory = new JsonFactory();
        for (Finding f : findings) {
            try (JsonGenerator g = OutputFormat.jsonl.configure(factory.createGenerator(out))) {
                finding(g, f);
            }
            out.println();
        }
    }

    /** One document: the findings and the decode's counts. */
    void json(PrintWriter out, DecodeSummary summary) throws IOException {
        try (JsonGenerator g = OutputFormat.json.configure(new JsonFactory().createGenerator(out))) {
            g.writeStartObject();
            g.writeArrayFieldStart("findings");
            for (Finding f : findings) finding(g, f);
            g.writeEndArray();
            g.writeNumberField("packets", summary.packets());
            g.writeNumberField("messages", summary.messages());
            g.writeNumberField("errors", summary.errors());
            g.writeEndObject();
        }
        out.println();
    }

    private void finding(JsonGenerator g, Finding f) throws IOException {
        g.writeStartObject();
        g.writeStringField("kind", "finding");
        g.writeStringField("code", f.code().label());
        g.writeStringField("severity", f.severity().label());
        g.writeArrayFieldStart("members");
        for (NodeAddress a : f.members()) g.writeString(names.display(a));
        g.writeEndArray();
        time(g, "start_ns", f.startNs());
        time(g, "end_ns", f.endNs());
        g.writeArrayFieldStart("frames");
        for (long frame : f.frames()) g.writeNumber(frame);
        g.writeEndArray();
        g.writeStringField("summary", f.summary(names::display));
        for (Map.Entry<String, Object> e : f.fields().entrySet()) {
            g.writeFieldName(e.getKey());
            value(g, e.getValue());
        }
        g.writeEndObject();
    }

    private static void time(JsonGenerator g, String key, long ns) throws IOException {
        if (ns < 0) g.writeNullField(key);
        else g.writeNumberField(key, ns);
    }

    private void value(JsonGenerator g, Object v) throws IOException {
        if (v instanceof NodeAddress a) g.writeString(names.display(a));
        else if (v instanceof ViewRef r) g.writeString(ViewIdText.of(names.display(r.creator()), r.id()));
        else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(e.getKey() instanceof NodeAddress a ? names.display(a) : String.valueOf(e.getKey()));
                value(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof List<?> l) {
            g.writeStartArray();
            for (Object o : l) value(g, o);
            g.writeEndArray();
        } else if (v instanceof Long n) g.writeNumber(n);
        else if (v instanceof Integer n) g.writeNumber(n);
        else if (v instanceof Double d) g.writeNumber(d);
        else if (v instanceof Boolean b) g.writeBoolean(b);
        else g.writeString(String.valueOf(v));
    }
}
