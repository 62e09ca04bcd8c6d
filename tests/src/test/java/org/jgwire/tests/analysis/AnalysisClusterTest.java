package org.jgwire.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.membership.MembershipEvent;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.analysis.reliability.ReliabilityTracker;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.codec.stack.FragmentReassembler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analysis layer against captures of real clusters (one per API family: 3.6.20, 4.2.30, 5.5.7), each scenario
 * checked against what its manifest says the members did: every large message reassembled byte for byte (SHA-256 of
 * the reassembled payload = the sender's), the crash and the suspicion before it, the partition's merge view with
 * its subgroups, every RPC paired with every reply, and retransmissions where DISCARD dropped messages.
 */
class AnalysisClusterTest {
    private static final List<String> VERSIONS = List.of("3.6.20", "4.2.30", "5.5.7");
    private static final int PARALLEL = 3;
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    /** {@code -Djgwire.analysis.only=SCENARIO} runs one scenario (while working on it). */
    private static final String ONLY = System.getProperty("jgwire.analysis.only", "");

    private static ExecutorService pool;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path captures;

    /** What one decode of a capture gave each analysis. */
    private record Analysed(
            List<Record> records, MembershipTimeline views, RpcTracker rpc, ReliabilityTracker reliability) {}

    @TestFactory
    Stream<DynamicTest> analysesReportWhatTheClustersDid() {
        Path home = Path.of(System.getProperty("jgwire.home", "../cli/target/jgwire"));
        pool = Executors.newFixedThreadPool(PARALLEL);
        Map<String, Future<ClusterRun>> runs = new LinkedHashMap<>();
        for (String v : VERSIONS) {
            for (String scenario : scenarios(v)) {
                if (!ONLY.isEmpty() && !scenario.equals(ONLY)) continue;
                boolean lossy = scenario.equals("lossy");
                String stack = scenario.equals("large") && v.equals("5.5.7") ? "tcp" : "udp";
                Path pcap = captures.resolve(v + "-" + stack + "-" + scenario.replace(':', '_') + ".pcap");
                runs.put(
                        v + " " + stack + " " + scenario,
                        pool.submit(() -> ClusterRunner.run(new ClusterSpec(
                                v,
                                lossy ? lossyStack(v).toString() : stack,
                                3,
                                lossy ? "load:300:1000" : scenario,
                                pcap,
                                home,
                                TIMEOUT))));
            }
        }
        return runs.entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    ClusterRun run = e.getValue().get();
                    Manifest m = run.manifest();
                    Analysed a = analyse(run.capture(), home);
                    if (e.getKey().endsWith("lossy")) {
                        lossy(a);
                        return;
                    }
                    switch (m.scenario().split(":")[0]) {
                        case "large" -> large(m, a);
                        case "crash" -> crash(m, a);
                        case "partition-merge" -> merge(m, a);
                        case "rpc" -> rpc(m, a);
                        default -> throw new AssertionError(m.scenario());
                    }
                }));
    }

    /** Per version: the scenarios run (large with the stack's own FRAG, and FRAG3 where there is one). */
    private static List<String> scenarios(String version) {
        return version.startsWith("3.")
                ? List.of("large", "crash", "partition-merge", "rpc", "lossy")
                : List.of("large", "large:frag3", "crash", "partition-merge", "rpc", "lossy");
    }

    /**
     * A stack whose DISCARD drops a tenth of what each member receives ({@code DISCARD.up}), so NAKACK2 must ask for
     * retransmissions; it sits just below NAKACK2, so discovery and failure detection are not lossy (a lost
     * discovery lets members start clusters of their own). The runner puts it on loopback with free ports.
     */
    private static Path lossyStack(String version) throws IOException {
        int octet = 1 + new Random().nextInt(250), port = 20000 + new Random().nextInt(20000);
        String fd = version.startsWith("5.") ? "FD_ALL3" : "FD_ALL";
        String xml = "<config xmlns=\"urn:org:jgroups\">\n"
                + "  <UDP bind_addr=\"127.0.0.1\" mcast_addr=\"239.255.77." + octet + "\" mcast_port=\"" + port
                + "\" ip_ttl=\"0\"/>\n"
                + "  <PING/>\n"
                + "  <MERGE3 min_interval=\"10000\" max_interval=\"30000\"/>\n"
                + "  <" + fd + " timeout=\"20000\" interval=\"2000\"/>\n"
                + "  <VERIFY_SUSPECT timeout=\"1500\"/>\n"
                + "  <DISCARD up=\"0.1\"/>\n"
                + "  <pbcast.NAKACK2 xmit_interval=\"200\" use_mcast_xmit=\"false\"/>\n"
                + "  <UNICAST3 xmit_interval=\"200\"/>\n"
                + "  <pbcast.STABLE desired_avg_gossip=\"5000\" max_bytes=\"1M\"/>\n"
                + "  <pbcast.GMS print_local_addr=\"false\" join_timeout=\"3000\"/>\n"
                + "  <UFC max_credits=\"2M\"/>\n"
                + "  <MFC max_credits=\"2M\"/>\n"
                + "  <FRAG2 frag_size=\"60K\"/>\n"
                + "</config>\n";
        Path file = captures.resolve("lossy-" + version + ".xml");
        Files.writeString(file, xml);
        return file;
    }

    @AfterAll
    static void stopPool() {
        if (pool != null) pool.shutdownNow();
    }

    private static Analysed analyse(Path pcap, Path home) throws Exception {
        // the payload head as large as the largest message: the reassembled record then holds every byte
        DecodeOptions options =
                new DecodeOptions(Limits.builder().payloadHeadBytes(2_000_000).build(), home, null, null, Set.of());
        List<Record> records = new ArrayList<>();
        MembershipTimeline views = new MembershipTimeline();
        RpcTracker rpc = new RpcTracker();
        ReliabilityTracker reliability = new ReliabilityTracker();
        try (CaptureSource source = InputOpener.open(pcap.toString(), InputHints.AUTO);
                Decoder d = new Decoder(options)) {
            d.fragmentTap(reliability::accept);
            d.decode(source, r -> {
                records.add(r);
                views.accept(r);
                rpc.accept(r);
                if (!(r instanceof MessageRecord m && FragmentReassembler.isFragment(m))) reliability.accept(r);
            });
        }
        views.finish();
        return new Analysed(records, views, rpc, reliability);
    }

    private static String member(Manifest m, NodeAddress a) {
        for (Manifest.Member mm : m.members()) if (a != null && mm.uuid().equals(a.id())) return mm.name();
        return a != null ? a.id() : null;
    }

    private static void large(Manifest m, Analysed a) throws Exception {
        assertFalse(m.largeSent().isEmpty(), "the scenario sent large messages");
        for (Record r : a.records())
            if (r instanceof ErrorRecord e)
                assertFalse(e.problem() == ProblemKind.INCOMPLETE || e.problem() == ProblemKind.LIMIT, e.message());
        List<MessageRecord> reassembled = a.records().stream()
                .filter(r -> r instanceof MessageRecord mm && mm.isReassembled())
                .map(r -> (MessageRecord) r)
                .toList();
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (Manifest.LargeSent sent : m.largeSent()) {
            boolean found = false;
            for (MessageRecord r : reassembled) {
                if (!sent.sender().equals(member(m, r.src())) || r.payload().length() != sent.size()) continue;
                assertEquals(sent.size(), r.payload().head().length, "the whole payload is in the record");
                String hash = HexFormat.of().formatHex(sha.digest(r.payload().head()));
                if (hash.equals(sent.sha256())) found = true;
            }
            assertTrue(
                    found,
                    "no reassembled message of " + sent.size() + " bytes from " + sent.sender() + " with SHA-256 "
                            + sent.sha256() + " among " + reassembled.size());
        }
    }

    private static void crash(Manifest m, Analysed a) {
        Manifest.Step crash = m.steps().stream()
                .filter(s -> s.action().equals("crash"))
                .findFirst()
                .orElseThrow();
        String victim = crash.members().get(0);
        List<MembershipEvent> events = a.views().events();
        int crashAt = -1, suspectAt = -1;
        for (int i = 0; i < events.size(); i++) {
            MembershipEvent e = events.get(i);
            boolean aboutVictim = e.subjects().stream().anyMatch(s -> victim.equals(member(m, s)));
            if (e.kind() == MembershipEvent.Kind.SUSPECT && aboutVictim && suspectAt < 0) suspectAt = i;
            if (e.kind() == MembershipEvent.Kind.CRASH && aboutVictim) crashAt = i;
        }
        assertTrue(crashAt >= 0, "no crash of " + victim + " in " + events);
        assertTrue(suspectAt >= 0 && suspectAt < crashAt, "no suspicion of " + victim + " before its crash: " + events);
        MembershipEvent c = events.get(crashAt);
        assertFalse(c.view().members().stream().anyMatch(x -> victim.equals(member(m, x))));
    }

    private static void merge(Manifest m, Analysed a) {
        Manifest.InstalledView expected = m.views().stream()
                .filter(Manifest.InstalledView::merge)
                .findFirst()
                .orElseThrow(() -> new AssertionError("the manifest has no merge view"));
        MembershipEvent merge = a.views().events().stream()
                .filter(e -> e.kind() == MembershipEvent.Kind.MERGE)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no merge in " + a.views().events()));
        assertEquals(
                expected.creator() + "|" + expected.id(),
                member(m, merge.view().creator()) + "|" + merge.view().id());
        List<List<String>> subgroups = merge.view().subgroups().stream()
                .map(g -> g.stream().map(x -> member(m, x)).toList())
                .toList();
        assertEquals(new HashSet<>(expected.subgroups()), new HashSet<>(subgroups));
        assertTrue(
                a.views().events().stream().anyMatch(e -> e.kind() == MembershipEvent.Kind.PARTITION),
                "the split shows as a partition: " + a.views().events());
    }

    private static void lossy(Analysed a) {
        long requests = 0, retransmissions = 0, delays = 0;
        for (ReliabilityTracker.SenderStats s : a.reliability().snapshot()) {
            if (!s.protocol().equals("NAKACK2")) continue;
            requests += s.xmitRequests();
            retransmissions += s.retransmissions();
            delays += s.delays().count();
        }
        assertTrue(requests > 0, "DISCARD dropped a tenth of the multicasts: NAKACK2 asked for some again");
        assertTrue(retransmissions > 0, "and they were retransmitted");
        assertTrue(delays > 0, "with a delay measured");
    }

    private static void rpc(Manifest m, Analysed a) {
        RpcTracker.RpcStats s = a.rpc().snapshot();
        assertEquals(m.rpcCalls().size(), s.requests(), "one request per call");
        assertEquals(0, s.unanswered(), "every request answered: " + s.unansweredList());
        long replies = m.rpcCalls().stream().mapToLong(c -> c.replies().size()).sum();
        long selfReplies = m.rpcCalls().stream()
                .filter(c -> c.replies().containsKey(c.caller()))
                .count();
        // a member's reply to its own call never goes on the wire
        assertEquals(replies - selfReplies, s.responses(), "every reply paired");
        assertTrue(
                s.methods().stream().anyMatch(x -> x.method().equals("echo")),
                s.methods().toString());
    }
}
