package org.jgwire.codec.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.jgwire.codec.model.Endpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real tshark output: UDP datagrams and one TCP conversation sent on 127.0.0.1, captured with tcpdump on lo,
 * then printed by tshark in each way users pipe it into ParseMessages. Every chunk read back must equal what was
 * sent. Skipped where tcpdump or tshark is missing or may not capture.
 */
class TsharkOutputTest {
    private static Path dir;
    private static Path pcap;
    private static final List<byte[]> datagrams = new ArrayList<>();
    private static final ByteArrayOutputStream clientSent = new ByteArrayOutputStream();
    private static final ByteArrayOutputStream serverSent = new ByteArrayOutputStream();
    private static int udpPort;
    private static int clientPort;
    private static int serverPort;

    @BeforeAll
    static void captureTraffic() throws Exception {
        Assertions.assertTrue(
                runs("tcpdump", "--version") && runs("tshark", "--version"),
                "tcpdump and tshark are needed (.ci/run installs them)");
        dir = Files.createTempDirectory("jgwire-tshark");
        pcap = dir.resolve("lo.pcap");
        try (DatagramSocket udp = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            udpPort = udp.getLocalPort();
            serverPort = server.getLocalPort();
            Path log = dir.resolve("tcpdump.log");
            Process tcpdump = new ProcessBuilder(
                            "tcpdump",
                            "-i",
                            "lo",
                            "--immediate-mode",
                            "-U",
                            "-s",
                            "0",
                            "-w",
                            pcap.toString(),
                            "udp dst port " + udpPort + " or tcp port " + serverPort)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!Files.readString(log).contains("listening on")) {
                    Assertions.assertTrue(
                            tcpdump.isAlive() && System.nanoTime() < deadline,
                            () -> "tcpdump cannot capture on lo: " + read(log));
                    Thread.sleep(20);
                }
                sendDatagrams(udp);
                converse(server);
                awaitQuietFile(pcap);
            } finally {
                tcpdump.destroy(); // SIGTERM: tcpdump flushes and closes the file
                tcpdump.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static void sendDatagrams(DatagramSocket udp) throws IOException {
        Random random = new Random(42);
        int[] sizes = {3, 17, 64, 500, 1400, 8000, 1, 2, 60000};
        try (DatagramSocket sender = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            for (int size : sizes) {
                byte[] d = new byte[size];
                random.nextBytes(d);
                d[0] = 0x29; // version 5.5.7 first, as a JGroups frame has
                datagrams.add(d);
                sender.send(new DatagramPacket(d, d.length, udp.getLocalSocketAddress()));
            }
        }
    }

    /**
     * The client sends the "bela" handshake and frames, among them one longer than a segment; the server reads
     * all the while (a full window would bring retransmissions) and replies to each.
     */
    private static void converse(ServerSocket server) throws Exception {
        Random random = new Random(7);
        List<byte[]> writes = new ArrayList<>();
        writes.add(new byte[] {0x62, 0x65, 0x6c, 0x61, 0x29, 0x47, 0x00, 0x06, 0x7f, 0x00, 0x00, 0x01, 0x1e, 0x78
        }); // "bela", version, addr_size, 127.0.0.1:7800
        for (int len : new int[] {20, 300, 150_000, 5}) {
            byte[] frame = new byte[4 + len];
            random.nextBytes(frame);
            ByteBuffer.wrap(frame).putInt(len);
            writes.add(frame);
        }
        int total = writes.stream().mapToInt(b -> b.length).sum();
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                Socket accepted = server.accept()) {
            clientPort = client.getLocalPort();
            Thread reader = new Thread(() -> {
                try {
                    accepted.getInputStream().readNBytes(total);
                } catch (IOException ignored) {
                    // the assertions on the capture tell what arrived
                }
            });
            reader.start();
            for (byte[] w : writes) {
                write(client.getOutputStream(), clientSent, w);
                byte[] reply = new byte[40 + w.length % 97];
                random.nextBytes(reply);
                write(accepted.getOutputStream(), serverSent, reply);
                Thread.sleep(20);
            }
            reader.join(10_000);
            client.getInputStream().readNBytes(serverSent.size());
        }
    }

    /** Waits until tcpdump has written everything: the file stops growing. */
    private static void awaitQuietFile(Path f) throws Exception {
        long last = -1;
        int quiet = 0;
        for (int i = 0; i < 100 && quiet < 5; i++) {
            Thread.sleep(100);
            long size = Files.size(f);
            quiet = size == last ? quiet + 1 : 0;
            last = size;
        }
    }

