package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jgwire diff} on live captures of the same udp chat under JGroups 5.3.7 and 5.3.8, across the release where
 * TpHeader gained a flag byte (and an int index when the flag is set): the report must show exactly the fields the
 * 5.3.8 class added and the byte it added to every TpHeader, both read from the real jars; two runs of one version
 * must show no structural change.
 */
class DiffCommandTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path work;

    static Path v537, v538;

    @BeforeAll
    static void runClusters() throws Exception {
        v537 = chat("5.3.7", "a");
        v538 = chat("5.3.8", "a");
    }

    private static Path chat(String version, String run) throws Exception {
        Path pcap = work.resolve(version + "-" + run + "-udp-chat.pcap");
        ClusterRun r = ClusterRunner.run(new ClusterSpec(version, "udp", 2, "chat", pcap, Decoding.home(), TIMEOUT));
        return r.capture();
    }

    @Test
    void tpHeaderFlagByteOf538ShowsAsAStructuralChange() throws Exception {
        Decoding.Run run = Decoding.cli(work, "diff", v537.toString(), v538.toString());
        assertEquals(1, run.exit(), run.out() + run.err());
        List<String> fields = new ArrayList<>();
        for (String f : addedFields("5.3.7", "5.3.8", "org.jgroups.protocols.TpHeader"))
            fields.add(f + " (" + type("5.3.8", "org.jgroups.protocols.TpHeader", f) + ")");
        assertFalse(fields.isEmpty(), "the jars should differ in TpHeader's fields");
        assertTrue(run.out().contains("  header TP TpHeader: fields added: " + String.join(", ", fields)), run.out());
        int grew = serializedSize("5.3.8") - serializedSize("5.3.7");
        assertEquals(1, grew, "TpHeader.serializedSize() grew by the flag byte");
        assertTrue(
                run.out()
                        .matches("(?s).*  header TP TpHeader: length (\\d+) -> (\\d+) bytes \\(\\d+ -> \\d+ without"
                                + " strings, \\+" + grew + "\\) in every kind.*"),
                run.out());
        assertTrue(run.out().contains("  frame  version: 5.3.7 (0x28c7) -> 5.3.8 (0x28c8)"), run.out());
        // nothing else in the 5.3.7 -> 5.3.8 step changes what this scenario puts on the wire
        String structural = run.out()
                .substring(run.out().indexOf("Structural changes:"), run.out().indexOf("Other differences"));
        for (String line : structural.split("\n"))
            if (line.startsWith("  "))
                assertTrue(
                        line.contains("TP TpHeader")
                                || line.contains("version:")
                                || line.contains("headers added: TP" + " (messages in lists)"),
                        "unexpected structural change: " + line);
    }

    @Test
    void twoRunsOfOneVersionHaveNoStructuralChange() throws Exception {
        Path kept = work.resolve("runs");
        Decoding.Run run = Decoding.cli(work, "diff", "--run", "--keep", kept.toString(), "5.3.8", "5.3.8");
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("Structural changes: none"), run.out());
        assertTrue(
                run.out().contains("A: " + kept.resolve("A-5.3.8-udp-chat.pcapng") + "  JGroups 5.3.8; udp;"),
                run.out());
        assertTrue(
                run.out().contains("B: " + kept.resolve("B-5.3.8-udp-chat.pcapng") + "  JGroups 5.3.8; udp;"),
                run.out());
    }

    @Test
    void jsonReportMarksWhichDifferencesAreStructural() throws Exception {
        Decoding.Run run = Decoding.cli(work, "diff", "--format", "json", v537.toString(), v538.toString());
        assertEquals(1, run.exit(), run.err());
        JsonNode n = new ObjectMapper().readTree(run.out());
        assertTrue(n.path("structural_changes").asBoolean());
        assertEquals("5.3.7", n.path("a").path("versions").get(0).asText());
        assertEquals("5.3.8", n.path("b").path("versions").get(0).asText());
        boolean tp = false;
        for (JsonNode d : n.path("differences"))
            tp |= d.path("structural").asBoolean()
                    && d.path("subject").asText().equals("TP TpHeader")
                    && d.path("change").asText().startsWith("fields added: ");
        assertTrue(tp, run.out());
        assertTrue(
                n.path("b")
                        .path("kinds")
                        .path("NAKACK2 MSG")
                        .path("headers")
                        .toString()
                        .contains("TP"),
                run.out());
    }

    private static URLClassLoader jar(String version) throws Exception {
        Path jar = Decoding.home().resolve("jgroups/jgroups-" + version + ".Final.jar");
        return new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }

    private static Set<String> instanceFields(String version, String cls) throws Exception {
        Set<String> out = new TreeSet<>();
        try (URLClassLoader l = jar(version)) {
            for (Field f : Class.forName(cls, false, l).getDeclaredFields())
                if (!Modifier.isStatic(f.getModifiers())) out.add(f.getName());
        }
        return out;
    }

    private static Set<String> addedFields(String from, String to, String cls) throws Exception {
        Set<String> added = instanceFields(to, cls);
        added.removeAll(instanceFields(from, cls));
        return added;
    }

    /** The boxed simple name of a field's type, as the decoder reports field values. */
    private static String type(String version, String cls, String field) throws Exception {
        try (URLClassLoader l = jar(version)) {
            Class<?> t = Class.forName(cls, false, l).getDeclaredField(field).getType();
            return t == byte.class
                    ? "Byte"
                    : t == int.class
                            ? "Integer"
                            : t == long.class
                                    ? "Long"
                                    : t == short.class ? "Short" : t == boolean.class ? "Boolean" : t.getSimpleName();
        }
    }

    private static int serializedSize(String version) throws Exception {
        try (URLClassLoader l = jar(version)) {
            Class<?> c = Class.forName("org.jgroups.protocols.TpHeader", true, l);
            Object h = c.getConstructor(String.class).newInstance("cluster");
            return (int) c.getMethod("serializedSize").invoke(h);
        }
    }
}
