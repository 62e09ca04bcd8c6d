package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.verify.StackRules;
import org.jgwire.tests.decode.ManifestAgreement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real 3-member chat clusters of the newest version of each API family on udp, tcp and tunnel, captured for real on
 * {@code lo} into pcap files (the other cluster tests write pcapng; the other versions' traffic is replayed from
 * their committed samples, see VersionStackMatrixTest): the manifest says every
 * member saw the full view and every message reached every addressee, and the capture holds the cluster's
 * traffic, each chat text as many times as the stack puts it on the wire; and jgwire decodes each capture into
 * exactly those messages (senders, destinations, copies, the full view) without an error.
 *
 * <p>All runs are started up front, {@link #PARALLEL} at a time, each with its own ports, capture and child
 * JVMs; every dynamic test then waits for its own run and checks it.
 */
class ChatClusterCaptureTest {
    private static final List<String> VERSIONS = List.of("3.6.20", "4.2.30", "5.5.7");
    private static final int NODES = 3;
    /** Two cores: more concurrent clusters only slow each other's JVM start-up. */
    private static final int PARALLEL = 3;

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private static ExecutorService pool;

    /** Kept when a test fails, to look at the capture, the manifest and the members' logs. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path captures;

    @TestFactory
    Stream<DynamicTest> chatClustersOfEachApiFamilyAreCapturedOnLoopback() {
        Path home = Path.of(System.getProperty("jgwire.home", "../cli/target/jgwire"));
        pool = Executors.newFixedThreadPool(PARALLEL);
        Map<String, Future<ClusterRun>> runs = new LinkedHashMap<>();
        for (String stack : List.of("udp", "tcp", "tunnel")) {
            for (String v : VERSIONS) {
                Path pcap = captures.resolve(v + "-" + stack + "-chat.pcap");
                ClusterSpec spec = new ClusterSpec(v, stack, NODES, "chat", pcap, home, TIMEOUT);
                runs.put(v + " " + stack, pool.submit(() -> ClusterRunner.run(spec)));
            }
        }
        return runs.entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(
                        e.getKey(), () -> check(e.getValue().get())));
    }

    @AfterAll
    static void stopPool() {
        if (pool != null) pool.shutdownNow();
    }

    private static void check(ClusterRun run) throws Exception {
        Manifest m = Manifest.read(run.manifestFile());
        assertEquals(run.manifest(), m, "manifest read back differs from the one written");
        assertEquals(NODES, m.members().size(), "members");
        List<String> names = new ArrayList<>();
        for (Manifest.Member member : m.members()) {
            names.add(member.name());
            assertTrue(
                    member.uuid().matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
                    "uuid in standard form: " + member.uuid());
        }
        for (String member : names) {
            // in any order: when discovery misses under load, two lone coordinators merge (MERGE3) into [B, A]
            boolean sawAll = m.views().stream()
                    .anyMatch(v -> v.member().equals(member)
                            && Set.copyOf(v.members()).equals(Set.copyOf(names))
                            && v.members().size() == names.size());
            assertTrue(sawAll, member + " installed no view of " + names + ": " + m.views());
        }
        assertEquals(NODES * 3, m.sent().size(), "messages sent (2 multicasts + 1 unicast each)");
        Set<String> delivered = new HashSet<>();
        for (Manifest.ReceivedMessage r : m.received()) delivered.add(r.receiver() + "|" + r.sender() + "|" + r.text());
        for (Manifest.SentMessage s : m.sent()) {
            List<String> addressees = s.multicast() ? names : List.of(s.destination());
            for (String to : addressees)
                assertTrue(
                        delivered.contains(to + "|" + s.sender() + "|" + s.text()),
                        "'" + s.text() + "' from " + s.sender() + " never reached " + to);
        }

        assertEquals(0, m.dropped(), "packets the kernel dropped during the capture");
        Path pcap = run.capture();
        assertTrue(Files.size(pcap) > 24, "capture is empty: " + pcap);
        List<PcapPorts.Packet> packets = PcapPorts.read(pcap);
        long onClusterPorts = packets.stream()
                .filter(p -> m.ports().contains(p.srcPort()) || m.ports().contains(p.dstPort()))
                .count();
        assertEquals(packets.size(), onClusterPorts, "every captured packet is on the cluster's ports " + m.ports());
        assertEquals(m.packets(), packets.size(), "packets in the file vs. packets the capture counted");
        long withPayload = packets.stream().filter(p -> p.payloadLength() > 0).count();
        assertTrue(withPayload >= m.sent().size(), "only " + withPayload + " packets carry data");
        // The acceptance point: the decoder finds in the fresh capture exactly what the cluster sent, and every copy
        // of a text in the packets is a message it decoded. Under load JGroups may retransmit: a copy beyond the
        // stack's count must be a retransmission by its headers (see ManifestAgreement). TCP may resend a segment
        // whose ACK came late: its bytes are in the file twice but in the stream once (PcapPorts.copies).
        List<Record> decoded = ManifestAgreement.assertDecodesToManifest(pcap, true);
        for (Manifest.SentMessage s : m.sent()) {
            int inFile = PcapPorts.copies(pcap, s.text());
            long inRecords = decoded.stream()
                    .filter(r -> r instanceof MessageRecord msg
                            && msg.payload() != null
                            && s.text().equals(msg.payload().text()))
                    .count();
            assertTrue(
                    inFile >= StackRules.expectedCopies(m, s),
                    "copies of '" + s.text() + "' in the " + m.stack() + " capture " + pcap + ": " + inFile
                            + " (dropped by the kernel: " + m.dropped() + ")");
            assertEquals(
                    inFile,
                    inRecords,
                    "copies of '" + s.text() + "' in the packets (TCP bytes once) vs decoded messages");
        }
    }
}
