package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stderr summary line and the JSON Lines schema of docs/json-lines.md, on real decodes. */
class SummaryAndSchemaTest {
    private static final Pattern SUMMARY =
            Pattern.compile("jgwire: (\\d+) packets, (\\d+) frames, (\\d+) messages, (\\d+) errors?(; JGroups (.+))?");
    private static final Set<String> KINDS = Set.of("message", "error", "gossip", "stream-end");
    private static final Set<String> HOW = Set.of("FIN", "RST", "new SYN", "evicted", "capture end");
    private static final Set<String> TRANSPORTS = Set.of("udp", "tcp", "fd_sock2", "mping", "tunnel", "none");
    private static final Set<String> PROBLEMS =
            Set.of("truncated", "malformed", "unsupported_version", "unknown_class", "gap", "limit", "io");

    @TempDir
    static Path work;

    @Test
    void summaryOnStderrCountsPacketsFramesMessagesErrorsAndVersions() throws IOException {
        for (String stack : List.of("udp", "tcp", "tunnel")) {
            Path pcap = Decoding.sample("4.2.30", stack);
            Manifest m = Manifest.read(Manifest.pathFor(pcap));
            for (String format : List.of("text", "jsonl")) {
                Decoding.Run run = Decoding.cli(work, "decode", "--format", format, pcap.toString());
                assertEquals(0, run.exit(), run.err());
                Matcher s = summary(run.err());
                assertEquals(m.packets(), Long.parseLong(s.group(1)), "packets of " + pcap);
                DecodeSummary api = Decoding.decode(pcap, InputHints.AUTO).summary();
                assertEquals(api.frames(), Long.parseLong(s.group(2)), "frames");
                assertEquals(api.messages(), Long.parseLong(s.group(3)), "messages");
                assertEquals(0, Long.parseLong(s.group(4)), "errors");
                assertEquals(m.jgroupsVersion(), s.group(6), "versions");
                if (format.equals("jsonl")) {
                    assertEquals(api.messages(), run.messages().size(), "message lines vs summary");
                } else {
                    long lines =
                            run.out().lines().filter(l -> l.startsWith("#")).count();
                    assertTrue(lines >= api.messages(), "text lines " + lines + " for " + api.messages() + " messages");
                }
            }
        }
    }

