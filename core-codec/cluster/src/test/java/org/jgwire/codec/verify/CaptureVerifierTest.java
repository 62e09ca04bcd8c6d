package org.jgwire.codec.verify;

import static org.jgwire.codec.cluster.TestManifests.A;
import static org.jgwire.codec.cluster.TestManifests.B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.cluster.TestManifests;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;
import org.junit.jupiter.api.Test;

/** CaptureVerifier against hand-made decoder records: what it accepts, and each mismatch it must name. */
class CaptureVerifierTest {
    private static final FrameInfo FRAME =
            new FrameInfo(1, -1, new Endpoint("127.0.0.1", 1), new Endpoint("127.0.0.1", 2), Transport.UDP);

    private static MessageRecord message(
            String src, String dest, Payload payload, ViewInfo view, List<HeaderRecord> headers, List<Discovery> d) {
        return message(FRAME, src, dest, payload, view, headers, d);
    }

    private static MessageRecord message(
            FrameInfo frame,
            String src,
            String dest,
            Payload payload,
            ViewInfo view,
            List<HeaderRecord> headers,
            List<Discovery> d) {
        return MessageRecord.builder(frame)
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type("BYTES")
                .src(NodeAddress.uuid(src))
                .dest(dest == null ? null : NodeAddress.uuid(dest))
                .multicast(dest == null)
                .cluster("c")
                .headers(headers)
                .payload(payload)
                .view(view)
                .discovery(d)
                .build();
    }

    private static MessageRecord message(String src, String dest, String text, ViewInfo view) {
        Payload payload = text == null ? Payload.EMPTY : new Payload(text.length(), text, new byte[0], null);
        return message(src, dest, payload, view, List.of(), List.of());
    }

    /** A discovery response naming A and B with their manifest's physical addresses. */
    private static MessageRecord naming() {
        List<Discovery> d = List.of(
                new Discovery(NodeAddress.uuid(A), "A", "127.0.0.1:1", true, "discovery"),
                new Discovery(NodeAddress.uuid(B), "B", "127.0.0.1:2", false, "discovery"));
        return message(A, B, Payload.EMPTY, null, List.of(), d);
    }

    private static HeaderRecord header(String protocol, Object... fields) {
        List<HeaderField> f = new ArrayList<>();
        for (int i = 0; i < fields.length; i += 2) f.add(new HeaderField((String) fields[i], fields[i + 1]));
        return new HeaderRecord(1, protocol, 1, HeaderClass.RPC, f, protocol, 0, 0);
    }

    private static MessageRecord withHeader(String src, String dest, HeaderRecord h, String head, int length) {
        byte[] bytes = head == null ? new byte[0] : head.getBytes(StandardCharsets.US_ASCII);
        return message(src, dest, new Payload(length, null, bytes, null), null, List.of(h), List.of());
    }

    private static ViewInfo view(long id, String... members) {
        List<NodeAddress> m = new ArrayList<>();
        for (String u : members) m.add(NodeAddress.uuid(u));
        return new ViewInfo("VIEW", NodeAddress.uuid(A), id, m, -1, List.of(), List.of(), List.of());
    }

    private static CaptureVerifier verify(Manifest m, List<? extends Record> wire) {
        CaptureVerifier v = new CaptureVerifier(m);
        wire.forEach(v);
        return v;
    }

    /** The problems as the text report prints them, without the column padding. */
    private static List<String> problems(VerifyReport r, String category) {
        return r.problems().stream()
                .filter(i -> i.category().equals(category))
                .map(i -> i.outcome() + " " + i.item() + ": " + i.detail())
                .toList();
    }

    @Test
    void acceptsOneCopyPerUdpSendTheNamesAndTheFullView() {
        List<Record> wire = List.of(
                naming(),
                message(A, null, null, view(1, A, B)),
                message(A, null, "chat A#1 to all", null),
                message(A, B, "chat A#3 to B", null));
        VerifyReport r = verify(TestManifests.chat("udp"), wire).report();
        assertEquals(List.of(), r.problems());
        assertEquals(2, r.count("message", Outcome.OK));
        assertEquals(2, r.count("name", Outcome.OK));
        assertEquals(1, r.count("view", Outcome.OK)); // full view and both final views: A|1
    }

