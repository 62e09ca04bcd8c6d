package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
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
import org.jgwire.tests.decode.ManifestAgreement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every scenario but chat and load (which have their own tests) on a real 3-member cluster of one version per API
 * family, captured for real on {@code lo}: the manifest holds what the scenario promises (checked here against
 * the scenario's definition, not against the runner's code), and the decoder finds it on the wire
 * ({@link ManifestAgreement}: no error, every merge view, RPC and large message as often as the stack carries it).
 */
class ScenarioClusterTest {
    private static final List<String> VERSIONS = List.of("3.6.20", "4.2.30", "5.5.7");
    private static final int NODES = 3;
    private static final List<String> NAMES = List.of("A", "B", "C");
    private static final int PARALLEL = 3;
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final Path HOME = Path.of(System.getProperty("jgwire.home", "../cli/target/jgwire"));

    /** {@code -Djgwire.scenario.only=SCENARIO} runs one scenario (while working on it). */
    private static final String ONLY = System.getProperty("jgwire.scenario.only", "");

    private static ExecutorService pool;

    /** Kept when a test fails, to look at the capture, the manifest and the members' logs. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path captures;

    private record Case(String version, String stack, String scenario) {
        String name() {
            return version + " " + stack + " " + scenario;
        }
    }

    @TestFactory
    Stream<DynamicTest> everyScenarioRunsOnEveryApiFamilyAndDecodesToItsManifest() {
        List<Case> cases = new ArrayList<>();
        for (String v : VERSIONS) {
            cases.add(new Case(v, "tcp", "rpc"));
            cases.add(new Case(v, "udp", "large"));
            cases.add(new Case(v, "udp", "crash"));
            cases.add(new Case(v, "udp", "partition-merge"));
            cases.add(new Case(v, "udp", "slow-merge"));
            cases.add(new Case(v, "tcp", "leave-join"));
        }
        cases.add(new Case("5.5.7", "tcp", "large:frag3"));
        cases.add(new Case("4.2.30", "tcp", "large:frag2"));
        cases.add(new Case("5.5.7", "tcp", "crash"));
        cases.add(new Case("5.5.7", "tunnel", "rpc"));
        if (!ONLY.isEmpty()) cases.removeIf(c -> !c.scenario().equals(ONLY));
        pool = Executors.newFixedThreadPool(PARALLEL);
        Map<Case, Future<ClusterRun>> runs = new LinkedHashMap<>();
        for (Case c : cases) {
            Path pcap = captures.resolve(c.name().replace(' ', '-').replace(':', '_') + ".pcapng");
            ClusterSpec spec = new ClusterSpec(c.version(), c.stack(), NODES, c.scenario(), pcap, HOME, TIMEOUT);
            runs.put(c, pool.submit(() -> ClusterRunner.run(spec)));
        }
        return runs.entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(
                        e.getKey().name(), () -> check(e.getKey(), e.getValue().get())));
    }

    @AfterAll
    static void stopPool() {
        if (pool != null) pool.shutdownNow();
    }

    private static void check(Case c, ClusterRun run) throws Exception {
        Manifest m = Manifest.read(run.manifestFile());
        assertEquals(run.manifest(), m, "manifest read back differs from the one written");
        assertEquals(c.scenario(), m.scenario());
        assertEquals(0, m.dropped(), "packets the kernel dropped");
        List<Record> decoded = ManifestAgreement.assertDecodesToManifest(run.capture(), true);
        switch (c.scenario().split(":")[0]) {
            case "rpc" -> checkRpc(m);
            case "large" -> checkLarge(m, c);
            case "crash" -> checkCrash(m, decoded);
            case "partition-merge" -> checkPartitionMerge(m);
            case "slow-merge" -> checkSlowMerge(m);
            case "leave-join" -> checkLeaveJoin(m);
            default -> throw new AssertionError(c.scenario());
        }
    }

    /** Each member called echo on all (3 replies) and on the next member (1 reply); each reply names its member. */
    private static void checkRpc(Manifest m) {
        assertEquals(2 * NODES, m.rpcCalls().size(), "calls: " + m.rpcCalls());
        Set<String> handled = new HashSet<>();
        for (Manifest.RpcHandled h : m.rpcHandled()) handled.add(h.member() + " " + h.argument());
        for (int i = 0; i < NODES; i++) {
            String me = NAMES.get(i), next = NAMES.get((i + 1) % NODES);
            Manifest.RpcCall all = call(m, me, "rpc " + me + "#1 to all");
            assertEquals(null, all.destination(), "a call on every member");
            assertEquals(Set.copyOf(NAMES), all.replies().keySet(), all.toString());
            Manifest.RpcCall one = call(m, me, "rpc " + me + "#2 to " + next);
            assertEquals(next, one.destination());
            assertEquals(Set.of(next), one.replies().keySet(), one.toString());
            for (Manifest.RpcCall call : List.of(all, one)) {
                for (Map.Entry<String, String> r : call.replies().entrySet()) {
                    assertEquals(r.getKey() + " got " + call.argument(), r.getValue(), "reply of " + r.getKey());
                    assertTrue(handled.contains(r.getKey() + " " + call.argument()), r.getKey() + " never ran " + call);
                }
            }
        }
        assertEquals(NODES * NODES + NODES, m.rpcHandled().size(), "calls executed: " + m.rpcHandled());
    }