    @Test
    void summaryCountsErrorsAndEveryVersionOfAMixedInput() throws IOException {
        // Two captures of different versions as hex lines in one input: the summary names both versions.
        StringBuilder hex = new StringBuilder();
        for (String v : List.of("5.0.4", "3.6.20")) {
            try {
                hex.append(new String(
                        Decoding.tool(
                                "tshark",
                                "-r",
                                Decoding.sample(v, "udp").toString(),
                                "-T",
                                "fields",
                                "-e",
                                "udp.payload"),
                        StandardCharsets.US_ASCII));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        hex.append("zz-not-hex\n");
        Path input = work.resolve("mixed.txt");
        Files.writeString(input, hex);
        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", input.toString());
        assertEquals(1, run.exit(), run.err());
        Matcher s = summary(run.err());
        assertEquals("3.6.20, 5.0.4", s.group(6), run.err());
        assertEquals(run.errors().size(), Long.parseLong(s.group(4)), "errors");
        assertTrue(run.errors().size() >= 1);
        assertEquals(run.messages().size(), Long.parseLong(s.group(3)), "messages");
    }

    private static Matcher summary(String err) {
        String line = err.lines()
                .filter(l -> l.startsWith("jgwire: "))
                .reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no summary on stderr: " + err));
        Matcher s = SUMMARY.matcher(line);
        assertTrue(s.matches(), "summary line: " + line);
        return s;
    }

    @Test
    void everyJsonLineFollowsTheDocumentedSchema() throws IOException {
        int views = 0, deltas = 0, gossip = 0, texts = 0, names = 0, streamEnds = 0;
        for (String v : List.of("5.5.7", "3.6.20")) {
            for (String stack : List.of("udp", "tcp", "tunnel")) {
                Path pcap = Decoding.sample(v, stack);
                Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", pcap.toString());
                assertEquals(0, run.exit(), run.err());
                List<String> lines = run.out().lines().toList();
                assertFalse(lines.isEmpty());
                List<JsonNode> nodes = run.json();
                assertEquals(lines.size(), nodes.size());
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i);
                    JsonNode n = nodes.get(i);
                    String what = pcap.getFileName() + " line " + (i + 1) + ": " + line;
                    assertTrue(line.startsWith("{\"kind\":"), "a line is one object, kind first: " + what);
                    assertTrue(KINDS.contains(n.path("kind").asText()), what);
                    assertTrue(
                            n.path("frame").isIntegralNumber()
                                    && n.path("frame").asLong() >= 1,
                            what);
                    assertTrue(TRANSPORTS.contains(n.path("transport").asText()), what);
                    // a stream-end is the TCP connection's own (a GossipRouter's too); the rest say their stack
                    assertEquals(
                            n.path("kind").asText().equals("stream-end") ? "tcp" : stack,
                            n.path("transport").asText(),
                            what);
                    // ts: epoch seconds with nanoseconds, written as an exact decimal
                    Matcher ts = Pattern.compile("\"ts\":(\\d+\\.\\d{9})[,}]").matcher(line);
                    assertTrue(ts.find(), "ts as a decimal with 9 digits: " + what);
                    assertTrue(new BigDecimal(ts.group(1)).compareTo(new BigDecimal("1500000000")) > 0, what);
                    assertTrue(n.path("src_ep").asText().matches("127\\.0\\.0\\.1:\\d+"), what);
                    assertTrue(
                            n.path("dst_ep").asText().matches("(127\\.0\\.0\\.1|239\\.\\d+\\.\\d+\\.\\d+):\\d+"), what);
                    switch (n.path("kind").asText()) {
                        case "message" -> {
                            checkMessage(n, v, what);
                            if (n.has("view")) {
                                views++;
                                if (n.path("view").path("kind").asText().equals("DELTA_VIEW")) deltas++;
                            }
                            if (n.path("payload").has("text")) texts++;
                            if (n.has("names")) names++;
                        }
                        case "gossip" -> {
                            gossip++;
                            assertTrue(n.path("type").isTextual(), what);
                            assertTrue(n.path("group").isTextual(), what);
                            assertTrue(n.path("decoded_with").asText().startsWith(v), "gossip decoded_with: " + what);
                        }
                        case "stream-end" -> {
                            streamEnds++;
                            assertTrue(HOW.contains(n.path("how").asText()), "documented how: " + what);
                        }
                        default -> fail(what);
                    }
                }
            }
        }
        assertTrue(
                views >= 6 && deltas >= 6 && gossip >= 6 && texts >= 54 && names >= 6 && streamEnds >= 2,
                "views " + views + ", deltas " + deltas + ", gossip " + gossip + ", texts " + texts + ", names " + names
                        + ", stream ends " + streamEnds);
    }

