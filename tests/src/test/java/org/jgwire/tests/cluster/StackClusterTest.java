package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.CaptureTarget;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.verify.CaptureVerifier;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.ManifestAgreement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stacks beyond udp/tcp/tunnel on 5.5.7 (tcp-nio, encrypt, relay2), a user's own stack XML and a user's jar,
 * each a real chat cluster captured on {@code lo} and checked against its manifest.
 */
class StackClusterTest {
    private static final Path HOME = Path.of(System.getProperty("jgwire.home", "../cli/target/jgwire"));
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path dir;

    private static ClusterRun chat(String version, String stack, int nodes) throws Exception {
        Path pcap = dir.resolve(version + "-" + Path.of(stack).getFileName() + "-chat.pcapng");
        return ClusterRunner.run(new ClusterSpec(version, stack, nodes, "chat", pcap, HOME, TIMEOUT));
    }

    private static void assertChatDelivered(Manifest m) {
        for (Manifest.SentMessage s : m.sent()) {
            List<String> to = s.multicast()
                    ? m.members().stream().map(Manifest.Member::name).toList()
                    : null;
            long copies = m.received().stream()
                    .filter(r -> r.sender().equals(s.sender()) && r.text().equals(s.text()))
                    .count();
            assertEquals(to == null ? 1 : to.size(), copies, "deliveries of '" + s.text() + "': " + m.received());
        }
    }

    @Test
    void tcpNioClusterDecodesLikeTcp() throws Exception {
        ClusterRun run = chat("5.5.7", "tcp-nio", 3);
        assertTrue(
                run.manifest().protocols().contains("TCP_NIO2"),
                run.manifest().protocols().toString());
        assertChatDelivered(run.manifest());
        ManifestAgreement.assertDecodesToManifest(run.capture(), true);
    }

    @Test
    void encryptedClusterDeliversButNoTextIsReadableOnTheWire() throws Exception {
        ClusterRun run = chat("5.5.7", "encrypt", 3);
        Manifest m = run.manifest();
        assertTrue(m.protocols().contains("SYM_ENCRYPT"), m.protocols().toString());
        assertChatDelivered(m);
        assertEquals(9, m.sent().size(), "messages sent");
        for (Manifest.SentMessage s : m.sent())
            assertEquals(0, PcapPorts.occurrences(run.capture(), s.text()), "'" + s.text() + "' in clear on the wire");
        Decoding.Result r = Decoding.decode(run.capture(), InputHints.AUTO);
        // GMS's header stays readable above SYM_ENCRYPT but its payload is ciphertext: it must not be read as a view
        List<String> errors = r.records().stream()
                .filter(x -> x instanceof ErrorRecord)
                .map(Object::toString)
                .toList();
        assertEquals(List.of(), errors, "errors decoding the encrypted capture");
        long encrypted = r.records().stream()
                .filter(x -> x instanceof MessageRecord msg && msg.header("SYM_ENCRYPT") != null)
                .count();
        assertTrue(encrypted >= m.sent().size(), "messages with a SYM_ENCRYPT header: " + encrypted);
    }

    @Test
    void relay2SitesTalkAcrossTheBridge() throws Exception {
        ClusterRun run = chat("5.5.7", "relay2", 4);
        Manifest m = run.manifest();
        assertEquals(
                List.of(new Manifest.Site("lon", List.of("A", "B")), new Manifest.Site("nyc", List.of("C", "D"))),
                m.sites());
        for (Manifest.Member member : m.members()) {
            Set<String> site = Set.copyOf(m.sites().stream()
                    .filter(s -> s.members().contains(member.name()))
                    .findFirst()
                    .orElseThrow()
                    .members());
            Manifest.InstalledView last = m.views().stream()
                    .filter(v -> v.member().equals(member.name()))
                    .filter(v -> v.members().size() == 2)
                    .findFirst()
                    .orElseThrow();
            assertEquals(site, Set.copyOf(last.members()), member.name() + "'s view holds its site only");
        }
        // multicasts are relayed to the other site; a message to SiteMaster(x) reaches x's coordinator
        for (Manifest.SentMessage s : m.sent()) {
            List<String> expected = s.multicast()
                    ? List.of("A", "B", "C", "D")
                    : List.of(s.destination().equals("SiteMaster(nyc)") ? "C" : "A");
            List<String> got = m.received().stream()
                    .filter(r -> r.sender().equals(s.sender()) && r.text().equals(s.text()))
                    .map(Manifest.ReceivedMessage::receiver)
                    .sorted()
                    .toList();
            assertEquals(expected, got, "receivers of '" + s.text() + "'");
        }
        assertTrue(
                m.sent().stream().anyMatch(s -> "SiteMaster(nyc)".equals(s.destination())),
                m.sent().toString());
        // a message crosses its site, the bridge and the other site: the verifier looks for its sender's copy
        Decoding.Result r = Decoding.decode(run.capture(), InputHints.AUTO);
        assertEquals(0, r.summary().errors(), "errors decoding " + run.capture());
        CaptureVerifier verifier = new CaptureVerifier(m);
        r.records().forEach(verifier);
        assertEquals(List.of(), verifier.report().problems(), "verify");
        List<String> sentTexts =
                m.sent().stream().map(Manifest.SentMessage::text).toList();
        for (Record rec : r.records())
            if (rec instanceof MessageRecord msg
                    && msg.payload() != null
                    && msg.payload().text() != null
                    && msg.payload().text().startsWith("chat "))
                assertTrue(sentTexts.contains(msg.payload().text()), "a chat text nobody sent: " + msg);
    }

