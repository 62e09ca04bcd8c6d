package org.jgwire.tests.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.analysis.findings.FindingCode;
import org.jgwire.codec.analysis.findings.Severity;
import org.jgwire.codec.analysis.findings.Thresholds;
import org.jgwire.codec.analysis.registry.Analyses;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code diagnose}'s detectors on the samples, each made by a real cluster with a real fault (a JVM killed with
 * SIGKILL, one frozen with SIGSTOP and resumed, a split made by DISCARD and healed, the same split made by nftables
 * rules between members in network namespaces of their own, one healed one way first, a
 * member that loses a fifth of what it receives to DISCARD, a crash then a split in one incident of eight members):
 * each fault sample yields its code
 * naming the member the manifest says the fault hit, with proof frames and a span inside the fault's window, and
 * never the code of the fault it must not be taken for (a pause is no partition, a partition no pause); every other
 * sample, of every bundled version, yields no warning and no error.
 */
class DiagnoseSamplesTest {
    private static final Set<String> FAULTS = Set.of(
            "crash",
            "pause",
            "partition-merge",
            "firewall-partition",
            "slow-merge",
            "lossy",
            "slow-rpc",
            "blocked-receiver",
            "other-cluster",
            "other-version",
            "lone-member",
            "flapping",
            "incident");

    /** From the last message before a fault to the view that shows it: failure detection takes a few seconds. */
    private static final long DETECTION_NS = 15_000_000_000L;

    /** Capture times run a little after the runner's clock (a frame is captured after it was sent). */
    private static final long SLACK_NS = 200_000_000L;

    private record Diagnosed(List<Finding> findings, Manifest manifest, long startNs, Map<Long, Long> frameNs) {
        /** Epoch nanoseconds of the manifest's step {@code action}. */
        long step(String action) {
            for (Manifest.Step s : manifest.steps())
                if (s.action().equals(action)) return startNs + s.atMillis() * 1_000_000L;
            throw new AssertionError("no step " + action + " in " + manifest.steps());
        }

        String member(NodeAddress a) {
            for (Manifest.Member m : manifest.members()) if (m.uuid().equals(a.id())) return m.name();
            return a.id();
        }