    @Test
    void reportsMissingCopiesWrongSenderAndMissingView() {
        List<Record> wire = List.of(
                naming(),
                message(B, null, "chat A#1 to all", null),
                message(A, B, "chat A#3 to B", null),
                message(A, B, "chat A#3 to B", null),
                message(A, null, null, view(1, B, A)));
        VerifyReport r = verify(TestManifests.chat("udp"), wire).report();
        assertEquals(
                List.of(
                        "MISSING 'chat A#1 to all' A -> all: 0 of 1 copy (udp)",
                        "MISMATCH 'chat A#1 to all' A -> all: packet 1 has src " + B,
                        "EXTRA 'chat A#3 to B' A -> B: 2 of 1 copy (udp)"),
                problems(r, "message"));
        assertEquals(
                List.of(
                        "MISMATCH A|1 [A, B] (full view, final view of A, final view of B): on the wire with members"
                                + " [B, A]",
                        "EXTRA A|1 [B, A]: on the wire; no member installed it"),
                problems(r, "view"));
        assertEquals(5, r.problems().size(), r.problems().toString());
    }

    @Test
    void countsAUnicastCopySentAgainOnItsConnectionApart() {
        HeaderRecord data = header("UNICAST3", "type", "DATA", "conn_id", 1, "seqno", 7L);
        Payload text = new Payload(13, "chat A#3 to B", new byte[0], null);
        MessageRecord copy = message(A, B, text, null, List.of(data), List.of());
        List<Record> wire = List.of(
                naming(), message(A, null, null, view(1, A, B)), message(A, null, "chat A#1 to all", null), copy, copy);
        CaptureVerifier v = verify(TestManifests.chat("udp"), wire);
        assertEquals(List.of(), v.report().problems());
        assertEquals(1, v.retransmissions());
        assertTrue(
                v.report()
                        .items()
                        .contains(new VerifyItem(
                                "message", "'chat A#3 to B' A -> B", Outcome.OK, "1 of 1 copy (udp), 1 retransmitted")),
                v.report().items().toString());
    }

    /**
     * TCP_NIO2, two members connecting to each other at once: A writes a unicast to the connection it opened, which
     * B then closes as the one it does not keep, and UNICAST3 resends it on the kept one, which B opened. Both copies
     * are on the wire, between other ports; the second is a retransmission, not an extra copy.
     */
    @Test
    void aUnicastResentOnAnotherConnectionOfTheSameMembersIsNotExtra() {
        HeaderRecord data = header("UNICAST3", "type", "DATA", "conn_id", 0, "seqno", 2L);
        Payload text = new Payload(13, "chat A#3 to B", new byte[0], null);
        FrameInfo closed =
                new FrameInfo(7, -1, new Endpoint("127.0.0.1", 41234), new Endpoint("127.0.0.1", 7801), Transport.TCP);
        FrameInfo kept =
                new FrameInfo(9, -1, new Endpoint("127.0.0.1", 7800), new Endpoint("127.0.0.1", 41240), Transport.TCP);
        List<Record> wire = List.of(
                naming(),
                message(A, null, null, view(1, A, B)),
                message(A, null, "chat A#1 to all", null),
                message(closed, A, B, text, null, List.of(data), List.of()),
                message(kept, A, B, text, null, List.of(data), List.of()));
        CaptureVerifier v = verify(TestManifests.chat("tcp-nio"), wire);
        assertEquals(List.of(), problems(v.report(), "message"));
        assertEquals(1, v.retransmissions());
        // the same seqno from another conn_id is another message: extra
        HeaderRecord other = header("UNICAST3", "type", "DATA", "conn_id", 1, "seqno", 2L);
        List<Record> twice = new ArrayList<>(wire.subList(0, 4));
        twice.add(message(kept, A, B, text, null, List.of(other), List.of()));
        assertEquals(
                List.of("EXTRA 'chat A#3 to B' A -> B: 2 of 1 copy (tcp-nio)"),
                problems(verify(TestManifests.chat("tcp-nio"), twice).report(), "message"));
    }