    private static void checkMessage(JsonNode n, String version, String what) {
        assertEquals(version, n.path("version").asText(), what);
        assertEquals(version + ".Final", n.path("decoded_with").asText(), what);
        assertTrue(n.path("type").isTextual(), what);
        if (version.startsWith("3")) assertEquals("MESSAGE", n.path("type").asText(), what);
        assertTrue(
                n.path("flags").isInt()
                        && n.path("flags").asInt() >= 0
                        && n.path("flags").asInt() <= 0xffff,
                what);
        assertTrue(n.path("flag_names").isArray(), what);
        assertEquals(n.path("flags").asInt() != 0, n.path("flag_names").size() > 0, "flag names for flags: " + what);
        assertTrue(n.has("src") && n.has("dest"), what);
        assertTrue(n.path("src").isTextual(), "every sample message has a sender: " + what);
        assertTrue(
                n.path("src_addr").asText().matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
                what);
        if (n.path("dest").isNull()) {
            assertFalse(n.has("dest_addr"), what);
            assertTrue(
                    n.path("multicast").asBoolean() || !n.path("type").asText().isEmpty(), what);
        } else {
            assertTrue(n.path("dest_addr").isTextual(), what);
        }
        assertTrue(n.path("multicast").isBoolean(), what);
        assertEquals(n.has("batch_index"), n.has("batch_size"), what);
        if (n.has("batch_index"))
            assertTrue(
                    n.path("batch_index").asInt() >= 0
                            && n.path("batch_index").asInt()
                                    < n.path("batch_size").asInt(),
                    what);
        assertTrue(n.path("headers").isArray(), what);
        for (JsonNode h : n.path("headers")) {
            for (String k : List.of("protocol", "header", "fields", "offset", "length"))
                assertTrue(h.has(k), "header key " + k + ": " + what);
            assertTrue(
                    h.path("fields").isObject()
                            && h.path("offset").asInt() > 0
                            && h.path("length").asInt() > 0,
                    what);
            assertFalse(h.path("protocol").asText().startsWith("id="), "protocol id unknown to the jar: " + what);
        }
        JsonNode p = n.path("payload");
        assertTrue(p.path("length").isInt() && p.path("hex").isTextual(), what);
        assertTrue(p.path("hex").asText().matches("([0-9a-f]{2})*"), what);
        assertTrue(
                p.path("hex").asText().length()
                        <= 2 * Math.min(64, p.path("length").asInt()),
                what);
        if (p.has("text"))
            assertEquals(p.path("length").asInt(), p.path("text").asText().length(), "ascii text: " + what);
        if (n.has("view")) {
            JsonNode v = n.path("view");
            assertTrue(v.path("id").asText().matches("[A-C]\\|\\d+"), "view id with the creator's name: " + what);
            assertTrue(
                    Set.of("VIEW", "MERGE_VIEW", "DELTA_VIEW")
                            .contains(v.path("kind").asText()),
                    what);
            assertTrue(v.path("members").isArray() && v.path("members").size() > 0, what);
            for (JsonNode member : v.path("members"))
                assertTrue(member.asText().matches("[A-C]"), "member name: " + what);
            if (v.path("kind").asText().equals("DELTA_VIEW"))
                assertTrue(
                        v.has("ref_id")
                                && v.path("left").isArray()
                                && v.path("joined").isArray(),
                        what);
        }
        if (n.has("names"))
            for (JsonNode b : n.path("names")) {
                assertTrue(b.path("addr").isTextual() && b.path("name").asText().matches("[A-C]"), what);
                assertTrue(
                        Set.of("discovery", "merge3", "gossip")
                                .contains(b.path("source").asText()),
                        what);
            }
    }

    private static void fail(String what) {
        throw new AssertionError("unexpected line: " + what);
    }

    @Test
    void errorLinesFollowTheDocumentedSchema() throws IOException {
        byte[] cut = Arrays.copyOf(Files.readAllBytes(Decoding.sample("5.5.7", "tcp")), 3000);
        Path file = work.resolve("cut.pcap");
        Files.write(file, cut);
        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", file.toString());
        assertEquals(1, run.exit(), run.err());
        assertFalse(run.errors().isEmpty());
        for (JsonNode e : run.errors()) {
            assertTrue(PROBLEMS.contains(e.path("problem").asText()), e.toString());
            assertTrue(e.path("offset").isIntegralNumber() && e.path("offset").asLong() >= -1, e.toString());
            assertFalse(e.path("message").asText().isBlank(), e.toString());
            assertTrue(e.has("ts") && e.has("frame") && e.has("transport"), e.toString());
        }
    }
}