        List<Finding> of(FindingCode code) {
            return findings.stream().filter(f -> f.code() == code).toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> eachFaultSampleYieldsItsFinding() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path capture : samples()) {
            Path manifest = manifest(capture);
            if (manifest == null) continue;
            String scenario = Manifest.read(manifest).scenario();
            switch (scenario) {
                case "crash" -> tests.add(DynamicTest.dynamicTest(name(capture), () -> crash(diagnose(capture))));
                case "pause" -> tests.add(DynamicTest.dynamicTest(name(capture), () -> pause(diagnose(capture))));
                case "partition-merge", "firewall-partition" -> tests.add(
                        DynamicTest.dynamicTest(name(capture), () -> partition(diagnose(capture))));
                case "incident" -> tests.add(DynamicTest.dynamicTest(name(capture), () -> incident(diagnose(capture))));
                case "slow-merge" -> tests.add(
                        DynamicTest.dynamicTest(name(capture), () -> slowMerge(diagnose(capture))));
                case "lossy" -> tests.add(DynamicTest.dynamicTest(name(capture), () -> lossy(diagnose(capture))));
                case "slow-rpc" -> tests.add(DynamicTest.dynamicTest(name(capture), () -> slowRpc(diagnose(capture))));
                case "other-cluster" -> tests.add(DynamicTest.dynamicTest(
                        name(capture), () -> outsider(diagnose(capture), FindingCode.CLUSTER_NAME_CLASH)));
                case "other-version" -> tests.add(DynamicTest.dynamicTest(
                        name(capture), () -> outsider(diagnose(capture), FindingCode.VERSION_MISMATCH)));
                case "flapping" -> tests.add(DynamicTest.dynamicTest(name(capture), () -> flapping(diagnose(capture))));
                case "lone-member" -> tests.add(
                        DynamicTest.dynamicTest(name(capture), () -> loneMember(diagnose(capture))));
                case "blocked-receiver" -> tests.add(
                        DynamicTest.dynamicTest(name(capture), () -> blockedReceiver(diagnose(capture))));
                default -> {}
            }
        }
        assertTrue(tests.size() >= 40, "fault samples: " + tests.size());
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> noCleanSampleRaisesAnAlarm() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path capture : samples()) {
            Path manifest = manifest(capture);
            if (manifest != null && isFault(Manifest.read(manifest))) continue;
            tests.add(DynamicTest.dynamicTest(name(capture), () -> {
                List<Finding> alarms = diagnose(capture).findings().stream()
                        .filter(f -> f.severity() != Severity.INFO)
                        .toList();
                assertEquals(List.of(), alarms, capture + " is a clean capture");
            }));
        }
        assertTrue(tests.size() >= 60, "clean samples: " + tests.size());
        return tests.stream();
    }

    // --- what each fault must show ---

    private static void crash(Diagnosed d) {
        assertTrue(d.of(FindingCode.MEMBER_PAUSE).isEmpty(), "a crash is no pause: " + d.findings());
        assertTrue(d.of(FindingCode.PARTITION).isEmpty(), "a crash is no partition: " + d.findings());
        crashOfTheKilledMember(d);
        String filter = d.manifest().captureFilter();
        // samples/stack/4.2.30/fdsock-crash was captured before the runner kept ICMP errors: it cannot hold bounces
        if (filter != null && filter.contains("icmp")) closedPortOfTheKilledMember(d);
        else assertTrue(d.of(FindingCode.ICMP_UNREACHABLE).isEmpty(), "a capture without ICMP: " + d.findings());
    }

    /**
     * The survivors kept sending to the killed member until a view left it out, and the kernel bounced it all (ICMP
     * port unreachable; the runner's capture keeps those errors): one warning naming the killed member as the owner
     * of its closed endpoint (its physical address in the manifest), the survivors as senders, proof frames from
     * the kill to the detection. Bounces to other members' ports come only after they left (the run ends by each
     * member leaving): for information.
     */
    private static void closedPortOfTheKilledMember(Diagnosed d) {
        String killed = d.manifest().steps().get(0).members().get(0);
        Manifest.Member victim = d.manifest().members().stream()
                .filter(m -> m.name().equals(killed))
                .findFirst()
                .orElseThrow();
        List<Finding> closed = new ArrayList<>();
        for (Finding f : d.of(FindingCode.ICMP_UNREACHABLE)) {
            if (d.member(f.members().get(0)).equals(killed)) closed.add(f);
            else {
                assertEquals(Severity.INFO, f.severity(), "a port closed by a member that left: " + f);
                assertEquals("leave", f.fields().get("left"), f.toString());
            }
        }
        assertEquals(1, closed.size(), "icmp-unreachable findings of " + killed + "'s port: " + d.findings());
        Finding f = closed.get(0);
        assertEquals(Severity.WARNING, f.severity(), f.toString());
        assertEquals(victim.physical(), f.fields().get("endpoint"), "the killed member's physical address");
        Set<String> senders = new HashSet<>();
        for (NodeAddress a : f.members().subList(1, f.members().size())) senders.add(d.member(a));
        Set<String> survivors = new HashSet<>();
        for (Manifest.Member m : d.manifest().members()) if (!m.name().equals(killed)) survivors.add(m.name());
        assertFalse(senders.isEmpty(), f.toString());
        assertTrue(survivors.containsAll(senders), "only survivors still send to it: " + senders);
        assertTrue((Long) f.fields().get("while_in_view") >= 1, "bounced before its exclusion: " + f);
        assertEquals(false, f.fields().get("still_sending"), f.toString());
        long kill = d.step("crash");
        inWindow(d, f, kill, kill + DETECTION_NS);
        Finding crash = d.of(FindingCode.CRASH).get(0);
        assertTrue(f.startNs() < crash.endNs(), "the port bounced before the view without it: " + f);
    }

    /** One crash finding: the member the first step killed, from its last message to the view without it. */
    private static void crashOfTheKilledMember(Diagnosed d) {
        List<Finding> crashes = d.of(FindingCode.CRASH);
        assertEquals(1, crashes.size(), "crash findings: " + d.findings());
        Finding f = crashes.get(0);
        String killed = d.manifest().steps().get(0).members().get(0);
        assertEquals(killed, d.member(f.members().get(0)), "the crashed member");
        assertEquals(Severity.ERROR, f.severity());
        long kill = d.step("crash");
        // its last message before the kill, the view without it after
        inWindow(d, f, kill - DETECTION_NS, kill + DETECTION_NS);
        assertTrue(f.startNs() <= kill + SLACK_NS, "its last message comes before the kill: " + f);
        assertTrue(f.endNs() > kill, "the view without it comes after the kill: " + f);
    }

    private static void pause(Diagnosed d) {
        assertTrue(d.of(FindingCode.PARTITION).isEmpty(), "a pause is no partition: " + d.findings());
        assertTrue(d.of(FindingCode.CRASH).isEmpty(), "a paused member came back: " + d.findings());
        List<Finding> pauses = d.of(FindingCode.MEMBER_PAUSE);
        assertEquals(1, pauses.size(), "pause findings: " + d.findings());
        Finding f = pauses.get(0);
        long stop = d.step("pause"), resume = d.step("resume");
        assertEquals(
                d.manifest().steps().get(0).members(),
                List.of(d.member(f.members().get(0))),
                "frozen");
        assertTrue(f.startNs() <= stop + SLACK_NS && f.startNs() > stop - DETECTION_NS, "silent from the stop: " + f);
        assertTrue(f.endNs() >= resume && f.endNs() < resume + DETECTION_NS, "talking again after SIGCONT: " + f);
        inWindow(d, f, stop - DETECTION_NS, resume + DETECTION_NS);
        // the merge that took it back went through at its first attempt, once it talked again
        Finding merge =
                firstAttemptMerge(d, List.of(List.of(d.member(f.members().get(0)))));
        assertTrue(merge.startNs() >= resume - SLACK_NS, "heard again only after SIGCONT: " + merge);
        inWindow(d, merge, resume - SLACK_NS, resume + DETECTION_NS);
    }

    private static void partition(Diagnosed d) {
        Finding f = split(d);
        long heal = d.step("heal");
        // healed both ways at once: the merge went through at its first attempt, once the sides heard each other
        Finding merge = firstAttemptMerge(d, d.manifest().steps().get(0).groups());
        assertEquals(f.endNs(), merge.endNs(), "the partition's merge view: " + merge);
        inWindow(d, merge, heal - SLACK_NS, heal + DETECTION_NS);
    }

    /**
     * Healed one way first: the side still dropping the other's traffic (the {@code heal} step's members) left the
     * other side's requests for its view unanswered until it healed too; a warning, over the healing's window.
     */
    private static void slowMerge(Diagnosed d) {
        Finding split = split(d);
        List<Finding> merges = d.of(FindingCode.SLOW_MERGE);
        assertEquals(1, merges.size(), "slow-merge findings: " + d.findings());
        Finding f = merges.get(0);
        assertEquals(Severity.WARNING, f.severity(), f.toString());
        assertEquals(sides(d.manifest().steps().get(0).groups()), sides(d, f), "the subgroups");
        long oneWay = d.step("heal-one-way"), heal = d.step("heal");
        assertTrue(f.startNs() >= oneWay - SLACK_NS && f.startNs() < heal, "heard once one side healed: " + f);
        assertTrue(f.endNs() > heal, "merged after the other side healed too: " + f);
        assertEquals(split.endNs(), f.endNs(), "the partition's merge view");
        long unanswered = (Long) f.fields().get("view_requests_unanswered");
        assertTrue(unanswered >= 1, "requests for the deaf side's view went unanswered: " + f);
        assertTrue(f.summary().contains(unanswered + " request"), f.summary());
        long duration = (Long) f.fields().get("duration_ms");
        assertEquals(Math.round((f.endNs() - f.startNs()) / 1e6), duration, f.toString());
        inWindow(d, f, oneWay - SLACK_NS, heal + DETECTION_NS);
    }

    /** One {@code slow-merge} of these subgroups (by name), {@code info}: at the first attempt, within 60 s. */
    private static Finding firstAttemptMerge(Diagnosed d, List<List<String>> oneSide) {
        List<Finding> merges = d.of(FindingCode.SLOW_MERGE);
        assertEquals(1, merges.size(), "slow-merge findings: " + d.findings());
        Finding f = merges.get(0);
        assertEquals(Severity.INFO, f.severity(), f.toString());
        assertEquals(0L, f.fields().get("view_requests_unanswered"), f.toString());
        assertEquals(0L, f.fields().get("merges_failed"), f.toString());
        assertTrue((Long) f.fields().get("duration_ms") < Thresholds.SLOW_MERGE_MS, f.toString());
        Set<Set<String>> named = sides(d, f);
        Set<String> everyone = new HashSet<>();
        for (Manifest.Member m : d.manifest().members()) everyone.add(m.name());
        for (List<String> side : oneSide) assertTrue(named.contains(Set.copyOf(side)), named + " lacks " + side);
        Set<String> all = new HashSet<>();
        named.forEach(all::addAll);
        assertEquals(everyone, all, "every member in one subgroup: " + named);
        return f;
    }

    private static Set<Set<String>> sides(List<List<String>> groups) {
        Set<Set<String>> out = new HashSet<>();
        for (List<String> g : groups) out.add(Set.copyOf(g));
        return out;
    }

    private static Set<Set<String>> sides(Diagnosed d, Finding f) {
        Set<Set<String>> sides = new HashSet<>();
        for (Object side : (List<?>) f.fields().get("subgroups")) {
            Set<String> names = new HashSet<>();
            for (Object a : (List<?>) side) names.add(d.member((NodeAddress) a));
            sides.add(names);
        }
        return sides;
    }

    /** The groups of the manifest's {@code partition} step. */
    private static List<List<String>> partitionGroups(Diagnosed d) {
        for (Manifest.Step step : d.manifest().steps()) if (step.action().equals("partition")) return step.groups();
        throw new AssertionError("no partition step in " + d.manifest().steps());
    }

    /** Eight members: one killed, then a split and its merge: both findings, each of its own fault, nothing else. */
    private static void incident(Diagnosed d) {
        assertEquals(8, d.manifest().members().size());
        assertEquals(
                List.of(),
                d.findings().stream()
                        .filter(f -> f.severity() != Severity.INFO
                                && f.code() != FindingCode.CRASH
                                && f.code() != FindingCode.PARTITION)
                        .toList(),
                "a crash and a partition, no pause, a merge at its first attempt");
        crashOfTheKilledMember(d);
        Finding split = split(d);
        assertTrue(d.of(FindingCode.CRASH).get(0).endNs() < split.startNs(), "the crash is told before the split");
    }

    private static Finding split(Diagnosed d) {
        assertTrue(d.of(FindingCode.MEMBER_PAUSE).isEmpty(), "a partition is no pause: " + d.findings());
        List<Finding> splits = d.of(FindingCode.PARTITION);
        assertEquals(1, splits.size(), "partition findings: " + d.findings());
        Finding f = splits.get(0);
        long split = d.step("partition"), heal = d.step("heal");
        assertEquals(sides(partitionGroups(d)), sides(d, f), "the subgroups");
        assertTrue(f.startNs() > split && f.endNs() > heal, "from the split's views to the merge view: " + f);
        inWindow(d, f, split - DETECTION_NS, heal + DETECTION_NS);
        return f;
    }

    private static void lossy(Diagnosed d) {
        assertEquals(
                List.of(),
                d.findings().stream()
                        .filter(f -> f.code() != FindingCode.RETRANSMISSIONS)
                        .toList());
        List<Finding> lossy = d.of(FindingCode.RETRANSMISSIONS);
        assertEquals(1, lossy.size(), "retransmission findings: " + d.findings());
        Finding f = lossy.get(0);
        String receiver = d.manifest().steps().get(0).members().get(0);
        assertEquals(receiver, d.member(f.members().get(0)), "the member that loses what it receives");
        Set<String> senders = new HashSet<>();
        for (NodeAddress a : f.members().subList(1, f.members().size())) senders.add(d.member(a));
        Set<String> others = new HashSet<>();
        for (Manifest.Member m : d.manifest().members()) if (!m.name().equals(receiver)) others.add(m.name());
        assertEquals(others, senders, "it asked every other member");
        inWindow(d, f, d.step("loss"), d.step("heal") + SLACK_NS);
    }

    private static void slowRpc(Diagnosed d) {
        assertEquals(
                List.of(),
                d.findings().stream()
                        .filter(f -> f.code() != FindingCode.RPC_TIMEOUT)
                        .toList(),
                "a late answer is no crash, pause or split");
        List<Finding> late = d.of(FindingCode.RPC_TIMEOUT);
        assertEquals(1, late.size(), "rpc-timeout findings: " + d.findings());
        Finding f = late.get(0);
        String slow = d.manifest().steps().get(0).members().get(0);
        assertEquals(slow, d.member(f.members().get(0)), "the member that answered late");
        Set<String> callers = new HashSet<>();
        for (NodeAddress a : f.members().subList(1, f.members().size())) callers.add(d.member(a));
        Set<String> others = new HashSet<>();
        for (Manifest.Member m : d.manifest().members()) if (!m.name().equals(slow)) others.add(m.name());
        assertEquals(others, callers, "every other member called it");
        assertEquals((long) others.size(), f.fields().get("late"), "one late answer per caller: " + f);
        assertTrue((Long) f.fields().get("slowest_ms") >= 12_000, "the answers took the 12 s delay: " + f);
        // requests after the slow step, answers before the heal step
        inWindow(d, f, d.step("slow"), d.step("heal") + SLACK_NS);
    }

    private static void blockedReceiver(Diagnosed d) {
        assertTrue(
                d.findings().stream().noneMatch(f -> f.severity() == Severity.ERROR),
                "a blocked application is no crash, pause or split: " + d.findings());
        List<Finding> stalls = d.of(FindingCode.CREDIT_STALL);
        assertEquals(1, stalls.size(), "credit-stall findings: " + d.findings());
        Finding f = stalls.get(0);
        String blocked = d.manifest().steps().get(0).members().get(0);
        String sender = d.manifest().members().get(0).name(); // the scenario's only sender
        assertEquals(blocked, d.member(f.members().get(0)), "the receiver that held its senders up");
        assertEquals(
                List.of(sender),
                f.members().subList(1, f.members().size()).stream()
                        .map(d::member)
                        .toList());
        assertEquals(0L, f.fields().get("credits_from_deliveries"), "no credits from a blocked application: " + f);
        assertTrue((Long) f.fields().get("requests") >= 3, f.toString());
        inWindow(d, f, d.step("block"), d.step("unblock") + SLACK_NS);
    }

    /**
     * A member of another cluster or version on the group: one finding of {@code code} whose sides are the run's
     * members and the outsider, with proof frames from both sides, and nothing else.
     */
    private static void outsider(Diagnosed d, FindingCode code) {
        String outsider = d.manifest().steps().get(0).members().get(0);
        // beside another version's members, the outsider's discovery also goes unanswered: it never joins
        List<FindingCode> also =
                code == FindingCode.VERSION_MISMATCH ? List.of(FindingCode.DISCOVERY_UNANSWERED) : List.of();
        assertEquals(
                List.of(code),
                d.findings().stream()
                        .map(Finding::code)
                        .filter(c -> !also.contains(c))
                        .toList(),
                "no crash, pause or split: " + d.findings());
        for (Finding other : d.findings())
            if (also.contains(other.code()))
                assertEquals(outsider, d.member(other.members().get(0)), other.toString());
        Finding f = d.of(code).get(0);
        Map<?, ?> sides = (Map<?, ?>) f.fields().get(code == FindingCode.CLUSTER_NAME_CLASH ? "clusters" : "versions");
        assertEquals(2, sides.size(), "two sides: " + f);
        Set<Set<String>> named = new HashSet<>();
        for (Object side : sides.values()) {
            Set<String> names = new HashSet<>();
            for (Object a : (List<?>) side) names.add(d.member((NodeAddress) a));
            named.add(names);
        }
        Set<String> members = new HashSet<>();
        for (Manifest.Member m : d.manifest().members()) if (!m.name().equals(outsider)) members.add(m.name());
        assertEquals(Set.of(members, Set.of(outsider)), named, "the run's members on one side, the outsider alone");
        // the outsider's own messages prove it: frames from its time on the group
        long from = d.step("outsider"), to = d.step("outsider-left") + SLACK_NS;
        assertTrue(
                f.frames().stream()
                        .anyMatch(
                                fr -> d.frameNs().get(fr) >= from && d.frameNs().get(fr) <= to),
                "proof frames from the outsider's time: " + f);
    }

    private static void loneMember(Diagnosed d) {
        assertEquals(
                List.of(FindingCode.DISCOVERY_UNANSWERED),
                d.findings().stream().map(Finding::code).toList(),
                "one finding: " + d.findings());
        Finding f = d.findings().get(0);
        String lone = d.manifest().steps().get(0).members().get(0);
        assertEquals(lone, d.member(f.members().get(0)), "the member that never joined");
        Set<String> running = new HashSet<>();
        for (NodeAddress a : f.members().subList(1, f.members().size())) running.add(d.member(a));
        // the members, but the outsider and the one that left to free its port (the last before it)
        List<Manifest.Member> all = d.manifest().members();
        Set<String> expected = new HashSet<>();
        for (Manifest.Member m : all.subList(0, all.size() - 2)) expected.add(m.name());
        assertEquals(lone, all.get(all.size() - 1).name(), "the outsider started last");
        assertEquals(expected, running, "the members running the cluster");
        assertTrue((Long) f.fields().get("answers") > 0, "the others answered; the answers never reached it: " + f);
        inWindow(d, f, d.step("outsider"), d.step("outsider-left") + SLACK_NS);
    }

    private static void flapping(Diagnosed d) {
        assertTrue(
                d.findings().stream().noneMatch(f -> f.severity() == Severity.ERROR),
                "restarts with a leave are no crash, pause or split: " + d.findings());
        List<Finding> flaps = d.of(FindingCode.VIEW_FLAPPING);
        assertEquals(1, flaps.size(), "view-flapping findings: " + d.findings());
        Finding f = flaps.get(0);
        String restarting = d.manifest().steps().get(0).members().get(0);
        assertEquals(restarting, d.member(f.members().get(0)), "the member that restarted");
        assertEquals(3L, f.fields().get("cycles"), f.toString());
        // each restart a new incarnation: the first and three more
        assertEquals(4, ((List<?>) f.fields().get("addresses")).size(), f.toString());
        inWindow(d, f, d.step("restart"), d.step("restarted") + SLACK_NS);
    }

    /** The finding's span and every proof frame's time lie in the window. */
    private static void inWindow(Diagnosed d, Finding f, long from, long to) {
        assertFalse(f.frames().isEmpty());
        assertTrue(f.startNs() >= from && f.endNs() <= to, "span within the fault's window: " + f);
        for (long frame : f.frames()) {
            Long ns = d.frameNs().get(frame);
            assertTrue(ns != null && ns >= from && ns <= to, "proof frame #" + frame + " within the window: " + f);
        }
    }

    // --- decoding ---

    private static Diagnosed diagnose(Path capture) throws IOException {
        NameTable names = new NameTable();
        Analyses analyses = Analyses.detectors(true, Thresholds.DEFAULTS, names);
        Map<Long, Long> frameNs = new HashMap<>();
        try (CaptureSource source = InputOpener.open(capture.toString(), InputHints.AUTO);
                Decoder d = new Decoder(new DecodeOptions(Limits.DEFAULTS, Decoding.home(), null, null, Set.of()))) {
            d.fragmentTap(m -> {
                frameNs.putIfAbsent(m.frame().packet(), m.frame().tsNanos());
                analyses.acceptFragment(m);
            });
            d.decode(source, new NameStage(names, r -> {
                frameNs.putIfAbsent(r.frame().packet(), r.frame().tsNanos());
                analyses.accept(r);
            }));
        }
        analyses.finish();
        Path manifest = manifest(capture);
        Manifest m = manifest != null ? Manifest.read(manifest) : null;
        long start = m != null && m.timings() != null ? epochNanos(m.timings().startedAt()) : 0;
        return new Diagnosed(analyses.findings(), m, start, frameNs);
    }

    private static long epochNanos(String instant) {
        Instant i = Instant.parse(instant);
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    private static List<Path> samples() throws IOException {
        try (Stream<Path> all = Files.walk(Decoding.samples())) {
            return all.filter(p ->
                            p.toString().endsWith(".pcapng") || p.toString().endsWith(".pcap"))
                    .filter(p -> !p.toString().contains("/golden/"))
                    .sorted()
                    .toList();
        }
    }

    /** A fault scenario, or a network with a lossy link (samples/hosts: one capture per host). */
    private static boolean isFault(Manifest m) {
        return FAULTS.contains(m.scenario()) || !m.linkLosses().isEmpty();
    }

    /** The capture's manifest: {@code X.json} beside {@code X.pcapng}, or the run's one of its captures per host. */
    private static Path manifest(Path capture) {
        String f = capture.getFileName().toString();
        Path m = capture.resolveSibling(f.substring(0, f.lastIndexOf('.')) + ".json");
        if (Files.isRegularFile(m)) return m;
        Path run = capture.resolveSibling("manifest.json");
        return Files.isRegularFile(run) ? run : null;
    }

    private static String name(Path capture) {
        return Decoding.samples().relativize(capture).toString();
    }
}