    /**
     * NAKACK2 resends a lost multicast in an XMIT_RSP addressed to the member that asked for it: that copy stands in
     * for the lost one, and a resent copy whose first copy is on the wire is neither extra nor a wrong destination.
     */
    @Test
    void aMulticastLostAndResentInAnXmitRspCountsAsItsCopy() {
        HeaderRecord xmit = header("NAKACK2", "type", "XMIT_RSP", "seqno", 4L);
        MessageRecord resent =
                message(A, B, new Payload(15, "chat A#1 to all", new byte[0], null), null, List.of(xmit), List.of());
        List<Record> base =
                List.of(naming(), message(A, null, null, view(1, A, B)), message(A, B, "chat A#3 to B", null));

        List<Record> lost = new ArrayList<>(base);
        lost.add(resent);
        VerifyReport r = verify(TestManifests.chat("udp"), lost).report();
        assertEquals(List.of(), r.problems());
        assertTrue(
                r.items()
                        .contains(new VerifyItem(
                                "message",
                                "'chat A#1 to all' A -> all",
                                Outcome.OK,
                                "1 of 1 copy (udp), 1 retransmitted")),
                r.items().toString());

        assertEquals(1, verify(TestManifests.chat("udp"), lost).retransmissionsOfLostCopies());

        List<Record> both = new ArrayList<>(base);
        both.add(message(A, null, "chat A#1 to all", null));
        both.add(resent);
        both.add(resent);
        CaptureVerifier resentTwice = verify(TestManifests.chat("udp"), both);
        assertEquals(List.of(), resentTwice.report().problems());
        assertEquals(2, resentTwice.retransmissions());
        assertEquals(0, resentTwice.retransmissionsOfLostCopies());

        assertEquals(
                List.of("MISSING 'chat A#1 to all' A -> all: 0 of 1 copy (udp)"),
                problems(verify(TestManifests.chat("udp"), base).report(), "message"));
    }

    /** Load multicasts are told apart by their number: a resent one fills only the gap its number left. */
    @Test
    void loadCopiesLostAndResentAreCountedOnceByTheirNumber() {
        Manifest chat = TestManifests.chat("udp");
        Manifest load = new Manifest(
                chat.jgroupsVersion(),
                "udp",
                "load:3:20",
                "c",
                "x.pcapng",
                "f",
                chat.ports(),
                1,
                0,
                chat.members(),
                List.of(),
                List.of(),
                chat.views(),
                chat.timings(),
                List.of(new Manifest.LoadSent("A", 3, 20, 5)),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of());
        HeaderRecord msg = header("NAKACK2", "type", "MSG", "seqno", 1L);
        HeaderRecord xmit = header("NAKACK2", "type", "XMIT_RSP", "seqno", 1L);
        List<Record> wire = new ArrayList<>(List.of(naming(), message(A, null, null, view(1, A, B))));
        wire.add(withHeader(A, null, msg, "load A#1/3 .....", 20));
        wire.add(withHeader(A, null, msg, "load A#3/3 .....", 20));
        wire.add(withHeader(A, B, xmit, "load A#2/3 .....", 20)); // #2 was lost
        wire.add(withHeader(A, B, xmit, "load A#3/3 .....", 20)); // #3 reached the wire, B lost it
        VerifyReport r = verify(load, wire).report();
        assertEquals(List.of(), r.problems());
        assertTrue(
                r.items()
                        .contains(new VerifyItem(
                                "load",
                                "3 load messages from A",
                                Outcome.OK,
                                "3 of 3 copies on the wire, 2 retransmitted")),
                r.items().toString());

        wire.remove(wire.size() - 2); // without the resent #2 one copy is missing, whatever else was resent
        assertEquals(
                List.of("MISSING 3 load messages from A: 2 of 3 copies on the wire, 1 retransmitted"),
                problems(verify(load, wire).report(), "load"));
    }

