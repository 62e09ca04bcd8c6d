package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Forty TCP connections whose first data segment the capture missed: everything behind each hole is held, in the
 * first report 40 x 8 MiB in a 336 MB capture, which ended {@code jgwire decode -Xmx256m} in an uncaught
 * OutOfMemoryError with a stack trace and nothing on stdout. Here the same pressure at a smaller scale: 40
 * connections of 1 MiB behind their hole (a frame of zeros, then three real chat frames) in a child JVM of 40 MiB of
 * heap, with a held-bytes budget of 2 MB. The capture is generated into a temporary file, never committed.
 */
class HeldBytesOutOfMemoryTest {
    private static final int CONNECTIONS = 40, BEHIND_HOLE = 1 << 20, SEGMENT = 1460;

    @TempDir
    Path work;

    @Test
    void fortyConnectionsMissingTheirFirstSegmentEndInErrorRecordsNotAnOutOfMemoryError() throws Exception {
        byte[] chat = chatFrame();
        Path capture = work.resolve("forty-holes.pcap");
        writeCapture(capture, chat);
        Path out = work.resolve("out.jsonl"), err = work.resolve("err.txt");
        Path home = Decoding.home();
        // the command the launcher runs, its JGWIRE_JAVA_OPTS set to a small heap
        List<String> cmd = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx40m",
                "-XX:+UseSerialGC",
                "-Djgwire.home=" + home,
                "-cp",
                home.resolve("lib") + File.separator + "*",
                "org.jgwire.cli.Main",
                "decode",
                "--format",
                "jsonl",
                "--max-held-bytes",
                "2000000",
                capture.toString());
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "decode did not finish");
        String stderr = Files.readString(err);
        assertEquals(1, p.exitValue(), stderr);
        assertFalse(stderr.contains("\tat ") || stderr.contains("OutOfMemoryError"), stderr);
        List<JsonNode> records = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(out)) records.add(json.readTree(line));
        assertFalse(records.isEmpty(), "stdout is empty; stderr: " + stderr);
        long budgetErrors = records.stream()
                .filter(r -> r.path("kind").asText().equals("error"))
                .filter(r -> r.path("message").asText().contains("--max-held-bytes"))
                .count();
        assertTrue(budgetErrors > 0, "no error record for the bytes given up; stderr: " + stderr);
        long chats = records.stream()
                .filter(r -> r.path("kind").asText().equals("message"))
                .filter(r -> r.path("payload").path("text").asText().startsWith("chat "))
                .count();
        assertEquals(3 * CONNECTIONS, chats, "the chat frames after each connection's hole");
    }

    /** A real TCP frame of the 5.5.7 sample carrying a chat message, with its length prefix. */
    private static byte[] chatFrame() throws IOException {
        PcapFile file = PcapFile.read(Decoding.sample("5.5.7", "tcp"));
        for (PcapFile.Packet p : file.packets) {
            if (p.protocol() != 6 || p.payloadLength() <= 8) continue;
            byte[] payload = PcapFile.payload(p);
            if (ByteBuffer.wrap(payload).getInt() == payload.length - 4
                    && PcapFile.indexOf(payload, "chat ".getBytes(StandardCharsets.US_ASCII)) >= 0) return payload;
        }
        throw new AssertionError("no TCP chat frame in the sample");
    }

    /**
     * Each connection: a SYN, then its first data segment missing (a handshake and the head of a frame), then the
     * rest of that frame ({@link #BEHIND_HOLE} zero bytes) and three chat frames, segment by segment, the connections
     * taking turns, all within one second of capture time and with no ACK from the peer: every byte is held.
     */
    private static void writeCapture(Path file, byte[] chat) throws IOException {
        try (DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
            out.writeInt(0xa1b2c3d4); // classic pcap, microseconds, big-endian
            out.writeShort(2);
            out.writeShort(4);
            out.writeInt(0);
            out.writeInt(0);
            out.writeInt(65535);
            out.writeInt(1); // Ethernet
            long[] seq = new long[CONNECTIONS];
            int us = 0;
            for (int c = 0; c < CONNECTIONS; c++) {
                seq[c] = 1000L * c;
                packet(out, us++, c, seq[c], 0x02, new byte[0]); // SYN
                seq[c] += 1 + SEGMENT; // the first data segment is missing
            }
            byte[] tail = new byte[3 * chat.length];
            for (int i = 0; i < 3; i++) System.arraycopy(chat, 0, tail, i * chat.length, chat.length);
            byte[] zeros = new byte[SEGMENT];
            for (int sent = 0; sent < BEHIND_HOLE + tail.length; sent += SEGMENT)
                for (int c = 0; c < CONNECTIONS; c++) {
                    byte[] data = zeros;
                    if (sent + SEGMENT > BEHIND_HOLE) { // the last zeros and the chat frames
                        data = new byte[Math.min(SEGMENT, BEHIND_HOLE + tail.length - sent)];
                        for (int i = 0; i < data.length; i++)
                            data[i] = sent + i < BEHIND_HOLE ? 0 : tail[sent + i - BEHIND_HOLE];
                    }
                    packet(out, us++ / 40, c, seq[c], 0x18, data); // PSH, ACK (of nothing the peer sent)
                    seq[c] += data.length;
                }
        }
    }

    private static void packet(DataOutputStream out, int us, int c, long seq, int flags, byte[] data)
            throws IOException {
        int ipLength = 20 + 20 + data.length;
        out.writeInt(0); // seconds
        out.writeInt(us);
        out.writeInt(14 + ipLength);
        out.writeInt(14 + ipLength);
        out.write(new byte[12]); // MAC addresses
        out.writeShort(0x0800);
        out.writeByte(0x45); // IPv4, 20 bytes of header
        out.writeByte(0);
        out.writeShort(ipLength);
        out.writeInt(0x4000); // id 0, don't fragment
        out.writeByte(64);
        out.writeByte(6);
        out.writeShort(0); // checksum: not checked
        out.write(new byte[] {10, 0, (byte) (c / 200), (byte) (1 + c % 200)});
        out.write(new byte[] {10, 0, 9, 9});
        out.writeShort(40000 + c);
        out.writeShort(7800);
        out.writeInt((int) seq);
        out.writeInt(0);
        out.writeByte(5 << 4);
        out.writeByte(flags);
        out.writeShort(65535);
        out.writeInt(0); // checksum, urgent pointer
        out.write(data);
    }
}
