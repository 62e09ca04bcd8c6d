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

    private static Path udp;
    private static PcapFile udpFile;
    private static Decoding.Run udpFull;

    @BeforeAll
    static void samples() throws IOException {
        udp = Decoding.sample("5.5.7", "udp");
        udpFile = PcapFile.read(udp);
        udpFull = jsonl(udp);
        assertEquals(0, udpFull.exit(), udpFull.err());
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