    @Test
    void expectsOneTcpCopyPerOtherMemberAndTunnelCopiesThroughTheRouter() {
        Manifest.SentMessage mcast = TestManifests.chat("tcp").sent().get(0);
        Manifest.SentMessage ucast = TestManifests.chat("tcp").sent().get(1);
        assertEquals(1, StackRules.expectedCopies(TestManifests.chat("tcp"), mcast)); // to B only; A loops back
        assertEquals(1, StackRules.expectedCopies(TestManifests.chat("tcp"), ucast));
        assertEquals(3, StackRules.expectedCopies(TestManifests.chat("tunnel"), mcast)); // to router, router to A, B
        assertEquals(2, StackRules.expectedCopies(TestManifests.chat("tunnel"), ucast));
    }

    @Test
    void reportsAMergeViewMissingFromTheWireAndAcceptsItWithItsSubgroups() {
        Manifest.InstalledView merge =
                new Manifest.InstalledView("A", "A", 4, List.of("A", "B"), List.of(List.of("B"), List.of("A")), 100);
        Manifest m = TestManifests.withScenario(
                "partition-merge",
                List.of(new Manifest.InstalledView("A", "A", 1, List.of("A", "B")), merge),
                List.of(),
                List.of());
        MessageRecord full = message(A, null, null, view(1, A, B));
        List<String> problems = problems(verify(m, List.of(naming(), full)).report(), "merge");
        assertEquals(1, problems.size(), problems.toString());
        assertEquals(
                "MISSING A|4 [A, B] of [[B], [A]]: not on the wire as a MERGE_VIEW with members [" + A + ", " + B + "]",
                problems.get(0));
        ViewInfo wire = new ViewInfo(
                "MERGE_VIEW",
                NodeAddress.uuid(A),
                4,
                List.of(NodeAddress.uuid(A), NodeAddress.uuid(B)),
                -1,
                List.of(),
                List.of(),
                List.of(List.of(NodeAddress.uuid(A)), List.of(NodeAddress.uuid(B))));
        VerifyReport r =
                verify(m, List.of(naming(), full, message(A, null, null, wire))).report();
        assertEquals(List.of(), r.problems());
        assertEquals(1, r.count("merge", Outcome.OK));
    }

    @Test
    void countsRpcRequestsAndResponsesPerCaller() {
        Manifest m = TestManifests.withScenario(
                "rpc",
                List.of(),
                List.of(new Manifest.RpcCall(
                        "A", null, "rpc A#1 to all", Map.of("A", "A got rpc A#1 to all", "B", "B got rpc A#1 to all"))),
                List.of());
        MessageRecord request = withHeader(A, null, header("RequestCorrelator", "type", 0), null, 10);
        MessageRecord response = withHeader(B, A, header("RequestCorrelator", "type", 1), null, 10);
        assertEquals(List.of(), problems(verify(m, List.of(request, response)).report(), "rpc"));
        List<String> noResponse = verify(m, List.of(request)).report().problems().stream()
                .filter(i -> i.category().equals("rpc"))
                .map(VerifyItem::detail)
                .toList();
        assertEquals(List.of("0 on the wire, expected 1 (udp)"), noResponse);
    }