    private static Manifest.RpcCall call(Manifest m, String caller, String argument) {
        List<Manifest.RpcCall> found = m.rpcCalls().stream()
                .filter(c -> c.caller().equals(caller) && c.argument().equals(argument))
                .toList();
        assertEquals(1, found.size(), caller + " calling '" + argument + "': " + m.rpcCalls());
        return found.get(0);
    }

    /**
     * A multicasts 150 000 and 1 000 000 bytes, B sends 150 000 bytes to A; every addressee delivers each whole, with
     * the SHA-256 of the payload the scenario defines (head, then a-z repeated from the head's end on).
     */
    private static void checkLarge(Manifest m, Case c) throws Exception {
        String frag = c.scenario().contains(":")
                ? c.scenario().split(":")[1].toUpperCase()
                : c.version().startsWith("5.") ? "FRAG4" : "FRAG2";
        assertTrue(m.protocols().contains(frag), frag + " in " + m.protocols());
        List<String[]> expected =
                List.of(new String[] {"A", null, "1", "100000"}, new String[] {"A", null, "2", "200000"}, new String[] {
                    "B", "A", "3", "100000"
                });
        assertEquals(3, m.largeSent().size(), m.largeSent().toString());
        for (String[] e : expected) {
            String head = "large " + e[0] + "#" + e[2] + " " + e[3];
            String sha = sha256(payload(head + " ", Integer.parseInt(e[3])));
            List<Manifest.LargeSent> sent =
                    m.largeSent().stream().filter(s -> s.head().equals(head)).toList();
            assertEquals(1, sent.size(), head + ": " + m.largeSent());
            assertEquals(e[0], sent.get(0).sender());
            assertEquals(e[1], sent.get(0).destination());
            assertEquals(Integer.parseInt(e[3]), sent.get(0).size());
            assertEquals(sha, sent.get(0).sha256(), "SHA-256 of " + head + " as sent");
            List<String> receivers = e[1] == null ? NAMES : List.of(e[1]);
            for (String r : receivers) {
                List<Manifest.LargeReceived> got = m.largeReceived().stream()
                        .filter(x -> x.receiver().equals(r) && x.head().equals(head))
                        .toList();
                assertEquals(1, got.size(), r + " delivering " + head + ": " + m.largeReceived());
                assertEquals(e[0], got.get(0).sender());
                assertEquals(sha, got.get(0).sha256(), r + "'s SHA-256 of " + head);
            }
        }
        assertEquals(2 * NODES + 1, m.largeReceived().size(), m.largeReceived().toString());
    }

    private static byte[] payload(String head, int size) {
        byte[] p = new byte[size];
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(h, 0, p, 0, h.length);
        for (int i = h.length; i < size; i++) p[i] = (byte) ('a' + i % 26);
        return p;
    }

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    /**
     * C is killed once [A, B, C] formed; A and B install [A, B] after it, and C never installs a view after the
     * full one. On udp the suspicion is on the wire: VERIFY_SUSPECT asks C whether it is dead.
     */
    private static void checkCrash(Manifest m, List<Record> decoded) {
        assertEquals(1, m.steps().size(), m.steps().toString());
        Manifest.Step crash = m.steps().get(0);
        assertEquals("crash", crash.action());
        assertEquals(List.of("C"), crash.members());
        for (String survivor : List.of("A", "B")) {
            Manifest.InstalledView after = firstViewAfter(m, survivor, crash.atMillis());
            assertNotNull(after, survivor + " installed no view after the crash: " + m.views());
            assertEquals(Set.of("A", "B"), Set.copyOf(after.members()), survivor + "'s view after the crash");
        }
        long full = m.views().stream()
                .filter(v -> v.members().size() == NODES)
                .mapToLong(Manifest.InstalledView::id)
                .max()
                .orElseThrow();
        assertTrue(
                m.views().stream().noneMatch(v -> v.member().equals("C") && v.id() > full),
                "C installed a view after the full one although it was killed: " + m.views());
        if (m.stack().equals("udp")) {
            boolean verify = decoded.stream()
                    .anyMatch(r -> r instanceof MessageRecord msg && msg.header("VERIFY_SUSPECT") != null);
            assertTrue(verify, "no VERIFY_SUSPECT message on the wire");
        }
    }

