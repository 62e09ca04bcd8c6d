package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.cluster.ManifestCheck;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ManifestCheck against hand-made decoder records: what it accepts, and each mismatch it must name. */
class ManifestCheckTest {
    private static final String A = "00000000-0000-0000-0000-00000000000a";
    private static final String B = "00000000-0000-0000-0000-00000000000b";

    private static Manifest manifest(String stack) {
        return new Manifest(
                "5.5.7",
                stack,
                "chat",
                "c",
                "x.pcap",
                "udp and (port 1)",
                List.of(1, 2),
                10,
                0,
                List.of(new Manifest.Member("A", A, "127.0.0.1:1"), new Manifest.Member("B", B, "127.0.0.1:2")),
                List.of(
                        new Manifest.SentMessage("A", null, "chat A#1 to all"),
                        new Manifest.SentMessage("A", "B", "chat A#3 to B")),
                List.of(new Manifest.ReceivedMessage("B", "A", null, "chat A#1 to all")),
                List.of(
                        new Manifest.InstalledView("A", "A", 1, List.of("A", "B")),
                        new Manifest.InstalledView("B", "A", 1, List.of("A", "B"))),
                new Manifest.Timings("2026-01-01T00:00:00Z", 1, 2, 3, 6));
    }

    private static MessageRecord message(String src, String dest, String text, ViewInfo view) {
        FrameInfo frame =
                new FrameInfo(1, -1, new Endpoint("127.0.0.1", 1), new Endpoint("127.0.0.1", 2), Transport.UDP);
        Payload payload = text == null ? Payload.EMPTY : new Payload(text.length(), text, new byte[0], null);
        return new MessageRecord(
                frame,
                "5.5.7",
                "5.5.7.Final",
                "BYTES",
                0,
                List.of(),
                NodeAddress.uuid(src),
                dest == null ? null : NodeAddress.uuid(dest),
                dest == null,
                "c",
                -1,
                0,
                List.of(),
                payload,
                view,
                List.of(),
                0,
                -1);
    }

    private static ViewInfo view(long id, String... members) {
        List<NodeAddress> m = new ArrayList<>();
        for (String u : members) m.add(NodeAddress.uuid(u));
        return new ViewInfo("VIEW", NodeAddress.uuid(A), id, m, -1, List.of(), List.of(), List.of());
    }

    @Test
    void acceptsOneCopyPerUdpSendAndTheFullView() {
        List<Record> wire = List.of(
                message(A, null, null, view(1, A, B)),
                message(A, null, "chat A#1 to all", null),
                message(A, B, "chat A#3 to B", null));
        assertEquals(List.of(), ManifestCheck.check(manifest("udp"), wire));
    }

    @Test
    void reportsMissingCopiesWrongSenderAndMissingView() {
        List<Record> wire = List.of(
                message(B, null, "chat A#1 to all", null),
                message(A, B, "chat A#3 to B", null),
                message(A, B, "chat A#3 to B", null),
                message(A, null, null, view(1, B, A)));
        List<String> problems = ManifestCheck.check(manifest("udp"), wire);
        assertEquals(4, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("has src " + B), problems.get(0));
        assertTrue(problems.get(1).contains("0 copies on the wire, expected 1"), problems.get(1));
        assertTrue(problems.get(2).contains("2 copies on the wire, expected 1"), problems.get(2));
        assertTrue(problems.get(3).contains("full view A|1 [A, B] is not on the wire"), problems.get(3));
    }

    @Test
    void expectsOneTcpCopyPerOtherMemberAndTunnelCopiesThroughTheRouter() {
        Manifest.SentMessage mcast = manifest("tcp").sent().get(0);
        Manifest.SentMessage ucast = manifest("tcp").sent().get(1);
        assertEquals(1, ManifestCheck.expectedCopies(manifest("tcp"), mcast)); // to B only; A loops back
        assertEquals(1, ManifestCheck.expectedCopies(manifest("tcp"), ucast));
        assertEquals(3, ManifestCheck.expectedCopies(manifest("tunnel"), mcast)); // to router, router to A and B
        assertEquals(2, ManifestCheck.expectedCopies(manifest("tunnel"), ucast));
    }

    private static MessageRecord withHeader(
            String src, String dest, String protocol, Object[] fields, String text, int length) {
        List<HeaderField> f = new ArrayList<>();
        for (int i = 0; i < fields.length; i += 2) f.add(new HeaderField((String) fields[i], fields[i + 1]));
        FrameInfo frame =
                new FrameInfo(1, -1, new Endpoint("127.0.0.1", 1), new Endpoint("127.0.0.1", 2), Transport.UDP);
        byte[] head = text == null ? new byte[0] : text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        return new MessageRecord(
                frame,
                "5.5.7",
                "5.5.7.Final",
                "BYTES",
                0,
                List.of(),
                NodeAddress.uuid(src),
                dest == null ? null : NodeAddress.uuid(dest),
                dest == null,
                "c",
                -1,
                0,
                List.of(new HeaderRecord(1, protocol, 1, "Header", f, protocol, 0, 0)),
                new Payload(length, null, head, null),
                null,
                List.of(),
                0,
                -1);
    }

