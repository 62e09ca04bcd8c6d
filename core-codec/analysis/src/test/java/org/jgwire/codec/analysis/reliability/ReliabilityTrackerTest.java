package org.jgwire.codec.analysis.reliability;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.B;
import static org.jgwire.codec.analysis.Records.header;
import static org.jgwire.codec.analysis.Records.message;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jgwire.codec.model.HeaderRecord;
import org.junit.jupiter.api.Test;

class ReliabilityTrackerTest {
    private final ReliabilityTracker t = new ReliabilityTracker();

    private static HeaderRecord nak(String type, long seqno) {
        return header("NAKACK2", "NakAckHeader2", "type", type, "seqno", seqno, "sender", null);
    }

    private ReliabilityTracker.SenderStats only(String protocol) {
        List<ReliabilityTracker.SenderStats> s =
                t.snapshot().stream().filter(x -> x.protocol().equals(protocol)).toList();
        assertEquals(1, s.size(), s.toString());
        return s.get(0);
    }

    @Test
    void findsAGapInAMulticastStreamAndTheRetransmissionThatFillsIt() {
        t.accept(message(1, 0, A, null, 45588, null, nak("MSG", 1)));
        t.accept(message(2, 10, A, null, 45588, null, nak("MSG", 2)));
        t.accept(message(3, 20, A, null, 45588, null, nak("MSG", 5))); // 3 and 4 never on the wire
        t.accept(message(
                4,
                500,
                B,
                A,
                7800,
                null,
                header("NAKACK2", "NakAckHeader2", "type", "XMIT_REQ", "seqno", -1L, "sender", A)));
        t.accept(message(5, 520, A, B, 7801, null, nak("XMIT_RSP", 3)));
        ReliabilityTracker.SenderStats s = only("NAKACK2");
        assertEquals(A, s.sender());
        assertEquals(3, s.messages());
        assertEquals(5, s.highestSeqno());
        assertEquals(2, s.gaps());
        assertEquals(1, s.filled());
        assertEquals(1, s.stillMissing());
        assertEquals(1, s.xmitRequests());
        assertEquals(1, s.retransmissions());
        assertEquals(1, s.delays().count());
        assertEquals(20.0, s.delays().max(), 1e-9, "from the XMIT_REQ (the original never showed) to the XMIT_RSP");
    }

    @Test
    void aPathNamesTheReceiverThatAskedAndTheSenderItAskedWithTheFrames() {
        t.accept(message(1, 0, A, null, 45588, null, nak("MSG", 1)));
        t.accept(message(
                2,
                500,
                B,
                A,
                7800,
                null,
                header("NAKACK2", "NakAckHeader2", "type", "XMIT_REQ", "seqno", -1L, "sender", A)));
        t.accept(message(3, 520, A, B, 7801, null, nak("XMIT_RSP", 1)));
        List<ReliabilityTracker.LossPath> paths = t.paths();
        assertEquals(1, paths.size(), paths.toString());
        ReliabilityTracker.LossPath p = paths.get(0);
        assertEquals(B, p.receiver());
        assertEquals(A, p.sender());
        assertEquals(1, p.requests());
        assertEquals(1, p.answers());
        assertEquals(0, p.resends());
        assertEquals(List.of(2L, 3L), p.frames());
        assertEquals(20_000_000L, p.lastNs() - p.firstNs());
    }

    @Test
    void timesARetransmissionFromTheOriginalWhenTheWireShowedIt() {
        t.accept(message(1, 0, A, null, 45588, null, nak("MSG", 7)));
        t.accept(message(2, 300, A, B, 7801, null, nak("XMIT_RSP", 7)));
        assertEquals(300.0, only("NAKACK2").delays().p50(), 1e-9);
    }

    @Test
    void aUnicastDataSentAgainIsAResendAndCopiesToOtherEndpointsAreNot() {
        HeaderRecord d1 = header("UNICAST3", "UnicastHeader3", "type", "DATA", "seqno", 1L, "conn_id", (short) 0);
        HeaderRecord d2 = header("UNICAST3", "UnicastHeader3", "type", "DATA", "seqno", 2L, "conn_id", (short) 0);
        t.accept(message(1, 0, A, B, 7801, null, d1));
        t.accept(message(2, 0, A, B, 12001, null, d1)); // the same message on another path (TUNNEL: via the router)
        t.accept(message(3, 5, A, B, 7801, null, d2));
        t.accept(message(4, 505, A, B, 7801, null, d2)); // resent
        t.accept(message(5, 506, B, A, 7800, null, header("UNICAST3", "UnicastHeader3", "type", "ACK", "seqno", 2L)));
        ReliabilityTracker.SenderStats a = t.snapshot().stream()
                .filter(x -> x.sender().equals(A))
                .findFirst()
                .orElseThrow();
        assertEquals(2, a.streams());
        assertEquals(1, a.duplicates());
        assertEquals(1, a.retransmissions());
        assertEquals(500.0, a.delays().max(), 1e-9);
        assertEquals(0, a.gaps());
    }
}
