package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real captures damaged the way hostile or broken input is, decoded through {@code jgwire decode}: every damaged
 * frame is an error record (nothing vanishes as "not JGroups"), the intact messages of every other frame are all
 * there, no error text is a Java exception's, and the exit code is 1.
 */
class HostileCaptureTest {
    @TempDir
    static Path work;

    private static Path udp, tcp;
    private static PcapFile udpFile, tcpFile;
    private static Decoding.Run udpFull, tcpFull;

    @BeforeAll
    static void samples() throws IOException {
        udp = Decoding.sample("5.5.7", "udp");
        udpFile = PcapFile.read(udp);
        udpFull = jsonl(udp);
        assertEquals(0, udpFull.exit(), udpFull.err());
        tcp = Decoding.sample("5.5.7", "tcp");
        tcpFile = PcapFile.read(tcp);
        tcpFull = jsonl(tcp);
        assertEquals(0, tcpFull.exit(), tcpFull.err());
    }

    /** Every message line with its frame number and time, without what depends on earlier packets. */
    static List<String> messageLines(Decoding.Run run) {
        return run.messages().stream()
                .map(n -> n.path("frame") + " " + n.path("ts") + " " + n.path("src_ep") + ">" + n.path("dst_ep") + " "
                        + n.path("type") + " " + n.path("payload"))
                .toList();
    }

    /** TCP packets that carry exactly one length-prefixed frame, from the tenth on. */
    private static List<Integer> tcpFramePackets() {
        List<Integer> out = new ArrayList<>();
        for (int i = 10; i < tcpFile.packets.size(); i++) {
            PcapFile.Packet p = tcpFile.packets.get(i);
            if (p.protocol() != 6 || p.payloadLength() <= 8) continue;
            byte[] payload = PcapFile.payload(p);
            if (ByteBuffer.wrap(payload).getInt() == payload.length - 4) out.add(i);
        }
        assertTrue(out.size() >= 6, "packets: " + out);
        return out;
    }

