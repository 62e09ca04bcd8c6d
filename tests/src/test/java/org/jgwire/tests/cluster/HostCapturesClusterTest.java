package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --capture-per-member} with {@code --link-loss A-C}: one capture on each member's own {@code eth0}, as
 * {@code tcpdump} on each host would make them, and a link that drops packets on the bridge between them. Read with
 * jgwire's pcapng reader: each capture holds its member's traffic only; what A sends towards C shows in A's capture
 * and partly in C's (the link lost the rest); every multicast A sends shows in B's (nothing lost on A to B).
 */
class HostCapturesClusterTest {
    private static final Path HOME = Path.of(System.getProperty("jgwire.home", "../cli/target/jgwire"));
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /**
     * One chat round, joins included, sends A to C some 15 packets: at 50 % the link loses some of them for all
     * practical purposes (0.5^15), while the run stays short (a longer chat waits for each round's losses to be
     * resent).
     */
    private static final int LOSS = 50;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    /** An IPv4 packet of a capture: source and destination as dotted quads. */
    private record Ip(String src, String dst) {
        boolean multicast() {
            int first = Integer.parseInt(dst.substring(0, dst.indexOf('.')));
            return first >= 224 && first <= 239;
        }
    }

    @Test
    void eachMemberHostsCaptureHoldsItsOwnTrafficAndTheLossyLinkLosesOnlyOnItsWay() throws Exception {
        Path hosts = dir.resolve("hosts");
        List<String> progress = new CopyOnWriteArrayList<>();
        ClusterRun run = ClusterRunner.run(new ClusterSpec(
                "5.5.7",
                "udp",
                3,
                "chat",
                null,
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
                true,
                hosts,
                List.of(ClusterSpec.linkLoss("A-C:" + LOSS))));
        Manifest m = run.manifest();
        assertEquals(hosts.resolve("manifest.json"), run.manifestFile());
        assertEquals(m, Manifest.read(run.manifestFile()));
        assertEquals(List.of(new Manifest.LinkLoss("A", "C", LOSS)), m.linkLosses());
        assertEquals(
                List.of("A", "B", "C"),
                m.memberCaptures().stream().map(Manifest.MemberCapture::member).toList());

        List<List<Ip>> captures = new ArrayList<>();
        for (Manifest.MemberCapture c : m.memberCaptures()) {
            assertEquals(c.member() + ".pcapng", c.file());
            assertEquals(0, c.dropped(), c + " dropped packets");
            List<Ip> packets = read(hosts.resolve(c.file()));
            assertEquals(c.packets(), packets.size(), c + ": packets in the file (all IPv4: the filter takes UDP)");
            String own = address(c.member());
            for (Ip p : packets)
                assertTrue(
                        p.src().equals(own) || p.dst().equals(own) || p.multicast(),
                        c.member() + "'s capture holds " + p + ", not its own traffic");
            captures.add(packets);
        }
        List<Ip> a = captures.get(0), b = captures.get(1), c = captures.get(2);

        String addrA = address("A"), addrB = address("B"), addrC = address("C");
        long towardsCSent = count(a, addrA, addrC, true), towardsCArrived = count(c, addrA, addrC, true);
        assertTrue(towardsCSent >= 10, "A sent too little towards C to show loss: " + towardsCSent);
        assertTrue(
                towardsCArrived < towardsCSent,
                "the link A-C lost nothing at " + LOSS + " %: " + towardsCArrived + " of " + towardsCSent);
        assertTrue(towardsCArrived > 0, "nothing from A arrived at C at all");

        long multicastsSent = count(a, addrA, null, true), multicastsAtB = count(b, addrA, null, true);
        assertTrue(multicastsSent > 0, "A multicast nothing: " + a);
        assertEquals(multicastsSent, multicastsAtB, "A's multicasts as A sent them and as B received them");
        assertEquals(
                count(a, addrA, addrB, false), count(b, addrA, addrB, false), "A's unicasts to B, sent and received");
        assertEquals(count(c, addrC, addrA, false), count(a, addrC, addrA, false), "C's unicasts to A (no loss back)");
        assertTrue(
                progress.stream().anyMatch(l -> l.startsWith("C's capture: " + c.size() + " packets captured")),
                "progress tells C's counts: " + progress);
    }

    private static String address(String member) {
        return "10.231.0." + (member.charAt(0) - 'A' + 1);
    }

    /** Packets from {@code src} to {@code dst} (null: none unicast), and to a multicast group when asked. */
    private static long count(List<Ip> packets, String src, String dst, boolean multicast) {
        return packets.stream()
                .filter(p -> p.src().equals(src) && (p.dst().equals(dst) || multicast && p.multicast()))
                .count();
    }

    /** Every packet of an Ethernet pcapng capture; each must be IPv4. */
    private static List<Ip> read(Path file) throws IOException {
        assertTrue(Files.size(file) > 0, file + " is empty");
        List<Ip> out = new ArrayList<>();
        try (PcapngReader r = new PcapngReader(FileChannel.open(file))) {
            for (RawPacket p; (p = r.next()) != null; ) {
                byte[] d = p.data();
                assertEquals(RawPacket.LINKTYPE_ETHERNET, p.linkType(), file + " packet " + p.number());
                assertEquals(0x0800, (d[12] & 0xff) << 8 | d[13] & 0xff, file + " packet " + p.number() + " IPv4");
                out.add(new Ip(quad(d, 26), quad(d, 30)));
            }
        }
        return out;
    }

    private static String quad(byte[] d, int at) {
        return (d[at] & 0xff) + "." + (d[at + 1] & 0xff) + "." + (d[at + 2] & 0xff) + "." + (d[at + 3] & 0xff);
    }
}
