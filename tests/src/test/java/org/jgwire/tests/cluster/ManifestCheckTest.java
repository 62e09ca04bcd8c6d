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
        return new Manifest("5.5.7", stack, "chat", "c", "x.pcap", "udp and (port 1)", List.of(1, 2), 10, 0,
                List.of(new Manifest.Member("A", A, "127.0.0.1:1"), new Manifest.Member("B", B, "127.0.0.1:2")),
                List.of(new Manifest.SentMessage("A", null, "chat A#1 to all"),
                        new Manifest.SentMessage("A", "B", "chat A#3 to B")),
                List.of(new Manifest.ReceivedMessage("B", "A", null, "chat A#1 to all")),
                List.of(new Manifest.InstalledView("A", "A", 1, List.of("A", "B")),
                        new Manifest.InstalledView("B", "A", 1, List.of("A", "B"))),
                new Manifest.Timings("2026-01-01T00:00:00Z", 1, 2, 3, 6));
    }

    private static MessageRecord message(String src, String dest, String text, ViewInfo view) {
        FrameInfo frame = new FrameInfo(1, -1, new Endpoint("127.0.0.1", 1), new Endpoint("127.0.0.1", 2), Transport.UDP);
        Payload payload = text == null ? Payload.EMPTY : new Payload(text.length(), text, new byte[0], null);
        return new MessageRecord(frame, "5.5.7", "5.5.7.Final", "BYTES", 0, List.of(), NodeAddress.uuid(src),
                dest == null ? null : NodeAddress.uuid(dest), dest == null, "c", -1, 0, List.of(), payload, view,
                List.of(), 0, -1);
    }

    private static ViewInfo view(long id, String... members) {
        List<NodeAddress> m = new ArrayList<>();
        for (String u : members) m.add(NodeAddress.uuid(u));
        return new ViewInfo("VIEW", NodeAddress.uuid(A), id, m, -1, List.of(), List.of(), List.of());
    }

    @Test
    void acceptsOneCopyPerUdpSendAndTheFullView() {
        List<Record> wire = List.of(message(A, null, null, view(1, A, B)), message(A, null, "chat A#1 to all", null),
                message(A, B, "chat A#3 to B", null));
        assertEquals(List.of(), ManifestCheck.check(manifest("udp"), wire));
    }

    @Test
    void reportsMissingCopiesWrongSenderAndMissingView() {
        List<Record> wire = List.of(message(B, null, "chat A#1 to all", null), message(A, B, "chat A#3 to B", null),
                message(A, B, "chat A#3 to B", null), message(A, null, null, view(1, B, A)));
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

    @Test
    void manifestReadsBackAsWritten(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("m.json");
        Manifest written = manifest("tcp");
        written.write(file);
        assertEquals(written, Manifest.read(file));
    }
}
