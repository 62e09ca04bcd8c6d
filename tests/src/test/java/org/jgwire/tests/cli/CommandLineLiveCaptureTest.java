package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** decode -i captures live through libpcap, without tshark, on loopback. */
class CommandLineLiveCaptureTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Long enough for the JVM to start and libpcap to open lo. */
    private static final long CAPTURE_START_MILLIS = 3000;

    @TempDir
    Path work;

    @Test
    void decodeOnLoFindsTheMessagesOfAClusterAsTheyHappen() throws Exception {
        int count = 4;
        try (JgwireProcess p = JgwireProcess.start(
                        work,
                        "decode",
                        "-i",
                        "lo",
                        "-c",
                        Integer.toString(count),
                        "-f",
                        "jsonl",
                        "--capture-filter",
                        "udp",
                        "--filter",
                        "payload.text contains \"chat\"")
                .readLines()) {
            Thread.sleep(CAPTURE_START_MILLIS);
            List<JsonNode> records = new ArrayList<>();
            List<Long> readAtMillis = new ArrayList<>();
            Thread reader = new Thread(() -> {
                try {
                    for (String line; records.size() < count && (line = p.nextLine()) != null; ) {
                        readAtMillis.add(System.currentTimeMillis());
                        records.add(JSON.readTree(line));
                    }
                } catch (Exception e) {
                    // the assertions below say what is missing
                }
            });
            reader.start();
            Path pcap = work.resolve("run.pcapng");
            ClusterRun run = ClusterRunner.run(
                    new ClusterSpec("5.5.7", "udp", 2, "chat", pcap, Decoding.home(), Duration.ofSeconds(180)));
            long clusterDoneMillis = System.currentTimeMillis();
            reader.join(TimeUnit.SECONDS.toMillis(JgwireProcess.PATIENCE_SECONDS));
            assertEquals(0, p.exitWithin(30), "-c " + count + " ends the capture: " + p.stderr());
            assertEquals(count, records.size(), records.toString());

            Manifest m = run.manifest();
            Set<String> texts = new HashSet<>();
            for (Manifest.SentMessage s : m.sent()) texts.add(s.text());
            Set<Integer> ports = new HashSet<>(m.ports());
            boolean ours = false;
            for (JsonNode r : records) {
                assertEquals("message", r.path("kind").asText(), r.toString());
                assertTrue(texts.contains(r.path("payload").path("text").asText()), r.toString());
                String ep = r.path("src_ep").asText();
                ours |= ports.contains(Integer.parseInt(ep.substring(ep.lastIndexOf(':') + 1)));
            }
            assertTrue(ours, "no record from the cluster's ports " + ports + ": " + records);
            // each record left while the cluster was still talking, not when the capture ended (how soon after its
            // packet is a latency, measured by the benchmark, not asserted here)
            for (long at : readAtMillis) assertTrue(at < clusterDoneMillis, "read after the cluster ended");
            String err = p.stderr();
            assertTrue(err.contains("messages"), err);
            assertFalse(err.contains("SLF4J"), err);
        }
    }

    @Test
    void aTerminatedCaptureEndsWithTheSummaryAndWritesThePcapng() throws Exception {
        int port = freeUdpPort();
        Path saved = work.resolve("saved.pcapng");
        JgwireProcess p = JgwireProcess.start(
                work, "decode", "-i", "lo", "--capture-filter", "udp port " + port, "-w", saved.toString());
        try {
            Thread.sleep(CAPTURE_START_MILLIS);
            try (DatagramSocket s = new DatagramSocket()) {
                byte[] junk = {0x01, 0x02, 0x03};
                for (int i = 0; i < 3; i++)
                    s.send(new DatagramPacket(junk, junk.length, InetAddress.getLoopbackAddress(), port));
            }
            Thread.sleep(500);
            p.process.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hook lets the command finish
            assertTrue(p.exitWithin(20) >= 0, "still running after SIGTERM");
            assertTrue(p.stderr().contains("jgwire: 3 packets"), p.stderr());
        } finally {
            p.close();
        }
        assertTrue(Files.size(saved) > 0);
        Decoding.Run reread = Decoding.cli(work, "decode", saved.toString());
        assertTrue(reread.err().contains("3 packets"), reread.err());
    }

    @Test
    void viewsAndStatsCaptureForTheGivenDuration() throws Exception {
        for (String command : new String[] {"views", "stats"}) {
            try (JgwireProcess p = JgwireProcess.start(work, command, "-i", "lo", "--duration", "1s")) {
                p.process.getOutputStream().close();
                String out = new String(p.process.getInputStream().readAllBytes());
                assertEquals(0, p.exitWithin(30), command + ": " + p.stderr());
                assertFalse(out.isEmpty(), command);
                assertTrue(p.stderr().contains("packets"), p.stderr());
            }
        }
    }

    @Test
    void withoutCaptureRightsTheErrorNamesTheFix() throws Exception {
        List<String> command = new ArrayList<>();
        Path home = Decoding.home();
        if (isRoot()) {
            assertTrue(Files.isExecutable(Path.of("/usr/sbin/runuser")), "runuser, to run as nobody");
            command.addAll(List.of("/usr/sbin/runuser", "-u", "nobody", "--"));
            home = copyOthersCanRead(home, work.resolve("home"));
        }
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djgwire.home=" + home,
                "-cp",
                home.resolve("lib") + "/*",
                "org.jgwire.cli.Main",
                "decode",
                "-i",
                "lo"));
        Process p = new ProcessBuilder(command).directory(work.toFile()).start();
        p.getOutputStream().close();
        String err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(3, p.exitValue(), err);
        assertTrue(err.contains("cannot capture on 'lo'") && err.contains("setcap cap_net_raw,cap_net_admin"), err);
        assertEquals(1, err.lines().count(), err);
    }

    /**
     * A copy of the distribution that another user can read: the build's own may sit in a folder only its owner can
     * enter (a clone made in {@code mktemp -d}), and nobody's JVM then cannot even find jgwire's main class.
     */
    private Path copyOthersCanRead(Path home, Path copy) throws IOException {
        Set<PosixFilePermission> folder = PosixFilePermissions.fromString("rwxr-xr-x");
        Files.setPosixFilePermissions(work, folder);
        try (Stream<Path> all = Files.walk(home)) {
            for (Path from : (Iterable<Path>) all::iterator) {
                Path to = copy.resolve(home.relativize(from).toString());
                if (Files.isDirectory(from)) Files.createDirectories(to);
                else Files.copy(from, to);
                Files.setPosixFilePermissions(
                        to, Files.isDirectory(to) ? folder : PosixFilePermissions.fromString("rw-r--r--"));
            }
        }
        return copy;
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static boolean isRoot() throws IOException {
        return Files.readString(Path.of("/proc/self/status"))
                .lines()
                .anyMatch(l -> l.startsWith("Uid:") && l.split("\\s+")[1].equals("0"));
    }
}
