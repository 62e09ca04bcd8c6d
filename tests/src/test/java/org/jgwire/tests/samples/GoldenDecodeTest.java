package org.jgwire.tests.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jgwire.cli.samples.SampleLibrary;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden decodes: {@code jgwire decode --format jsonl} of every sample must print exactly the lines kept in
 * {@code samples/golden/<version>/<stack>-<scenario>.jsonl}. A change in the decoder's output fails here with the
 * first differing lines and the JSON keys that changed; when the change is meant, {@code jgwire samples golden}
 * rewrites the files and {@code git diff samples/golden} shows it for review.
 */
class GoldenDecodeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Differing lines shown in one failure; the rest are counted. */
    private static final int SHOWN = 3;

    @TempDir
    static Path work;

    static List<SampleLibrary.Sample> samples() {
        return SampleLibrary.all(SampleLibrary.bundledVersions(Decoding.home()));
    }

    @TestFactory
    Stream<DynamicTest> everySampleDecodesToItsGoldenLines() {
        Path dir = Decoding.samples();
        return samples().stream()
                .map(s -> DynamicTest.dynamicTest(s.toString(), () -> {
                    Path capture = s.capture(dir), golden = s.golden(dir);
                    assertTrue(
                            Files.isRegularFile(capture),
                            "sample missing: " + capture + " (jgwire samples regenerate --only " + s + ")");
                    assertTrue(
                            Files.isRegularFile(golden),
                            "golden decode missing: " + golden + " (jgwire samples golden)");
                    Decoding.Run run =
                            Decoding.cli(work, "decode", "--format", "jsonl", "--no-progress", capture.toString());
                    List<String> expected = Files.readAllLines(golden);
                    // exit 1 exactly when the golden decode holds error records (frames the decoder cannot read)
                    boolean errors = expected.stream().anyMatch(l -> l.startsWith("{\"kind\":\"error\""));
                    assertEquals(errors ? 1 : 0, run.exit(), "decode exit code; stderr: " + run.err());
                    compare(expected, lines(run.out()), dir.relativize(golden).toString());
                }));
    }

    @Test
    void everyGoldenFileBelongsToASample() throws IOException {
        Path dir = Decoding.samples();
        Set<Path> expected = new HashSet<>();
        for (SampleLibrary.Sample s : samples())
            expected.add(s.golden(dir).toAbsolutePath().normalize());
        List<String> stale = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir.resolve("golden"))) {
            files.filter(p -> p.toString().endsWith(".jsonl"))
                    .filter(p -> !expected.contains(p.toAbsolutePath().normalize()))
                    .forEach(p -> stale.add(dir.relativize(p).toString()));
        }
        assertEquals(List.of(), stale, "golden files without a sample (jgwire samples golden removes them)");
    }

    @Test
    void differenceReportNamesTheChangedKeys() throws IOException {
        String a = "{\"frame\":1,\"headers\":[{\"protocol\":\"TP\","
                + "\"fields\":{\"cluster_name\":\"x\"}}],\"type\":\"BYTES\"}";
        String b = "{\"frame\":1,\"headers\":[{\"protocol\":\"TP\","
                + "\"fields\":{\"cluster_name\":\"x\",\"flag\":0}}],\"type\":\"EMPTY\"}";
        try {
            compare(List.of(a, a), List.of(a, b), "x.jsonl");
            fail("lines differ");
        } catch (AssertionError e) {
            assertTrue(e.getMessage().contains("line 2"), e.getMessage());
            assertTrue(e.getMessage().contains("headers[0].fields.flag (only in the decode)"), e.getMessage());
            assertTrue(e.getMessage().contains("type: \"BYTES\" -> \"EMPTY\""), e.getMessage());
        }
    }

    private static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        for (String l : text.split("\n")) if (!l.isEmpty()) out.add(l);
        return out;
    }

    /** Fails with the first differing lines and, per line, the key paths that changed. */
    static void compare(List<String> golden, List<String> decoded, String what) throws IOException {
        StringBuilder report = new StringBuilder();
        int differing = 0;
        for (int i = 0; i < Math.max(golden.size(), decoded.size()); i++) {
            String g = i < golden.size() ? golden.get(i) : null, d = i < decoded.size() ? decoded.get(i) : null;
            if (g != null && g.equals(d)) continue;
            if (differing++ >= SHOWN) continue;
            report.append("\n  line ").append(i + 1).append(": ");
            if (g == null) report.append("only in the decode: ").append(cut(d));
            else if (d == null) report.append("only in the golden file: ").append(cut(g));
            else {
                List<String> changes = new ArrayList<>();
                paths("", JSON.readTree(g), JSON.readTree(d), changes);
                report.append(String.join("; ", changes));
            }
        }
        if (differing > 0)
            fail(what + ": " + differing + " of " + golden.size() + " golden lines differ from the decode ("
                    + decoded.size()
                    + " lines)" + report + (differing > SHOWN ? "\n  ..." : "")
                    + "\n  if the change is meant: jgwire samples golden, then review git diff samples/golden");
    }

    private static void paths(String at, JsonNode g, JsonNode d, List<String> out) {
        if (g.isObject() && d.isObject()) {
            Set<String> keys = new TreeSet<>();
            g.fieldNames().forEachRemaining(keys::add);
            d.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                String p = at.isEmpty() ? k : at + "." + k;
                if (!g.has(k)) out.add(p + " (only in the decode)");
                else if (!d.has(k)) out.add(p + " (only in the golden file)");
                else paths(p, g.get(k), d.get(k), out);
            }
        } else if (g.isArray() && d.isArray() && g.size() == d.size()) {
            Iterator<JsonNode> a = g.elements(), b = d.elements();
            for (int i = 0; a.hasNext(); i++) paths(at + "[" + i + "]", a.next(), b.next(), out);
        } else if (!g.equals(d)) {
            out.add(at + ": " + cut(g.toString()) + " -> " + cut(d.toString()));
        }
    }

    private static String cut(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