    private static Manifest withScenario(
            List<Manifest.InstalledView> views, List<Manifest.RpcCall> calls, List<Manifest.LargeSent> large) {
        Manifest m = manifest("udp");
        return new Manifest(
                m.jgroupsVersion(),
                "udp",
                "x",
                "c",
                "x.pcapng",
                "f",
                m.ports(),
                1,
                0,
                m.members(),
                List.of(),
                List.of(),
                views,
                m.timings(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                calls,
                List.of(),
                large,
                List.of(),
                List.of());
    }

    @Test
    void reportsAMergeViewMissingFromTheWireAndAcceptsItWithItsSubgroups() {
        Manifest.InstalledView merge =
                new Manifest.InstalledView("A", "A", 4, List.of("A", "B"), List.of(List.of("B"), List.of("A")), 100);
        Manifest m = withScenario(
                List.of(new Manifest.InstalledView("A", "A", 1, List.of("A", "B")), merge), List.of(), List.of());
        MessageRecord full = message(A, null, null, view(1, A, B));
        List<String> problems = ManifestCheck.check(m, List.of(full));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("merge view A|4"), problems.get(0));
        ViewInfo wire = new ViewInfo(
                "MERGE_VIEW",
                NodeAddress.uuid(A),
                4,
                List.of(NodeAddress.uuid(A), NodeAddress.uuid(B)),
                -1,
                List.of(),
                List.of(),
                List.of(List.of(NodeAddress.uuid(A)), List.of(NodeAddress.uuid(B))));
        assertEquals(List.of(), ManifestCheck.check(m, List.of(full, message(A, null, null, wire))));
    }

    @Test
    void countsRpcRequestsAndResponsesPerCaller() {
        Manifest m = withScenario(
                List.of(),
                List.of(new Manifest.RpcCall(
                        "A",
                        null,
                        "rpc A#1 to all",
                        java.util.Map.of("A", "A got rpc A#1 to all", "B", "B got rpc A#1 to all"))),
                List.of());
        MessageRecord request = withHeader(A, null, "RequestCorrelator", new Object[] {"type", 0}, null, 10);
        MessageRecord response = withHeader(B, A, "RequestCorrelator", new Object[] {"type", 1}, null, 10);
        assertEquals(
                List.of(),
                ManifestCheck.check(m, List.of(request, response)).stream()
                        .filter(p -> p.startsWith("RPC"))
                        .toList());
        List<String> noResponse = ManifestCheck.check(m, List.of(request)).stream()
                .filter(p -> p.startsWith("RPC"))
                .toList();
        assertEquals(List.of("RPC response from B to A: 0 on the wire, expected 1 (udp)"), noResponse);
    }

    @Test
    void findsALargeMessageOnlyWhenAllItsFragmentsAreThere() {
        Manifest m = withScenario(
                List.of(), List.of(), List.of(new Manifest.LargeSent("A", null, 150_000, "00", "large A#1 150000")));
        MessageRecord f0 = withHeader(
                A,
                null,
                "FRAG2",
                new Object[] {"id", 1L, "frag_id", 0L, "num_frags", 3L},
                "large A#1 150000 rstuvwxyz",
                60_000);
        MessageRecord f1 =
                withHeader(A, null, "FRAG2", new Object[] {"id", 1L, "frag_id", 1L, "num_frags", 3L}, "abc", 60_000);
        MessageRecord f2 =
                withHeader(A, null, "FRAG2", new Object[] {"id", 1L, "frag_id", 2L, "num_frags", 3L}, "abc", 30_000);
        assertEquals(
                List.of(),
                ManifestCheck.check(m, List.of(f0, f1, f2)).stream()
                        .filter(p -> p.startsWith("large"))
                        .toList());
        List<String> missing = ManifestCheck.check(m, List.of(f0, f2)).stream()
                .filter(p -> p.startsWith("large"))
                .toList();
        assertEquals(1, missing.size(), missing.toString());
        assertTrue(missing.get(0).contains("0 complete fragment sets on the wire, expected 1"), missing.get(0));
    }

    @Test
    void manifestWithEveryScenarioFieldReadsBackAsWritten(@TempDir Path dir) throws Exception {
        Manifest m = new Manifest(
                "5.5.7",
                "relay2",
                "chat",
                "c",
                "x.pcapng",
                "f",
                List.of(1),
                1,
                0,
                manifest("udp").members(),
                List.of(),
                List.of(),
                List.of(new Manifest.InstalledView(
                        "A", "A", 4, List.of("A", "B"), List.of(List.of("B"), List.of("A")), 9)),
                manifest("udp").timings(),
                List.of(),
                List.of(),
                List.of("TCP", "RELAY2"),
                List.of(new Manifest.Step(5, "partition", List.of(), List.of(List.of("A"), List.of("B")))),
                List.of(new Manifest.RpcCall(
                        "A", null, "rpc A#1 to all", java.util.Map.of("B", "B got rpc A#1 to all"))),
                List.of(new Manifest.RpcHandled("B", "rpc A#1 to all")),
                List.of(new Manifest.LargeSent("A", null, 150_000, "ab", "large A#1 150000")),
                List.of(new Manifest.LargeReceived("B", "A", null, 150_000, "ab", "large A#1 150000")),
                List.of(new Manifest.Site("lon", List.of("A")), new Manifest.Site("nyc", List.of("B"))));
        Path file = dir.resolve("all.json");
        m.write(file);
        assertEquals(m, Manifest.read(file));
    }

    @Test
    void manifestReadsBackAsWritten(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("m.json");
        Manifest written = manifest("tcp");
        written.write(file);
        assertEquals(written, Manifest.read(file));
    }
}