    /**
     * A busy machine delays acks: UNICAST3 resends a response unchanged and NAKACK2 a request in an XMIT_RSP. Each is
     * one call's copy, counted once; a response with another seqno is another copy.
     */
    @Test
    void countsAnRpcCopySentAgainOnce() {
        Manifest m = TestManifests.withScenario(
                "rpc",
                List.of(),
                List.of(new Manifest.RpcCall(
                        "A", null, "rpc A#1 to all", Map.of("A", "A got rpc A#1 to all", "B", "B got rpc A#1 to all"))),
                List.of());
        HeaderRecord req = header("RequestCorrelator", "type", 0);
        HeaderRecord rsp = header("RequestCorrelator", "type", 1);
        MessageRecord request = message(
                A, null, Payload.EMPTY, null, List.of(header("NAKACK2", "type", "MSG", "seqno", 5L), req), List.of());
        MessageRecord requestResent = message(
                A, B, Payload.EMPTY, null, List.of(header("NAKACK2", "type", "XMIT_RSP", "seqno", 5L), req), List.of());
        HeaderRecord data = header("UNICAST3", "type", "DATA", "conn_id", 1, "seqno", 3L);
        MessageRecord response = message(B, A, Payload.EMPTY, null, List.of(data, rsp), List.of());
        assertEquals(
                List.of(),
                problems(
                        verify(m, List.of(request, requestResent, response, response))
                                .report(),
                        "rpc"));
        HeaderRecord next = header("UNICAST3", "type", "DATA", "conn_id", 1, "seqno", 4L);
        MessageRecord another = message(B, A, Payload.EMPTY, null, List.of(next, rsp), List.of());
        assertEquals(
                List.of("MISMATCH RPC response from B to A: 2 on the wire, expected 1 (udp)"),
                problems(verify(m, List.of(request, response, another)).report(), "rpc"));
    }

    @Test
    void findsALargeMessageOnlyWhenAllItsFragmentsAreThere() {
        Manifest m = TestManifests.withScenario(
                "large",
                List.of(),
                List.of(),
                List.of(new Manifest.LargeSent("A", null, 150_000, "00", "large A#1 150000")));
        MessageRecord f0 = withHeader(
                A,
                null,
                header("FRAG2", "id", 1L, "frag_id", 0L, "num_frags", 3L),
                "large A#1 150000 rstuvwxyz",
                60_000);
        MessageRecord f1 =
                withHeader(A, null, header("FRAG2", "id", 1L, "frag_id", 1L, "num_frags", 3L), "abc", 60_000);
        MessageRecord f2 =
                withHeader(A, null, header("FRAG2", "id", 1L, "frag_id", 2L, "num_frags", 3L), "abc", 30_000);
        VerifyReport whole = verify(m, List.of(f0, f1, f2)).report();
        assertEquals(List.of(), problems(whole, "large"));
        assertEquals(1, whole.count("large", Outcome.OK));
        List<String> missing = problems(verify(m, List.of(f0, f2)).report(), "large");
        assertEquals(1, missing.size(), missing.toString());
        assertTrue(missing.get(0).contains("0 complete fragment sets on the wire, expected 1"), missing.get(0));
    }

    @Test
    void countsALargeMessageReassembledWholeFromItsSender() {
        Manifest m = TestManifests.withScenario(
                "large",
                List.of(),
                List.of(),
                List.of(new Manifest.LargeSent("A", null, 150_000, "00", "large A#1 150000")));
        byte[] head = "large A#1 150000 abc".getBytes(StandardCharsets.US_ASCII);
        Payload text = new Payload(150_000, "large A#1 150000 abc", head, null);
        MessageRecord fromA = message(A, null, text, null, List.of(header("NAKACK2", "type", "MSG")), List.of());
        MessageRecord fromB = message(B, null, new Payload(150_000, null, head, null), null, List.of(), List.of());
        assertEquals(
                List.of("MISSING 'large A#1 150000' A -> all: 150000 bytes: 0 complete fragment sets on the wire,"
                        + " expected 1 (udp)"),
                problems(verify(m, List.of(fromB)).report(), "large"));
        VerifyReport r = verify(m, List.of(fromA)).report();
        assertEquals(List.of(), problems(r, "large"));
        assertEquals(0, r.count("message", Outcome.EXTRA), "a large message is no extra message");
    }
}