    /**
     * After the partition [A, B] | [C], each side installs a view of its own; after healing, every member installs
     * a merge view of all three whose subgroups are the two sides.
     */
    private static void checkPartitionMerge(Manifest m) {
        assertEquals(
                List.of("partition", "heal"),
                m.steps().stream().map(Manifest.Step::action).toList());
        Manifest.Step split = m.steps().get(0);
        assertEquals(List.of(List.of("A", "B"), List.of("C")), split.groups());
        Set<Set<String>> sides = Set.of(Set.of("A", "B"), Set.of("C"));
        for (String member : NAMES) {
            Manifest.InstalledView side = firstViewAfter(m, member, split.atMillis());
            assertNotNull(side, member + " installed no view after the split");
            assertTrue(sides.contains(Set.copyOf(side.members())), member + "'s view after the split: " + side);
            List<Manifest.InstalledView> merges = m.views().stream()
                    .filter(v -> v.member().equals(member) && v.merge())
                    .toList();
            assertEquals(1, merges.size(), member + "'s merge views: " + m.views());
            Manifest.InstalledView merge = merges.get(0);
            assertEquals(Set.copyOf(NAMES), Set.copyOf(merge.members()), "merge view members");
            Set<Set<String>> subgroups = new HashSet<>();
            for (List<String> g : merge.subgroups()) subgroups.add(Set.copyOf(g));
            assertEquals(sides, subgroups, "merge view subgroups");
            assertTrue(merge.atMillis() >= m.steps().get(1).atMillis(), "merged before the heal: " + merge);
        }
    }

    /**
     * After the partition [A, B] | [C], A and B heal first; while C still drops their traffic nobody installs a
     * view, then C heals and every member installs one merge view of all three, after C's heal.
     */
    private static void checkSlowMerge(Manifest m) {
        assertEquals(
                List.of("partition", "heal-one-way", "heal"),
                m.steps().stream().map(Manifest.Step::action).toList());
        assertEquals(List.of(List.of("A", "B"), List.of("C")), m.steps().get(0).groups());
        assertEquals(List.of("A", "B"), m.steps().get(1).members(), "the side that heals first");
        assertEquals(List.of("C"), m.steps().get(2).members(), "the side that drops the other's traffic longer");
        long oneWay = m.steps().get(1).atMillis(), heal = m.steps().get(2).atMillis();
        assertTrue(heal - oneWay >= 12_000, "C dropped the others' traffic for 12 s after A and B healed");
        for (Manifest.InstalledView v : m.views())
            assertFalse(
                    v.atMillis() > oneWay && v.atMillis() < heal, "no view while the split was healed one way: " + v);
        for (String member : NAMES) {
            List<Manifest.InstalledView> merges = m.views().stream()
                    .filter(v -> v.member().equals(member) && v.merge())
                    .toList();
            assertEquals(1, merges.size(), member + "'s merge views: " + m.views());
            assertEquals(Set.copyOf(NAMES), Set.copyOf(merges.get(0).members()), "merge view members");
            assertTrue(merges.get(0).atMillis() >= heal, "merged before C healed: " + merges.get(0));
        }
    }

    /** C leaves, D joins on C's port; A and B see [A, B] then [A, B, D]. */
    private static void checkLeaveJoin(Manifest m) {
        assertEquals(
                List.of("A", "B", "C", "D"),
                m.members().stream().map(Manifest.Member::name).toList());
        assertEquals(
                List.of("leave", "join"),
                m.steps().stream().map(Manifest.Step::action).toList());
        assertEquals(List.of("C"), m.steps().get(0).members());
        assertEquals(List.of("D"), m.steps().get(1).members());
        assertEquals(m.member("C").physical(), m.member("D").physical(), "D joins on the port C had");
        for (String member : List.of("A", "B")) {
            Manifest.InstalledView afterLeave =
                    firstViewAfter(m, member, m.steps().get(0).atMillis());
            assertEquals(List.of("A", "B"), afterLeave.members(), member + " after C left");
        }
        for (String member : List.of("A", "B", "D")) {
            List<Manifest.InstalledView> mine =
                    m.views().stream().filter(v -> v.member().equals(member)).toList();
            Manifest.InstalledView last = mine.stream()
                    .filter(v -> v.members().contains("D"))
                    .reduce((a, b) -> b)
                    .orElse(null);
            assertNotNull(last, member + " never saw D: " + mine);
            assertEquals(List.of("A", "B", "D"), last.members(), member + "'s view with D");
        }
    }

    private static Manifest.InstalledView firstViewAfter(Manifest m, String member, long atMillis) {
        for (Manifest.InstalledView v : m.views()) if (v.member().equals(member) && v.atMillis() >= atMillis) return v;
        return null;
    }
}