    @Test
    void userStackXmlIsForcedOntoLoopbackWithDiagnosticsOff(@TempDir Path tmp) throws Exception {
        int mcastPort;
        try (DatagramSocket s = new DatagramSocket(0)) {
            mcastPort = s.getLocalPort();
        }
        String group = "239.255." + ThreadLocalRandom.current().nextInt(256) + "."
                + (1 + ThreadLocalRandom.current().nextInt(254));
        Path xml = tmp.resolve("my-udp.xml");
        Files.writeString(
                xml,
                """
                <config xmlns="urn:org:jgroups">
                    <UDP bind_addr="${jgroups.bind_addr:127.0.0.1}" mcast_addr="%s" mcast_port="${my.port:%d}"
                         diag.enabled="true"/>
                    <PING/>
                    <MERGE3/>
                    <FD_ALL3/>
                    <VERIFY_SUSPECT/>
                    <pbcast.NAKACK2 use_mcast_xmit="false"/>
                    <UNICAST3/>
                    <pbcast.STABLE/>
                    <pbcast.GMS join_timeout="2000" print_local_addr="false"/>
                    <UFC/>
                    <MFC/>
                    <FRAG4/>
                </config>
                """
                        .formatted(group, mcastPort));
        Path pcap = tmp.resolve("user.pcapng");
        ClusterRun run = ClusterRunner.run(new ClusterSpec(
                "5.5.7",
                xml.toString(),
                3,
                "chat",
                CaptureTarget.file(pcap),
                HOME,
                TIMEOUT,
                null,
                null,
                false,
                null,
                null,
                true,
                false));
        Manifest m = run.manifest();
        assertEquals("xml-udp", m.stack());
        assertEquals(
                List.of(
                        "UDP",
                        "PING",
                        "MERGE3",
                        "FD_ALL3",
                        "VERIFY_SUSPECT",
                        "NAKACK2",
                        "UNICAST3",
                        "STABLE",
                        "GMS",
                        "UFC",
                        "MFC",
                        "FRAG4"),
                m.protocols());
        assertTrue(m.ports().contains(mcastPort), "capture filter covers the XML's mcast_port: " + m.ports());
        for (Manifest.Member member : m.members())
            assertTrue(member.physical().startsWith("127.0.0.1:"), member.toString());
        String rendered = Files.readString(run.workDir().resolve("A.xml"));
        assertTrue(rendered.contains("bind_addr=\"127.0.0.1\""), rendered);
        assertTrue(
                rendered.contains("diag.enabled=\"false\"") && !rendered.contains("diag.enabled=\"true\""), rendered);
        assertTrue(rendered.contains("ip_ttl=\"0\""), rendered);
        assertChatDelivered(m);
        ManifestAgreement.assertDecodesToManifest(pcap, true);
    }

    @Test
    void clusterInItsOwnNetworkNamespaceIsCapturedThereAndTheNamespaceIsDeleted() throws Exception {
        Path pcap = dir.resolve("netns-udp-chat.pcapng");
        List<String> progress = new CopyOnWriteArrayList<>();
        ClusterRun run = ClusterRunner.run(new ClusterSpec(
                "5.5.7",
                "udp",
                3,
                "chat",
                CaptureTarget.file(pcap),
                HOME,
                TIMEOUT,
                null,
                null,
                false,
                null,
                progress::add,
                false,
                true));
        String ns = progress.stream()
                .filter(l -> l.startsWith("network namespace "))
                .map(l -> l.split(" ")[2])
                .findFirst()
                .orElseThrow(() -> new AssertionError("no namespace reported: " + progress));
        assertChatDelivered(run.manifest());
        assertEquals(0, run.manifest().dropped(), "packets dropped");
        ManifestAgreement.assertDecodesToManifest(pcap, true);
        Process list = new ProcessBuilder("ip", "netns", "list")
                .redirectErrorStream(true)
                .start();
        String namespaces = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, list.waitFor(), "ip netns list: " + namespaces);
        assertFalse(namespaces.contains(ns), ns + " still exists: " + namespaces);
    }

    @Test
    void userStackXmlBindingAnotherAddressIsRefusedBeforeAnyMemberStarts(@TempDir Path tmp) throws Exception {
        Path xml = tmp.resolve("lan.xml");
        Files.writeString(
                xml, "<config xmlns=\"urn:org:jgroups\"><TCP bind_addr=\"192.168.1.10\"/><TCPPING/></config>");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ClusterRunner.run(
                        new ClusterSpec("5.5.7", xml.toString(), 2, "chat", tmp.resolve("x.pcapng"), HOME, TIMEOUT)));
        assertTrue(e.getMessage().contains("192.168.1.10") && e.getMessage().contains("loopback"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("x.pcapng")), "a capture was started");
    }

    @Test
    void userJarRunsTheMembersOnItsOwnVersion() throws Exception {
        Path jar = HOME.resolve("jgroups").resolve("jgroups-5.3.7.Final.jar");
        Path pcap = dir.resolve("userjar-tcp-chat.pcapng");
        ClusterRun run = ClusterRunner.run(new ClusterSpec(
                null,
                "tcp",
                2,
                "chat",
                CaptureTarget.file(pcap),
                HOME,
                TIMEOUT,
                null,
                jar,
                false,
                null,
                null,
                false,
                false));
        assertEquals("5.3.7", run.manifest().jgroupsVersion());
        assertChatDelivered(run.manifest());
        ManifestAgreement.assertDecodesToManifest(pcap, true);
    }
}
