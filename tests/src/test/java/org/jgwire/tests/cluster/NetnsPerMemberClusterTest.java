package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jgwire.codec.cluster.CaptureTarget;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.ManifestAgreement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --netns-per-member}: each member in a network namespace of its own, joined by a bridge where the capture runs,
 * and the {@code firewall-partition} scenario, whose nftables rules in the members' namespaces split the cluster. The
 * capture is read with tshark, not with jgwire: between the {@code partition} and {@code heal} steps no unicast
 * crosses between the halves, while before it did; the members had the namespace addresses; the namespaces are gone
 * afterwards. (The partition finding on the committed samples of this scenario: {@code DiagnoseSamplesTest}.)
 */
class NetnsPerMemberClusterTest {
    private static final Path HOME = Path.of(System.getProperty("jgwire.home", "../cli/target/jgwire"));
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** Rules take effect a moment after the step is recorded; packets in flight may still cross. */
    private static final long SLACK_NS = 300_000_000L;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    private record Unicast(long ns, String src, String dst) {}

    @Test
    void aFirewallBetweenMembersNamespacesStopsTheirTrafficUntilHealedAndTheNamespacesAreDeleted() throws Exception {
        Path pcap = dir.resolve("firewall-partition.pcapng");
        List<String> progress = new CopyOnWriteArrayList<>();
        ClusterRun run = ClusterRunner.run(new ClusterSpec(
                "5.5.7",
                "udp",
                3,
                "firewall-partition",
                CaptureTarget.file(pcap),
                HOME,
                TIMEOUT,
                null,
                null,
                false,
                null,
                progress::add,
                false,
                false,
                null,
                true));
        Manifest m = run.manifest();
        assertEquals(0, m.dropped(), "packets dropped");
        for (int i = 0; i < m.members().size(); i++) {
            Manifest.Member member = m.members().get(i);
            String expected = "10.231.0." + (member.name().charAt(0) - 'A' + 1) + ":";
            assertTrue(member.physical().startsWith(expected), member + " has its namespace's address " + expected);
        }
        ManifestAgreement.assertDecodesToManifest(pcap, true);

        long start = Instant.parse(m.timings().startedAt()).toEpochMilli() * 1_000_000L;
        long cut = start + step(m, "partition").atMillis() * 1_000_000L;
        long heal = start + step(m, "heal").atMillis() * 1_000_000L;
        List<List<String>> halves = step(m, "partition").groups();
        Set<String> left = addresses(halves.get(0)), right = addresses(halves.get(1));
        List<Unicast> across = new ArrayList<>(), acrossDuringCut = new ArrayList<>();
        for (Unicast u : unicasts(pcap)) {
            boolean crosses = left.contains(u.src()) && right.contains(u.dst())
                    || right.contains(u.src()) && left.contains(u.dst());
            if (!crosses) continue;
            across.add(u);
            if (u.ns() > cut + SLACK_NS && u.ns() < heal) acrossDuringCut.add(u);
        }
        assertTrue(across.stream().anyMatch(u -> u.ns() < cut), "unicasts crossed before the cut: " + across);
        assertTrue(across.stream().anyMatch(u -> u.ns() > heal), "unicasts crossed after the heal: " + across);
        assertEquals(List.of(), acrossDuringCut, "unicasts between the halves while the firewall was up");

        String net = progress.stream()
                .filter(l -> l.contains(", bridged in "))
                .map(l -> l.substring(l.lastIndexOf(' ') + 1))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no bridge namespace reported: " + progress));
        String prefix = net.substring(0, net.length() - "-net".length());
        Process list = new ProcessBuilder("ip", "netns", "list")
                .redirectErrorStream(true)
                .start();
        String namespaces = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, list.waitFor(), "ip netns list: " + namespaces);
        assertFalse(namespaces.contains(prefix), prefix + "-* still exist: " + namespaces);
    }

    @Test
    void theFirewallScenarioNeedsMembersInNamespacesOfTheirOwn() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ClusterRunner.run(
                        new ClusterSpec("5.5.7", "udp", 3, "firewall-partition", (Path) null, HOME, TIMEOUT)));
        assertTrue(e.getMessage().contains("--netns-per-member"), e.getMessage());
    }

    private static Manifest.Step step(Manifest m, String action) {
        return m.steps().stream()
                .filter(s -> s.action().equals(action))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no step " + action + ": " + m.steps()));
    }

    private static Set<String> addresses(List<String> names) {
        return Set.copyOf(
                names.stream().map(n -> "10.231.0." + (n.charAt(0) - 'A' + 1)).toList());
    }

    /** Every unicast UDP datagram of the capture, as tshark reads it: capture time, source and destination. */
    private static List<Unicast> unicasts(Path pcap) throws Exception {
        Process p = new ProcessBuilder(
                        "tshark",
                        "-r",
                        pcap.toString(),
                        "-Y",
                        "udp && !(ip.dst == 224.0.0.0/4)",
                        "-T",
                        "fields",
                        "-e",
                        "frame.time_epoch",
                        "-e",
                        "ip.src",
                        "-e",
                        "ip.dst")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "tshark -r " + pcap);
        List<Unicast> list = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.isBlank()) continue;
            String[] f = line.split("\t");
            String[] t = f[0].split("\\.");
            long ns = Long.parseLong(t[0]) * 1_000_000_000L + Long.parseLong((t[1] + "000000000").substring(0, 9));
            list.add(new Unicast(ns, f[1], f[2]));
        }
        assertFalse(list.isEmpty(), "tshark found no unicast in " + pcap);
        return list;
    }
}
