package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.jgwire.tests.cli.JgwireProcess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A capture of a real host holds more than JGroups. This test makes other traffic on loopback itself (HTTP through
 * the JDK's server and client, on new and kept-alive connections; UDP datagrams of text and of arbitrary bytes),
 * captures exactly its ports with dumpcap, and merges that capture by time into committed JGroups samples. The
 * JGroups records decode exactly as from the sample alone, nothing becomes an error, every command exits 0, and the
 * summary counts the flows the test made.
 */
class OtherTrafficTest {
    /** What {@link #makeOtherTraffic} makes: three TCP connections, and datagrams on two flows. */
    private static final int CONNECTIONS = 3, DATAGRAMS = 5, UDP_FLOWS = 2;

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private static Path other;

    @BeforeAll
    static void makeOtherTraffic() throws Exception {
        Decoding.requireTool("dumpcap");
        other = dir.resolve("other.pcapng");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] in = exchange.getRequestBody().readAllBytes();
            byte[] body = ("seen " + in.length + " bytes; " + "metric_total{job=\"node\"} 42\n".repeat(100))
                    .getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        try (DatagramSocket a = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                DatagramSocket b = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            int http = server.getAddress().getPort();
            String filter = String.format(
                    Locale.ROOT, "tcp port %d or udp port %d or udp port %d", http, a.getLocalPort(), b.getLocalPort());
            Path log = dir.resolve("dumpcap.log");
            Process capture = new ProcessBuilder(
                            "dumpcap", "-q", "-i", "lo", "-n", "-w", other.toString(), "-f", filter)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            server.start();
            try {
                awaitCapturing(capture, log);
                httpTraffic(http);
                udpTraffic(a, b);
                Thread.sleep(1200); // past the capture's buffer timeout
            } finally {
                server.stop(0);
                capture.destroy(); // SIGTERM: dumpcap closes the file
                if (!capture.waitFor(10, TimeUnit.SECONDS)) capture.destroyForcibly();
            }
        }
    }

    /** One client on one kept-alive connection for three requests, then two clients of one request each. */
    private static void httpTraffic(int port) throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + port + "/metrics");
        byte[] upload = "k=v&".repeat(1000).getBytes(StandardCharsets.US_ASCII);
        try (Clients clients = new Clients()) {
            HttpClient keepAlive = clients.add();
            for (int i = 0; i < 3; i++) {
                HttpRequest r = i == 1
                        ? HttpRequest.newBuilder(uri)
                                .POST(HttpRequest.BodyPublishers.ofByteArray(upload))
                                .build()
                        : HttpRequest.newBuilder(uri).GET().build();
                assertEquals(
                        200,
                        keepAlive
                                .send(r, HttpResponse.BodyHandlers.ofByteArray())
                                .statusCode());
            }
            for (int i = 0; i < 2; i++) {
                HttpRequest r = HttpRequest.newBuilder(uri).GET().build();
                assertEquals(
                        200,
                        clients.add()
                                .send(r, HttpResponse.BodyHandlers.ofByteArray())
                                .statusCode());
            }
        }
    }

    /** The clients of one exchange; each has a connection pool of its own, so each opens its own connection. */
    private static final class Clients implements AutoCloseable {
        private final List<HttpClient> all = new ArrayList<>();

        HttpClient add() {
            HttpClient c =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            all.add(c);
            return c;
        }

        @Override
        public void close() {
            all.clear(); // HttpClient closes its idle connections when collected (close() is Java 21)
        }
    }

    /** Three datagrams from a to b (text, arbitrary bytes), two back. */
    private static void udpTraffic(DatagramSocket a, DatagramSocket b) throws IOException {
        byte[] bytes = new byte[300];
        for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) (0xFF - i * 7);
        List<byte[]> ab = List.of(
                "cpu.load 0.42 1700000000\n".getBytes(StandardCharsets.US_ASCII),
                bytes,
                "heap.used 123456789 1700000001\n".getBytes(StandardCharsets.US_ASCII));
        List<byte[]> ba = List.of("ack\n".getBytes(StandardCharsets.US_ASCII), Arrays.copyOf(bytes, 40));
        b.setSoTimeout(5000);
        a.setSoTimeout(5000);
        for (byte[] d : ab) send(a, b, d);
        for (byte[] d : ba) send(b, a, d);
    }

    private static void send(DatagramSocket from, DatagramSocket to, byte[] d) throws IOException {
        from.send(new DatagramPacket(d, d.length, to.getLocalSocketAddress()));
        to.receive(new DatagramPacket(new byte[2048], 2048)); // delivered, so on the wire
    }

    private static void awaitCapturing(Process capture, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline) {
            if (!capture.isAlive()) fail("dumpcap ended: " + Files.readString(log));
            if (Files.exists(other) && Files.size(other) > 0) {
                Thread.sleep(300);
                return;
            }
            Thread.sleep(50);
        }
        fail("dumpcap did not start writing " + other + ": " + Files.readString(log));
    }

    @ParameterizedTest
    @CsvSource({"5.5.7, udp", "5.5.7, tcp", "4.2.30, tcp", "3.6.20, udp"})
    void jgroupsDecodesAsWithoutTheOtherTraffic(String version, String stack) throws Exception {
        Path sample = Decoding.sample(version, stack);
        Path merged = merge(sample, version + "-" + stack);

        Decoding.Run alone = Decoding.cli(dir, "decode", "--no-progress", "-f", "jsonl", sample.toString());
        Decoding.Run mixed = Decoding.cli(dir, "decode", "--no-progress", "-f", "jsonl", merged.toString());
        assertEquals(0, alone.exit(), alone.err());
        assertEquals(0, mixed.exit(), mixed.err());
        assertEquals(List.of(), mixed.errors());
        assertEquals(withoutFrames(alone.json()), withoutFrames(mixed.json()));
        String counted = CONNECTIONS + " TCP connections and " + DATAGRAMS + " datagrams were not JGroups";
        assertTrue(mixed.err().contains(counted), mixed.err());
        assertTrue(!alone.err().contains("not JGroups"), alone.err());

        for (String command : List.of("views", "stats")) {
            Decoding.Run r = Decoding.cli(dir, command, merged.toString());
            assertEquals(0, r.exit(), command + ": " + r.err());
            assertTrue(r.err().contains(counted), command + ": " + r.err());
        }
        Decoding.Run listed = Decoding.cli(dir, "decode", "--no-progress", "--show-other", merged.toString());
        List<String> others =
                listed.out().lines().filter(l -> l.startsWith("other ")).toList();
        assertEquals(
                CONNECTIONS,
                others.stream().filter(l -> l.startsWith("other tcp ")).count(),
                listed.out());
        assertEquals(
                UDP_FLOWS,
                others.stream().filter(l -> l.startsWith("other udp ")).count(),
                listed.out());
    }

    /**
     * {@code tshark -T fields -e frame.time_epoch -e udp.payload | jgwire decode -}: the lines name no endpoints, so
     * the content alone tells the other datagrams; the JGroups messages decode as from the capture file.
     */
    @ParameterizedTest
    @CsvSource({"5.5.7, udp", "3.6.20, udp"})
    void hexLinesFromTsharkOnAPipeDecodeAsTheCaptureFile(String version, String stack) throws Exception {
        Path sample = Decoding.sample(version, stack);
        Path merged = merge(sample, version + "-" + stack + "-hex");

        Decoding.Run file = Decoding.cli(dir, "decode", "--no-progress", "-f", "jsonl", sample.toString());
        assertEquals(0, file.exit(), file.err());
        Piped hex = tsharkHexInto(merged, "decode", "--no-progress", "-f", "jsonl", "--show-other", "-");
        assertEquals(0, hex.exit(), hex.err());
        List<JsonNode> records = new ArrayList<>(), others = new ArrayList<>();
        for (String line : hex.out().lines().toList()) {
            JsonNode n = JSON.readTree(line);
            (n.path("kind").asText().equals("other") ? others : records).add(n);
        }
        assertEquals(
                List.of(),
                records.stream()
                        .filter(n -> n.path("kind").asText().equals("error"))
                        .toList());
        assertEquals(withoutEndpoints(file.json()), withoutEndpoints(records));
        assertTrue(hex.err().contains(DATAGRAMS + " datagrams were not JGroups"), hex.err());
        assertEquals(1, others.size(), "the datagrams of an input without endpoints are one flow: " + others);
        assertEquals(DATAGRAMS, others.get(0).path("packets").asInt(), others.toString());

        Piped stats = tsharkHexInto(merged, "stats", "-");
        assertEquals(0, stats.exit(), stats.err());
        assertTrue(
                stats.out().contains("Other traffic (not JGroups): 0 TCP connections, " + DATAGRAMS + " UDP datagrams"),
                stats.out());
        Piped views = tsharkHexInto(merged, "views", "-");
        assertEquals(0, views.exit(), views.err());
    }

    private record Piped(int exit, String out, String err) {}

    /** tshark's time and UDP payload columns of {@code capture}, piped into {@code jgwire args...}. */
    private static Piped tsharkHexInto(Path capture, String... args) throws Exception {
        Decoding.requireTool("tshark");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        List<String> tshark = List.of(
                "tshark",
                "-r",
                capture.toString(),
                "-T",
                "fields",
                "-e",
                "frame.time_epoch",
                "-e",
                "udp.payload",
                "udp");
        List<Process> pipe = ProcessBuilder.startPipeline(List.of(
                new ProcessBuilder(tshark).redirectError(ProcessBuilder.Redirect.DISCARD),
                new ProcessBuilder(JgwireProcess.command(args)).redirectError(err.toFile())));
        Process jgwire = pipe.get(1);
        String out = new String(jgwire.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(jgwire.waitFor(JgwireProcess.PATIENCE_SECONDS, TimeUnit.SECONDS), "jgwire did not end");
        assertTrue(pipe.get(0).waitFor(JgwireProcess.PATIENCE_SECONDS, TimeUnit.SECONDS), "tshark did not end");
        assertEquals(0, pipe.get(0).exitValue(), "tshark failed");
        return new Piped(jgwire.exitValue(), out, Files.readString(err, StandardCharsets.UTF_8));
    }

    /** The records without what a line of hex does not carry: packet numbers, transport and endpoints. */
    private static List<JsonNode> withoutEndpoints(List<JsonNode> records) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode n : withoutFrames(records)) {
            ObjectNode o = (ObjectNode) n;
            o.remove(List.of("transport", "src_ep", "dst_ep"));
            out.add(o);
        }
        return out;
    }

    /** The sample and the other capture merged by time, the other one moved into the middle of the sample. */
    private static Path merge(Path sample, String name) throws Exception {
        double[] span = span(sample), at = span(other);
        double shift = span[0] + (span[1] - span[0]) / 3 - at[0];
        Path shifted = dir.resolve(name + "-other.pcapng"), merged = dir.resolve(name + ".pcapng");
        Decoding.tool("editcap", "-t", String.format(Locale.ROOT, "%.6f", shift), other.toString(), shifted.toString());
        Decoding.tool("mergecap", "-w", merged.toString(), sample.toString(), shifted.toString());
        return merged;
    }

    /** The times of a capture's first and last packets, epoch seconds. */
    private static double[] span(Path capture) throws Exception {
        String[] times = new String(
                        Decoding.tool("tshark", "-r", capture.toString(), "-T", "fields", "-e", "frame.time_epoch"),
                        StandardCharsets.US_ASCII)
                .trim()
                .split("\\s+");
        return new double[] {Double.parseDouble(times[0]), Double.parseDouble(times[times.length - 1])};
    }

    /** The records without their packet numbers, which the merge changes. */
    private static List<JsonNode> withoutFrames(List<JsonNode> records) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode n : records) {
            ObjectNode o = n.deepCopy();
            o.remove("frame");
            o.remove("reassembled_from");
            out.add(o);
        }
        return out;
    }
}
