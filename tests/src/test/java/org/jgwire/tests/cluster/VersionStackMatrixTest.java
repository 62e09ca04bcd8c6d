package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.jgwire.cli.samples.SampleLibrary;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.ClusterFailure;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.verify.CaptureVerifier;
import org.jgwire.codec.verify.Outcome;
import org.jgwire.codec.verify.VerifyItem;
import org.jgwire.codec.verify.VerifyReport;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end-to-end matrix: for the newest bundled JGroups version of each API family (every bundled version with
 * {@code -Djgwire.matrix=all}, as {@code tests/version-matrix.sh} runs it) and every stock stack it supports
 * ({@link SampleLibrary#stacks}, which says why a combination is left out), a 2-member chat cluster runs on
 * loopback, is captured live, decoded, and verified against its manifest: every application message found with its
 * sender and destination as often as the stack puts it on the wire, every member's logical name and physical
 * address resolved, the full view and each member's final view on the wire, no frame left undecoded.
 *
 * <p>The other versions' wire formats are decoded by the same code from their committed samples, one per version
 * and stock stack, made by the same runner ({@code SampleDecodeTest} verifies each against its manifest,
 * {@code GoldenDecodeTest} against its golden decode): live runs of each family are what prove that today's runner
 * and capture still make such traffic.
 *
 * <p>All runs are started up front, {@link #PARALLEL} at a time; every case then waits for its own run.
 */
class VersionStackMatrixTest {
    private static final int NODES = 2;
    /** Two cores: more concurrent clusters only slow each other's JVM start-up. */
    private static final int PARALLEL = 3;

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static ExecutorService pool;
    private static long started;

    /** Kept when a case fails, to look at the capture, the manifest and the members' logs. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path captures;

    @TestFactory
    Stream<DynamicTest> everyBundledVersionOnEveryStockStackVerifiesAgainstItsManifest() {
        Path home = Decoding.home();
        List<String> bundled = SampleLibrary.bundledVersions(home);
        assertTrue(bundled.size() >= 16, "bundled versions: " + bundled);
        List<String> versions =
                "all".equals(System.getProperty("jgwire.matrix")) ? bundled : SampleLibrary.newestPerMajor(bundled);
        pool = Executors.newFixedThreadPool(PARALLEL);
        started = System.nanoTime();
        Map<String, Future<ClusterRun>> runs = new LinkedHashMap<>();
        for (String v : versions) {
            for (String stack : SampleLibrary.stacks(v)) {
                String name = v + "-" + stack + "-chat";
                runs.put(v + " " + stack, pool.submit(() -> run(name, v, stack, home)));
            }
        }
        return runs.entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(
                        e.getKey(), () -> check(e.getValue().get())));
    }

    /**
     * One run; a cluster that does not form is run once more, and said so on stdout: what is tested here is the
     * decode of what a formed cluster sent (TCP_NIO2 joins time out now and then on a loaded machine).
     */
    private static ClusterRun run(String name, String version, String stack, Path home) throws Exception {
        try {
            return ClusterRunner.run(new ClusterSpec(
                    version,
                    stack,
                    SampleLibrary.nodes(stack, NODES),
                    "chat",
                    captures.resolve(name + SampleLibrary.CAPTURE_EXTENSION),
                    home,
                    TIMEOUT));
        } catch (ClusterFailure e) {
            System.out.println("VersionStackMatrixTest: " + name + " ran again after: "
                    + e.getMessage().lines().findFirst().orElse(""));
            return ClusterRunner.run(new ClusterSpec(
                    version,
                    stack,
                    SampleLibrary.nodes(stack, NODES),
                    "chat",
                    captures.resolve(name + "-again" + SampleLibrary.CAPTURE_EXTENSION),
                    home,
                    TIMEOUT));
        }
    }

    @AfterAll
    static void stopPool() {
        if (pool != null) pool.shutdownNow();
        System.out.printf("VersionStackMatrixTest: all runs in %d s%n", (System.nanoTime() - started) / 1_000_000_000L);
    }

    private static void check(ClusterRun run) throws Exception {
        Manifest m = run.manifest();
        int nodes = SampleLibrary.nodes(m.stack(), NODES);
        assertEquals(nodes, m.members().size(), "members");
        assertEquals(nodes * 3, m.sent().size(), "messages sent (2 multicasts + 1 unicast each)");
        assertEquals(0, m.dropped(), "packets the kernel dropped during the capture");
        for (Manifest.Member member : m.members()) {
            String site = m.siteOf(member.name());
            List<String> names = new ArrayList<>();
            for (Manifest.Member other : m.members())
                if (site == null || site.equals(m.siteOf(other.name()))) names.add(other.name());
            // in any order: when discovery misses under load, two lone coordinators merge (MERGE3) into [B, A]
            assertTrue(
                    m.views().stream()
                            .anyMatch(v -> v.member().equals(member.name())
                                    && Set.copyOf(v.members()).equals(Set.copyOf(names))
                                    && v.members().size() == names.size()),
                    member.name() + " installed no view of " + names + ": " + m.views());
        }

        Decoding.Result decoded = Decoding.decode(run.capture(), InputHints.AUTO);
        List<String> errors = new ArrayList<>();
        for (Record r : decoded.records()) if (r instanceof ErrorRecord e) errors.add(e.toString());
        assertEquals(List.of(), errors, "frames not decoded in " + run.capture());
        assertTrue(
                decoded.summary().versions().contains(m.jgroupsVersion()),
                "versions " + decoded.summary().versions());

        CaptureVerifier verifier = new CaptureVerifier(m);
        decoded.records().forEach(verifier);
        VerifyReport report = verifier.report();
        assertEquals(List.of(), report.problems(), "verify " + run.capture());
        assertEquals(nodes, report.count("name", Outcome.OK) - bridgeNames(report), "names resolved");
        if (m.stack().equals("encrypt")) {
            assertEquals(m.sent().size(), report.count("message", Outcome.UNSEEN), "messages encrypted");
        } else {
            assertEquals(m.sent().size(), report.count("message", Outcome.OK), "messages found");
            // the full view is also a final view; a coordinator's lone last view reaches the wire on udp and tunnel
            // only
            List<VerifyItem> unseen = report.items().stream()
                    .filter(i -> i.outcome() == Outcome.UNSEEN)
                    .toList();
            assertTrue(report.count("view", Outcome.OK) >= 1, report.items().toString());
            for (VerifyItem i : unseen)
                assertTrue(i.item().matches("\\w\\|\\d+ \\[\\w] .*"), "only a lone view may be unseen: " + i);
        }
    }

    /** Names of relay2 site masters' bridge channels ({@code _A}): named on the wire, no members. */
    private static long bridgeNames(VerifyReport report) {
        return report.items().stream()
                .filter(i -> i.category().equals("name") && i.detail().contains("bridge channel"))
                .count();
    }
}
