package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real captures damaged on purpose, decoded through the command line: what was decodable is still printed, every
 * problem is an error record naming it, decoding goes on after it, and the exit code says so (1).
 */
class BadInputTest {
    @TempDir
    static Path work;

    private static Path udp, tcp;

    @BeforeAll
    static void samples() {
        udp = Decoding.sample("5.5.7", "udp");
        tcp = Decoding.sample("5.5.7", "tcp");
    }

    private static Decoding.Run jsonl(Path input, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("decode", "--format", "jsonl"));
        args.addAll(List.of(options));
        args.add(input.toString());
        return Decoding.cli(work, args.toArray(String[]::new));
    }

    private static Path write(String name, byte[] data) throws IOException {
        Path p = work.resolve(name);
        Files.write(p, data);
        return p;
    }

    /** The JSON lines of messages decoded from packets other than {@code packet}, as text. */
    private static List<String> messagesNotFrom(Decoding.Run run, long packet) {
        return run.messages().stream()
                .filter(n -> n.path("frame").asLong() != packet)
                .map(BadInputTest::withoutView)
                .toList();
    }

    private static List<String> messagesFrom(Decoding.Run run, long packet) {
        return run.messages().stream()
                .filter(n -> n.path("frame").asLong() == packet)
                .map(JsonNode::toString)
                .toList();
    }

    /** Equal lists, reporting the first line that differs. */
    private static void assertSameLines(List<String> want, List<String> got, String what) {
        for (int i = 0; i < Math.min(want.size(), got.size()); i++)
            assertEquals(want.get(i), got.get(i), what + ": line " + i);
        assertEquals(want.size(), got.size(), what + ": lines");
    }

    /** A message line without what depends on earlier packets (names shown, expanded views). */
    private static String withoutView(JsonNode n) {
        StringBuilder headers = new StringBuilder(); // field values can show names: protocol, class and extent only
        for (JsonNode h : n.path("headers"))
            headers.append(h.path("protocol"))
                    .append(h.path("header"))
                    .append(h.path("offset"))
                    .append('+')
                    .append(h.path("length"))
                    .append(' ');
        return n.path("frame") + " " + n.path("src_addr") + ">" + n.path("dest_addr") + " " + n.path("type") + " "
                + headers + n.path("payload");
    }

    // ---- a truncated capture file ----

    @Test
    void captureTruncatedAnywhereKeepsEveryEarlierMessageAndEndsWithAnError() throws IOException {
        for (Path pcap : List.of(udp, tcp)) {
            PcapFile file = PcapFile.read(pcap);
            Decoding.Run full = jsonl(pcap);
            assertEquals(0, full.exit(), full.err());
            List<String> fullLines = Arrays.asList(full.out().split("\n"));
            int checked = 0;
            for (int i = 1; i < file.packets.size(); i += Math.max(1, file.packets.size() / 12)) {
                PcapFile.Packet p = file.packets.get(i);
                long damaged = i + 1; // 1-based number of the record the file ends in
                for (int cut : new int[] {p.offset() + 7, p.dataOffset() + p.data().length / 2}) {
                    Decoding.Run run = jsonl(write("cut.pcap", Arrays.copyOf(file.bytes, cut)));
                    String what = pcap.getFileName() + " cut at " + cut + " (record " + damaged + ")";
                    assertEquals(1, run.exit(), what + ": exit code; " + run.err());
                    // The error is the last line, but for the TCP directions still open when the cut file ended:
                    // each gets its stream-end "capture end" line after it.
                    List<JsonNode> lines = run.json();
                    int end = lines.size();
                    while (end > 0 && isCaptureEnd(lines.get(end - 1))) end--;
                    assertTrue(end > 0, what + ": no lines");
                    JsonNode last = lines.get(end - 1);
                    assertEquals("error", last.path("kind").asText(), what + ": last line " + last);
                    assertTrue(
                            run.errors().stream()
                                    .anyMatch(e -> e.path("problem").asText().equals("truncated")
                                            && e.path("message").asText().contains("record " + damaged)
                                            && e.path("offset").asLong() == p.offset()),
                            what + ": no truncation error naming record " + damaged + " at " + p.offset() + ": "
                                    + run.errors());
                    // Every line of the full decode from the packets before the damage, unchanged and in order.
                    List<String> before = fullLines.stream()
                            .filter(l -> !l.isBlank() && json(l).path("frame").asLong() < damaged)
                            .toList();
                    List<String> got = Arrays.stream(run.out().split("\n"))
                            .filter(l -> !l.isBlank()
                                    && !json(l).path("kind").asText().equals("error")
                                    && !isCaptureEnd(json(l)))
                            .toList();
                    assertEquals(before, got, what);
                    checked++;
                }
            }
            assertTrue(checked >= 20, "offsets checked: " + checked);
        }
    }

    @Test
    void captureCutAtARecordBoundaryIsCleanAndHoldsThoseMessages() throws IOException {
        PcapFile file = PcapFile.read(udp);
        int keep = file.packets.size() / 2;
        Decoding.Run run = jsonl(write(
                "half.pcap", Arrays.copyOf(file.bytes, file.packets.get(keep).offset())));
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains(keep + " packets"), run.err());
        assertTrue(run.messages().stream().allMatch(n -> n.path("frame").asLong() <= keep));
        assertFalse(run.messages().isEmpty());
    }

    private static boolean isCaptureEnd(JsonNode n) {
        return n.path("kind").asText().equals("stream-end")
                && n.path("how").asText().equals("capture end");
    }

    private static JsonNode json(String line) {
        try {
            return new ObjectMapper().readTree(line);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    // ---- byte flips inside JGroups frames ----

    @Test
    void randomByteFlipsInUdpFramesGiveErrorsAndNeverStopTheRest() throws IOException {
        flipBytes(udp, 0);
    }

    @Test
    void randomByteFlipsInsideTcpFramesLeaveTheOtherFramesDecoded() throws IOException {
        flipBytes(tcp, 4); // after the length prefix: the stream stays in step
    }

    private static void flipBytes(Path pcap, int skip) throws IOException {
        PcapFile file = PcapFile.read(pcap);
        Decoding.Run full = jsonl(pcap);
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < file.packets.size(); i++) {
            PcapFile.Packet p = file.packets.get(i);
            if (p.payloadLength() <= skip + 8) continue;
            byte[] payload = PcapFile.payload(p);
            // TCP: only segments that are exactly one length-prefixed frame
            if (skip > 0 && ByteBuffer.wrap(payload).getInt() != payload.length - 4) continue;
            candidates.add(i);
        }
        assertTrue(candidates.size() >= 10, "packets to damage in " + pcap + ": " + candidates.size());
        Random random = new Random(20240601L); // fixed: a failure can be reproduced
        int withErrors = 0, noticed = 0;
        for (int trial = 0; trial < 25; trial++) {
            int index = candidates.get(random.nextInt(candidates.size()));
            PcapFile.Packet p = file.packets.get(index);
            int at = skip + random.nextInt(Math.min(48, p.payloadLength() - skip));
            byte[] bytes = file.bytes.clone();
            int xor = 1 + random.nextInt(255);
            bytes[p.dataOffset() + p.l4Payload() + at] ^= (byte) xor;
            Decoding.Run run = jsonl(write("flip.pcap", bytes));
            String what =
                    pcap.getFileName() + ": packet " + (index + 1) + " byte " + at + " ^ 0x" + Integer.toHexString(xor);
            assertTrue(run.exit() == 0 || run.exit() == 1, what + ": exit " + run.exit() + " " + run.err());
            assertEquals(run.errors().isEmpty() ? 0 : 1, run.exit(), what + ": exit code vs error records");
            if (!run.errors().isEmpty()) withErrors++;
            for (JsonNode e : run.errors())
                assertEquals(index + 1, e.path("frame").asLong(), what + ": error on another packet: " + e);
            assertSameLines(
                    messagesNotFrom(full, index + 1),
                    messagesNotFrom(run, index + 1),
                    what + ": the other packets' messages");
            // The damage shows as an error or as different messages from that packet. Not always: JGroups itself
            // reads some bits as don't-care (Util.readAddress tests flag bits, so 0x02 ^ 0xe4 is still a UUID).
            if (!run.errors().isEmpty() || !messagesFrom(full, index + 1).equals(messagesFrom(run, index + 1)))
                noticed++;
        }
        assertTrue(withErrors >= 3, "only " + withErrors + " of 25 damaged frames were reported in " + pcap);
        assertTrue(noticed >= 20, "only " + noticed + " of 25 damaged frames decoded differently in " + pcap);
    }

    // ---- a TCP length prefix patched to 0x7fffffff ----

    @Test
    void hugeTcpLengthPrefixIsALimitErrorAndDecodingResumesAtTheNextFrame() throws IOException {
        PcapFile file = PcapFile.read(tcp);
        Manifest m = Manifest.read(Manifest.pathFor(tcp));
        int index = file.packetWith(m.sent().get(0).text());
        PcapFile.Packet p = file.packets.get(index);
        byte[] payload = PcapFile.payload(p);
        assertEquals(payload.length - 4, ByteBuffer.wrap(payload).getInt(), "the segment is one length-prefixed frame");
        byte[] bytes = file.bytes.clone();
        ByteBuffer.wrap(bytes).putInt(p.dataOffset() + p.l4Payload(), 0x7fffffff);
        Decoding.Run run = jsonl(write("huge.pcap", bytes));
        assertEquals(1, run.exit(), run.err());
        JsonNode limit = run.errors().stream()
                .filter(e -> e.path("problem").asText().equals("limit"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no limit error: " + run.errors()));
        assertTrue(limit.path("message").asText().contains("2147483647"), limit.toString());
        assertTrue(limit.path("message").asText().contains("--max-frame"), limit.toString());
        assertEquals(index + 1, limit.path("frame").asLong(), "the limit error's packet");
        // Every message completed by a later packet is still there, in the same direction's stream too.
        Decoding.Run full = jsonl(tcp);
        List<String> later = full.messages().stream()
                .filter(n -> n.path("frame").asLong() > index + 1)
                .map(BadInputTest::withoutView)
                .toList();
        List<String> got = run.messages().stream()
                .filter(n -> n.path("frame").asLong() > index + 1)
                .map(BadInputTest::withoutView)
                .toList();
        assertFalse(later.isEmpty());
        assertEquals(later, got, "messages after the bad length prefix");
        Set<String> texts = new HashSet<>(run.texts());
        long lost = m.sent().stream().filter(s -> !texts.contains(s.text())).count();
        assertTrue(lost <= 2, "chat texts lost with the damaged frame: " + lost); // the damaged frame's own
    }

    // ---- a frame from an unknown JGroups version ----

    @Test
    void unknownVersionShortIsReportedByNameAndTheRestDecodes() throws IOException {
        PcapFile file = PcapFile.read(udp);
        Manifest m = Manifest.read(Manifest.pathFor(udp));
        int index = file.packetWith(m.sent().get(3).text());
        PcapFile.Packet p = file.packets.get(index);
        byte[] bytes = file.bytes.clone();
        ByteBuffer.wrap(bytes).putShort(p.dataOffset() + p.l4Payload(), (short) 0x29c1); // 5<<11 | 7<<6 | 1
        Decoding.Run run = jsonl(write("version.pcap", bytes));
        assertEquals(1, run.exit(), run.err());
        assertEquals(1, run.errors().size(), run.errors().toString());
        JsonNode e = run.errors().get(0);
        assertEquals("unsupported_version", e.path("problem").asText());
        assertTrue(e.path("message").asText().contains("5.7.1"), e.toString());
        assertEquals(index + 1, e.path("frame").asLong());
        Decoding.Run full = jsonl(udp);
        assertSameLines(messagesNotFrom(full, index + 1), messagesNotFrom(run, index + 1), "the other frames");
        assertFalse(run.texts().contains(m.sent().get(3).text()));
    }

    // ---- inputs that are not captures ----

    @Test
    void garbageIsAnErrorNotACrash() throws IOException {
        byte[] junk = new byte[20000];
        new Random(7).nextBytes(junk);
        junk[0] = 0x01; // not a version byte: read as a stream of frames
        Decoding.Run run = jsonl(write("junk.bin", junk));
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.messages().isEmpty(), "messages from garbage: " + run.messages());
        assertFalse(run.errors().isEmpty());
        assertTrue(run.err().contains("error"), run.err());
    }

    @Test
    void emptyFileIsOneEmptyInputLineAndExitOne() throws IOException {
        Decoding.Run run = jsonl(write("empty", new byte[0]));
        assertEquals(1, run.exit(), run.err());
        assertEquals("", run.out().strip());
        assertTrue(run.err().strip().endsWith("empty: empty input"), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
    }

    @Test
    void emptyPcapWithOnlyItsHeaderDecodesToNothing() throws IOException {
        Decoding.Run run = jsonl(write("header-only.pcap", PcapFile.read(udp).header));
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.out().strip());
    }

    // ---- options ----

    @Test
    void portNarrowsToOneMembersTraffic() throws IOException {
        Manifest m = Manifest.read(Manifest.pathFor(udp));
        String port =
                m.member("B").physical().substring(m.member("B").physical().lastIndexOf(':') + 1);
        Decoding.Run all = jsonl(udp);
        Decoding.Run run = jsonl(udp, "--port", port);
        assertEquals(0, run.exit(), run.err());
        List<JsonNode> msgs = run.messages();
        assertFalse(msgs.isEmpty());
        assertTrue(
                msgs.size() < all.messages().size(),
                msgs.size() + " of " + all.messages().size());
        for (JsonNode n : msgs)
            assertTrue(
                    n.path("src_ep").asText().endsWith(":" + port)
                            || n.path("dst_ep").asText().endsWith(":" + port),
                    "not B's traffic: " + n);
        assertTrue(
                run.texts()
                        .containsAll(List.of("chat B#1 to all", "chat B#2 to all", "chat B#3 to C", "chat A#3 to B")),
                "B's chat: " + run.texts());
        assertFalse(run.texts().contains("chat A#1 to all"), "A's multicast went to the group, not to B's port");
    }

    @Test
    void forcingTheWrongVersionGivesErrorsNotSilence() throws IOException {
        Decoding.Run run = jsonl(udp, "--jgroups-version", "3.6.20");
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.errors().size() >= 10, "errors: " + run.errors().size() + "; " + run.err());
        assertTrue(run.err().matches("(?s).*[1-9][0-9]* errors.*"), run.err());
    }

    @Test
    void aBundledJarGivenWithJgroupsJarDecodesTheCapture() throws IOException {
        Path jar = Decoding.home().resolve("jgroups").resolve("jgroups-5.5.7.Final.jar");
        assertTrue(Files.isRegularFile(jar), jar.toString());
        Manifest m = Manifest.read(Manifest.pathFor(udp));
        Decoding.Run run = jsonl(udp, "--jgroups-jar", jar.toString());
        assertEquals(0, run.exit(), run.err());
        for (Manifest.SentMessage s : m.sent()) assertTrue(run.texts().contains(s.text()), s.text());
        for (JsonNode n : run.messages())
            assertTrue(n.path("decoded_with").asText().contains("5.5.7"), n.toString());
    }

    @Test
    void missingInputIsAnIoError() throws IOException {
        Decoding.Run run =
                Decoding.cli(work, "decode", work.resolve("no-such.pcap").toString());
        assertEquals(3, run.exit(), run.err());
        assertTrue(run.err().contains("no-such.pcap"), run.err());
        Decoding.Run jar = Decoding.cli(
                work, "decode", "--jgroups-jar", work.resolve("no.jar").toString(), udp.toString());
        assertEquals(3, jar.exit(), jar.err());
    }

    @Test
    void usageErrorsExitWithTwo() throws IOException {
        String u = udp.toString();
        List<List<String>> bad = List.of(
                List.of("decode"),
                List.of("decode", "--format", "xml", u),
                List.of("decode", "--port", "70000", u),
                List.of("decode", "--max-frame", "0", u),
                List.of("decode", "--jgroups-version", "five", u),
                List.of("decode", "--no-such-option", u),
                List.of("decode", "--input-format", "wav", u),
                List.of(),
                List.of("frobnicate"));
        for (List<String> args : bad) {
            Decoding.Run run = Decoding.cli(work, args.toArray(String[]::new));
            assertEquals(2, run.exit(), args + ": " + run.err());
            assertNotEquals("", run.err().strip(), args + " says nothing on stderr");
        }
    }
}
