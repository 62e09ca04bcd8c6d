package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.pipeline.Decoder;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code load} scenario on real clusters, kept small: the manifest holds counts (every member sent N and
 * delivered N from every sender), not one entry per message; and the capture holds every one of those multicasts,
 * bundled into message lists, as the decoder reads them back.
 */
class LoadClusterCaptureTest {
    private static final int NODES = 3;
    private static final long MESSAGES = 2_000;
    private static final int SIZE = 100;
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** What LoadTraffic in the node programs writes: {@code load A#17/2000 } then dots up to SIZE. */
    private static final Pattern LOAD = Pattern.compile("load ([A-Z])#(\\d+)/(\\d+) \\.*");

    private static final Path HOME = Path.of(System.getProperty("jgwire.home", "../cli/target/jgwire"));

    /** Kept when a test fails, to look at the capture, the manifest and the members' logs. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path captures;

    @TestFactory
    Stream<DynamicTest> loadClustersAreCapturedWithEveryMessageAndCountedInTheManifest() {
        List<String[]> runs = List.of(
                new String[] {"5.5.7", "udp"},
                new String[] {"5.5.7", "tcp"},
                new String[] {"4.2.30", "udp"},
                new String[] {"3.6.20", "udp"});
        return runs.stream()
                .map(r -> DynamicTest.dynamicTest(r[0] + " " + r[1], () -> {
                    Path pcap = captures.resolve(r[0] + "-" + r[1] + "-load.pcap");
                    String scenario = "load:" + MESSAGES + ":" + SIZE;
                    ClusterRun run =
                            ClusterRunner.run(new ClusterSpec(r[0], r[1], NODES, scenario, pcap, HOME, TIMEOUT));
                    Manifest m = Manifest.read(run.manifestFile());
                    assertEquals(run.manifest(), m, "manifest read back differs from the one written");
                    assertEquals(scenario, m.scenario());
                    checkCounts(m);
                    checkCapture(m, run.capture());
                }));
    }

    @Test
    void refusesALoadScenarioOutOfRangeBeforeStartingAnyMember(@TempDir Path dir) {
        for (String bad : List.of("load:0", "load:10:8", "load:10:100:7", "load:many")) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> ClusterRunner.run(new ClusterSpec(
                            "5.5.7", "tcp", 2, bad, dir.resolve("x.pcap"), HOME, Duration.ofSeconds(5))),
                    bad);
            assertTrue(e.getMessage().contains("load"), e.getMessage());
        }
        IllegalArgumentException size = assertThrows(
                IllegalArgumentException.class,
                () -> ClusterRunner.run(new ClusterSpec(
                        "5.5.7", "tcp", 2, "load:10:8", dir.resolve("x.pcap"), HOME, Duration.ofSeconds(5))));
        assertTrue(size.getMessage().contains("(8)") && size.getMessage().contains("32"), size.getMessage());
    }

    private static void checkCounts(Manifest m) {
        List<String> names = new ArrayList<>();
        for (Manifest.Member member : m.members()) names.add(member.name());
        assertEquals(NODES, names.size(), "members");
        assertEquals(List.of(), m.sent(), "load messages are counted, not listed one by one");
        assertEquals(List.of(), m.received(), "load deliveries are counted, not listed one by one");
        assertEquals(NODES, m.loadSent().size(), "one load-sent count per member: " + m.loadSent());
        for (Manifest.LoadSent s : m.loadSent()) {
            assertTrue(names.contains(s.sender()), s + " names no member");
            assertEquals(MESSAGES, s.messages(), s.sender() + " sent");
            assertEquals(SIZE, s.size(), s.sender() + " message size");
        }
        assertEquals(NODES * NODES, m.loadReceived().size(), "one count per receiver and sender: " + m.loadReceived());
        for (String receiver : names) {
            for (String sender : names) {
                List<Manifest.LoadReceived> c = m.loadReceived().stream()
                        .filter(l -> l.receiver().equals(receiver) && l.sender().equals(sender))
                        .toList();
                assertEquals(1, c.size(), receiver + " from " + sender + ": " + m.loadReceived());
                assertEquals(MESSAGES, c.get(0).messages(), receiver + " delivered from " + sender);
            }
        }
    }

    /**
     * Every sequence number of every sender is on the wire (udp: one datagram per multicast, plus any NAKACK2
     * retransmission; tcp: one copy per other member), and most of them travel in message lists.
     */
    private static void checkCapture(Manifest m, Path pcap) throws Exception {
        assertEquals(0, m.dropped(), "packets the kernel dropped during the capture");
        assertEquals(m.packets(), PcapPorts.read(pcap).size(), "packets in the file vs. packets the capture counted");
        Map<String, String> nameByUuid = new HashMap<>();
        for (Manifest.Member member : m.members()) nameByUuid.put(member.uuid().toLowerCase(), member.name());
        Map<String, BitSet> seen = new HashMap<>();
        Map<String, Long> copies = new HashMap<>();
        long[] batched = {0};
        List<String> problems = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        DecodeSummary summary;
        try (CaptureSource source = InputOpener.open(pcap.toString(), InputHints.AUTO);
                Decoder decoder = new Decoder(DecodeOptions.defaults(HOME))) {
            summary = decoder.decode(source, r -> {
                if (r instanceof ErrorRecord e && errors.size() < 5) errors.add(e.toString());
                if (!(r instanceof MessageRecord msg)
                        || msg.payload() == null
                        || msg.payload().text() == null) return;
                Matcher t = LOAD.matcher(msg.payload().text());
                if (!t.matches()) return;
                String sender = t.group(1);
                String src = msg.src() == null || msg.src().id() == null
                        ? null
                        : nameByUuid.get(msg.src().id().toLowerCase());
                if (!sender.equals(src)) problems.add("'" + t.group() + "' has src " + msg.src());
                if (msg.dest() != null) problems.add("'" + t.group() + "' is not a multicast");
                if (msg.payload().length() != SIZE)
                    problems.add("'" + t.group() + "' is " + msg.payload().length() + " bytes");
                seen.computeIfAbsent(sender, k -> new BitSet()).set(Integer.parseInt(t.group(2)));
                copies.merge(sender, 1L, Long::sum);
                if (msg.batchSize() > 1) batched[0]++;
            });
        }
        // error records are the decoder's business (its own tests); here they only explain a missing load message
        String context = " in " + pcap + "; the decoder reported " + summary.errors() + " errors " + errors;
        assertEquals(List.of(), problems, "load messages" + context);
        long expectedCopies = m.stack().equals("tcp") ? NODES - 1 : 1;
        long total = 0;
        for (Manifest.LoadSent s : m.loadSent()) {
            BitSet got = seen.getOrDefault(s.sender(), new BitSet());
            assertEquals(s.messages(), got.cardinality(), "distinct load messages of " + s.sender() + context);
            assertEquals(1, got.nextSetBit(0), s.sender() + "'s first sequence number");
            assertEquals(s.messages(), got.length() - 1, s.sender() + "'s last sequence number");
            long c = copies.getOrDefault(s.sender(), 0L);
            assertTrue(
                    c >= s.messages() * expectedCopies,
                    s.sender() + ": " + c + " copies, expected at least " + s.messages() * expectedCopies + context);
            total += c;
        }
        assertTrue(
                batched[0] > total / 2, "only " + batched[0] + " of " + total + " load messages were in message lists");
    }
}