    static Decoding.Run jsonl(Path input, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("decode", "--format", "jsonl"));
        args.addAll(List.of(options));
        args.add(input.toString());
        Decoding.Run run = Decoding.cli(work, args.toArray(String[]::new));
        assertFalse(run.err().contains("\tat "), "stack trace: " + run.err());
        for (JsonNode e : run.errors()) {
            String m = e.path("message").asText();
            assertFalse(m.matches("(?s).*(Exception|[A-Z][a-z]+Error)\\b.*"), "a Java exception's text: " + m);
        }
        return run;
    }

    static Path write(String name, byte[] data) throws IOException {
        Path p = work.resolve(name);
        Files.write(p, data);
        return p;
    }

    /** Messages of packets other than {@code packet}, without what depends on earlier packets (names, views). */
    static List<String> messagesNotFrom(Decoding.Run run, long packet) {
        return run.messages().stream()
                .filter(n -> n.path("frame").asLong() != packet)
                .map(n -> n.path("frame") + " " + n.path("src_ep") + ">" + n.path("dst_ep") + " " + n.path("type") + " "
                        + n.path("payload"))
                .toList();
    }

    /** The damage is reported on the damaged packet only, exit 1, every other packet's messages as before. */
    static void assertReportedAndRestIntact(Decoding.Run full, Decoding.Run run, long packet, String what) {
        assertEquals(1, run.exit(), what + ": exit code; " + run.err());
        assertFalse(run.errors().isEmpty(), what + ": no error record");
        for (JsonNode e : run.errors())
            assertEquals(packet, e.path("frame").asLong(), what + ": error on another packet: " + e);
        assertEquals(messagesNotFrom(full, packet), messagesNotFrom(run, packet), what + ": the other packets");
    }

    /** UDP JGroups packets after the first ten (by then every member's endpoints carried JGroups). */
    private static List<Integer> laterUdpPackets() {
        List<Integer> out = new ArrayList<>();
        for (int i = 10; i < udpFile.packets.size(); i += 3)
            if (udpFile.packets.get(i).protocol() == 17) out.add(i);
        assertTrue(out.size() >= 5, "packets: " + out);
        return out;
    }

    // ---- item: nothing silent ----

    @Test
    void damagedDatagramsBetweenJGroupsEndpointsAreErrorsNotOtherTraffic() throws IOException {
        int checked = 0;
        for (int index : laterUdpPackets()) {
            PcapFile.Packet p = udpFile.packets.get(index);
            int ip = p.dataOffset() + 14;
            int[][] damages = { // offset in the packet's IP header or UDP payload, xor
                {6, 0x20}, // IPv4 "more fragments": a fragment that never completes
                {9, 0x0F}, // the protocol byte: 17 becomes 30
                {p.l4Payload() - 14, 0xFF} // the version short's first byte
            };
            for (int[] d : damages) {
                byte[] bytes = udpFile.bytes.clone();
                bytes[ip + d[0]] ^= (byte) d[1];
                String what = "packet " + (index + 1) + " IP byte " + d[0] + " ^ " + d[1];
                assertReportedAndRestIntact(udpFull, jsonl(write("damaged.pcap", bytes)), index + 1, what);
                checked++;
            }
        }
        assertTrue(checked >= 15, "damages checked: " + checked);
    }

    // ---- item: flags on data segments ----

    @Test
    void resetFinOrSynFlagOnADataSegmentLosesNoMessage() throws IOException {
        List<Integer> packets = tcpFramePackets();
        int checked = 0;
        for (int index : List.of(packets.get(0), packets.get(packets.size() / 2))) {
            PcapFile.Packet p = tcpFile.packets.get(index);
            int flags = p.dataOffset() + 14 + 20 + 13; // IPv4 header without options, then TCP's flags byte
            for (int flag : new int[] {0x04, 0x01, 0x02}) {
                byte[] bytes = tcpFile.bytes.clone();
                bytes[flags] |= (byte) flag;
                Decoding.Run run = jsonl(write("flags.pcap", bytes));
                String what = "packet " + (index + 1) + " flag 0x0" + flag;
                assertEquals(1, run.exit(), what + ": exit code; " + run.err());
                for (JsonNode e : run.errors())
                    assertTrue(
                            e.path("frame").asLong() == index + 1
                                    || e.path("message").asText().contains("packet " + (index + 1)),
                            what + ": an error that names neither the damaged packet nor its flag: " + e);
                assertEquals(messageLines(tcpFull), messageLines(run), what + ": every message, where it was");
                checked++;
            }
        }
        assertEquals(6, checked);
    }

    // ---- item: TCP gaps ----

    @Test
    void aSegmentMissingFromTheCaptureCostsOnlyItsFrameAndTheRestKeepTheirPackets() throws IOException {
        List<Integer> packets = tcpFramePackets();
        int index = packets.get(packets.size() / 3);
        PcapFile.Packet p = tcpFile.packets.get(index);
        byte[] bytes = tcpFile.bytes.clone();
        ByteBuffer.wrap(bytes).putShort(p.dataOffset() + 12, (short) 0x88B5); // an ethertype that is no IP: gone
        Decoding.Run run = jsonl(write("missing.pcap", bytes));
        assertEquals(1, run.exit(), run.err());
        List<JsonNode> gaps = run.errors().stream()
                .filter(e -> e.path("problem").asText().equals("gap"))
                .toList();
        assertEquals(1, gaps.size(), run.errors().toString());
        assertTrue(gaps.get(0).path("frame").asLong() < tcpFile.packets.size(), "declared before the end: " + gaps);
        List<String> want = messageLines(tcpFull).stream()
                .filter(l -> !l.startsWith((index + 1) + " "))
                .toList();
        assertEquals(want, messageLines(run), "every other message, with its own frame number and time");
    }

    // ---- item: one budget on held bytes ----

    @Test
    void heldBytesBudgetIsAnOptionCheckedLikeTheOthers() throws IOException {
        Decoding.Run bad = Decoding.cli(work, "decode", "--max-held-bytes", "0", tcp.toString());
        assertEquals(2, bad.exit(), bad.err());
        assertTrue(bad.err().contains("--max-held-bytes must be positive, got 0"), bad.err());
        Decoding.Run ok = jsonl(tcp, "--max-held-bytes", "100000");
        assertEquals(messageLines(tcpFull), messageLines(ok), "an intact capture fits any budget");
    }

    @Test
    void unknownLinkTypeIsAnErrorNamingIt() throws IOException {
        byte[] bytes = udpFile.bytes.clone();
        ByteBuffer.wrap(bytes).order(udpFile.order).putInt(20, 147);
        Decoding.Run run = jsonl(write("link147.pcap", bytes));
        assertEquals(1, run.exit(), run.err());
        assertEquals(1, run.errors().size(), run.errors().toString());
        assertTrue(
                run.errors().get(0).path("message").asText().contains("link type 147"),
                run.errors().toString());
    }

    @Test
    void badPcapngByteOrderMagicIsAnErrorRecord() throws IOException {
        byte[] bytes = Files.readAllBytes(udp);
        bytes[8] ^= 0x55;
        Decoding.Run run = jsonl(write("order.pcapng", bytes));
        assertEquals(1, run.exit(), run.err());
        assertEquals(1, run.errors().size(), run.errors().toString());
        JsonNode e = run.errors().get(0);
        assertEquals("malformed", e.path("problem").asText(), e.toString());
        assertTrue(e.path("message").asText().contains("byte-order magic"), e.toString());
    }

    @Test
    void aStrayNulInHexTextCostsOneLineNotTheInput() throws IOException {
        StringBuilder hex = new StringBuilder();
        List<Long> lineOf = new ArrayList<>(); // the packet of each line
        for (int i = 0; i < udpFile.packets.size(); i++) {
            PcapFile.Packet p = udpFile.packets.get(i);
            if (p.protocol() != 17) continue;
            hex.append(HexFormat.of().formatHex(PcapFile.payload(p))).append('\n');
            lineOf.add(i + 1L);
        }
        byte[] text = hex.toString().getBytes(StandardCharsets.US_ASCII);
        Decoding.Run clean = jsonl(write("clean.txt", text));
        assertEquals(0, clean.exit(), clean.err());
        int third = hex.indexOf("\n", hex.indexOf("\n", hex.indexOf("\n") + 1) + 1) + 1; // line 4
        text[third + 6] = 0;
        Decoding.Run run = jsonl(write("nul.txt", text));
        assertEquals(1, run.exit(), run.err());
        assertEquals(1, run.errors().size(), run.errors().toString());
        assertEquals(4, run.errors().get(0).path("frame").asLong(), "the line with the NUL");
        assertEquals(messagesNotFrom(clean, 4), messagesNotFrom(run, 4), "every other line");
        assertTrue(lineOf.size() > 20, "lines: " + lineOf.size());
    }
}
