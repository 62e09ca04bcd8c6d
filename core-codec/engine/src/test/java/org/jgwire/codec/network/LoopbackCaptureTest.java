package org.jgwire.codec.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.PcapReader;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.codec.capture.RawPacket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real captures on loopback, made by the real tools: tcpdump (pcap) and dumpcap (pcapng). Both must give back,
 * through the readers and the dissector, exactly the UDP payloads the test sent. Needs capture rights on lo.
 */
class LoopbackCaptureTest {
    @TempDir
    Path dir;

    @Test
    void pcapWrittenByTcpdumpGivesBackTheSentPayloads() throws Exception {
        List<String> tool = onPath("tcpdump")
                ? List.of("tcpdump", "-i", "lo", "-n", "-U", "--immediate-mode", "-w")
                : onPath("dumpcap") ? List.of("dumpcap", "-q", "-i", "lo", "-P", "-w") : null;
        roundTrip(tool, "loopback.pcap", false);
    }

    @Test
    void pcapngWrittenByDumpcapGivesBackTheSentPayloads() throws Exception {
        // dumpcap 4.0 writes pcapng by default; -n says so explicitly (newer versions also take -F pcapng).
        List<String> tool = onPath("dumpcap") ? List.of("dumpcap", "-q", "-i", "lo", "-n", "-w") : null;
        roundTrip(tool, "loopback.pcapng", true);
    }

    private void roundTrip(List<String> tool, String fileName, boolean pcapng) throws Exception {
        if (tool == null) {
            fail("neither tcpdump nor dumpcap is on PATH (" + System.getenv("PATH") + "): this test makes a real "
                    + "capture on loopback; install tcpdump and/or wireshark's dumpcap (apt-get install tcpdump"
                    + " tshark)");
        }
        Path file = dir.resolve(fileName);
        Path log = dir.resolve(fileName + ".log");
        List<byte[]> sent = new ArrayList<>();
        try (DatagramSocket receiver = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                DatagramSocket sender =
                        new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            int port = receiver.getLocalPort();
            List<String> cmd = new ArrayList<>(tool);
            cmd.add(file.toString());
            if (cmd.get(0).equals("dumpcap")) cmd.add("-f");
            cmd.add("udp port " + port);
            Process capture = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            try {
                awaitListening(capture, log, cmd);
                receiver.setSoTimeout(5000);
                for (int i = 0; i < 6; i++) {
                    byte[] payload = payload(i);
                    sent.add(payload);
                    sender.send(new DatagramPacket(payload, payload.length, receiver.getLocalSocketAddress()));
                    receiver.receive(new DatagramPacket(new byte[65536], 65536)); // delivered, so on the wire
                }
                Thread.sleep(1200); // past the ring buffer timeout (1 s), in case immediate mode is not honoured
            } finally {
                capture.destroy(); // SIGTERM: both tools flush and close the file
                if (!capture.waitFor(10, TimeUnit.SECONDS)) capture.destroyForcibly();
            }
            List<byte[]> got = dissectAll(file, pcapng, port);
            assertEquals(
                    sent.size(),
                    got.size(),
                    () -> "datagrams to port " + port + " in " + fileName + "; " + String.join(" ", cmd) + " said: "
                            + read(log));
            for (int i = 0; i < sent.size(); i++) {
                assertTrue(Arrays.equals(sent.get(i), got.get(i)), "payload " + i + " differs");
            }
        }
    }

    private static byte[] payload(int i) {
        // Sizes from tiny (Ethernet padding on real NICs) to far beyond 1500 (one record, no IP fragments on lo).
        int[] sizes = {1, 17, 100, 1472, 9000, 40000};
        byte[] b = new byte[sizes[i]];
        byte[] tag = ("datagram " + i + " ").getBytes(StandardCharsets.US_ASCII);
        for (int k = 0; k < b.length; k++) b[k] = k < tag.length ? tag[k] : (byte) (k * 31 + i);
        return b;
    }

    private static List<byte[]> dissectAll(Path file, boolean pcapng, int port) throws IOException {
        byte[] head = new byte[12];
        try (InputStream in = Files.newInputStream(file)) {
            assertEquals(12, in.readNBytes(head, 0, 12), "capture file too short: " + file);
        }
        assertEquals(pcapng, PcapngReader.isPcapngMagic(head, 0), "pcapng magic");
        assertEquals(!pcapng, PcapReader.isPcapMagic(head, 0), "pcap magic");
        List<byte[]> got = new ArrayList<>();
        NetworkDissector dissector = new NetworkDissector(
                Limits.DEFAULTS, e -> fail("packet " + e.frame().packet() + ": " + e.problem() + " " + e.message()));
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        long lastNumber = 0;
        try (CaptureSource source = pcapng ? new PcapngReader(ch) : new PcapReader(ch)) {
            for (Captured c; (c = source.next()) != null; ) {
                RawPacket p = (RawPacket) c;
                assertEquals(lastNumber + 1, p.number());
                lastNumber = p.number();
                assertTrue(p.tsNanos() > 1_600_000_000_000_000_000L, "a real timestamp: " + p.tsNanos());
                if (dissector.dissect(p) instanceof UdpDatagram u && u.dst().port() == port) {
                    assertEquals("127.0.0.1", u.dst().ip());
                    got.add(Arrays.copyOfRange(u.data(), u.offset(), u.offset() + u.length()));
                }
            }
        }
        return got;
    }

    private static void awaitListening(Process capture, Path log, List<String> cmd) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline) {
            String said = read(log);
            if (said.contains("listening on") || said.contains("Capturing on")) {
                Thread.sleep(200);
                return;
            }
            if (!capture.isAlive()) fail(String.join(" ", cmd) + " exited with " + capture.exitValue() + ": " + said);
            Thread.sleep(50);
        }
        fail(String.join(" ", cmd) + " did not start capturing within 15 s: " + read(log));
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String d : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, tool))) return true;
        }
        return false;
    }
}