    private static void write(OutputStream out, ByteArrayOutputStream log, byte[] b) throws IOException {
        out.write(b);
        out.flush();
        log.write(b);
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (dir == null || Boolean.getBoolean("jgwire.keepCaptures")) return;
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) Files.delete(f);
        }
        Files.delete(dir);
    }

    @Test
    void readsUdpPayloadLinesAsTheSentDatagrams() throws Exception {
        Path out = tshark("udp.txt", "-r", pcap.toString(), "-T", "fields", "-e", "udp.payload", "udp");
        try (CaptureSource source = InputOpener.open(out.toString(), InputHints.AUTO)) {
            assertInstanceOf(HexLineSource.class, source);
            List<PayloadChunk> chunks = TextInputs.readAll(source);
            assertDatagrams(chunks);
            assertEquals(List.of(), ((HexLineSource) source).drainProblems());
        }
    }

    @Test
    void readsNumberTimeAndPayloadColumnsWithTheCaptureTime() throws Exception {
        long before = System.currentTimeMillis();
        Path out = tshark(
                "udp-cols.txt",
                "-r",
                pcap.toString(),
                "-T",
                "fields",
                "-e",
                "frame.number",
                "-e",
                "frame.time_epoch",
                "-e",
                "udp.payload");
        try (CaptureSource source = InputOpener.open(out.toString(), InputHints.AUTO)) {
            List<PayloadChunk> chunks = TextInputs.readAll(source);
            assertDatagrams(chunks);
            for (PayloadChunk c : chunks) {
                long ageMs = before - c.tsNanos() / 1_000_000;
                assertTrue(ageMs >= 0 && ageMs < 600_000, "time " + c.tsNanos() + " is not when it was captured");
            }
        }
    }

    @Test
    void readsQuotedCommaSeparatedDataColumns() throws Exception {
        Path out = tshark(
                "udp-csv.txt",
                "-r",
                pcap.toString(),
                "-T",
                "fields",
                "-E",
                "separator=,",
                "-E",
                "quote=d",
                "-e",
                "frame.number",
                "-e",
                "udp.srcport",
                "-e",
                "data",
                "udp");
        try (CaptureSource source = InputOpener.open(out.toString(), InputHints.AUTO)) {
            assertDatagrams(TextInputs.readAll(source));
        }
    }

    @Test
    void takesThePayloadAndNotTheColonSeparatedMacAddress() throws Exception {
        // the first datagrams are shorter than a MAC address: the longest hex field alone would pick eth.src
        Path out = tshark("udp-eth.txt", "-r", pcap.toString(), "-T", "fields", "-e", "eth.src", "-e", "udp.payload");
        try (CaptureSource source = InputOpener.open(out.toString(), InputHints.AUTO)) {
            assertTrue(Files.readString(out).startsWith("00:00:00:00:00:00\t"));
            assertDatagrams(TextInputs.readAll(source));
        }
    }

    @Test
    void readsUdpPayloadLinesPipedToStdin() throws Exception {
        Path out = tshark("udp-stdin.txt", "-r", pcap.toString(), "-T", "fields", "-e", "udp.payload", "udp");
        InputStream saved = System.in;
        try (InputStream in = Files.newInputStream(out)) {
            System.setIn(in);
            try (CaptureSource source = InputOpener.open("-", InputHints.AUTO)) {
                assertDatagrams(TextInputs.readAll(source));
            }
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void readsTcpPayloadLinesOfOneDirectionAsItsStream() throws Exception {
        Path out = tshark(
                "tcp.txt",
                "-r",
                pcap.toString(),
                "-T",
                "fields",
                "-e",
                "tcp.payload",
                "-Y",
                "tcp.dstport == " + serverPort + " && tcp.len > 0 && !tcp.analysis.retransmission");
        try (CaptureSource source = InputOpener.open(out.toString(), new InputHints(true, null))) {
            List<PayloadChunk> chunks = TextInputs.readAll(source);
            assertTrue(chunks.size() > 1);
            assertArrayEquals(clientSent.toByteArray(), concat(chunks, 0));
        }
    }

    @Test
    void readsFollowTcpRawAsBothSidesWithTheirEndpoints() throws Exception {
        Path out = tshark("follow.txt", "-r", pcap.toString(), "-qz", "follow,tcp,raw,0");
        try (CaptureSource source = InputOpener.open(out.toString(), InputHints.AUTO)) {
            FollowTcpSource follow = assertInstanceOf(FollowTcpSource.class, source);
            List<PayloadChunk> chunks = TextInputs.readAll(source);
            assertArrayEquals(clientSent.toByteArray(), concat(chunks, 0));
            assertArrayEquals(serverSent.toByteArray(), concat(chunks, 1));
            assertEquals(new Endpoint("127.0.0.1", clientPort), follow.sender(0));
            assertEquals(new Endpoint("127.0.0.1", serverPort), follow.sender(1));
            assertEquals(List.of(), follow.drainProblems());
        }
    }

    @Test
    void detectsTheCaptureFileAsPcap() throws IOException {
        byte[] head = new byte[24];
        try (InputStream in = Files.newInputStream(pcap)) {
            assertEquals(24, in.readNBytes(head, 0, 24));
        }
        assertEquals(InputOpener.Kind.PCAP, InputOpener.detect(head, head.length, false));
    }

    private static void assertDatagrams(List<PayloadChunk> chunks) {
        assertEquals(datagrams.size(), chunks.size());
        for (int i = 0; i < chunks.size(); i++) {
            assertTrue(chunks.get(i).isDatagram());
            assertArrayEquals(datagrams.get(i), chunks.get(i).data(), "datagram " + i);
        }
    }

    private static byte[] concat(List<PayloadChunk> chunks, int stream) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (PayloadChunk c : chunks) if (c.stream() == stream) out.writeBytes(c.data());
        return out.toByteArray();
    }

    private static Path tshark(String name, String... args) throws Exception {
        Path out = dir.resolve(name);
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "tshark did not finish");
        assertEquals(0, p.exitValue(), "tshark " + cmd);
        return out;
    }

    private static boolean runs(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
