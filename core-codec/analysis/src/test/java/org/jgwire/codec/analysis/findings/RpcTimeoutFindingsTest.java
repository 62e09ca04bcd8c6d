package org.jgwire.codec.analysis.findings;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.B;
import static org.jgwire.codec.analysis.Records.C;
import static org.jgwire.codec.analysis.Records.header;
import static org.jgwire.codec.analysis.Records.message;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.junit.jupiter.api.Test;

/**
 * {@code rpc-timeout} on the cases the slow-rpc samples do not show: a call never answered, told apart from one the
 * capture ended too soon after to tell, and an answer just within the threshold.
 */
class RpcTimeoutFindingsTest {
    private final RpcTracker rpc = new RpcTracker();
    private final RpcTimeoutFindings detector = new RpcTimeoutFindings(rpc, 10_000);

    /** RequestCorrelator.Header: REQ 0, RSP 1. */
    private static HeaderRecord rc(int type, long reqId) {
        return header("RequestCorrelator", "Header", "type", (byte) type, "req_id", reqId, "corrId", (short) 200);
    }

    private void feed(MessageRecord... records) {
        for (MessageRecord m : records) {
            rpc.accept(m);
            detector.accept(m);
        }
        rpc.finish();
        detector.finish();
    }

    @Test
    void aCallToOneMemberNeverAnsweredNamesThatMemberAndItsCaller() {
        feed(
                message(1, 0, A, C, 7800, null, rc(0, 7)), // A calls C
                message(2, 1, B, A, 7800, null, rc(0, 8)), // B calls A: answered at once
                message(3, 2, A, B, 7800, null, rc(1, 8)),
                message(4, 10_500, B, null, 7800, null)); // the capture goes on 10.5 s
        List<Finding> f = detector.result();
        assertEquals(1, f.size(), f.toString());
        assertEquals(List.of(C, A), f.get(0).members());
        assertEquals(1L, f.get(0).fields().get("unanswered"));
        assertEquals(0L, f.get(0).fields().get("late"));
        assertEquals(List.of(1L), f.get(0).frames());
    }

    @Test
    void aCallTheCaptureEndedTooSoonAfterIsNone() {
        feed(message(1, 0, A, C, 7800, null, rc(0, 7)), message(2, 9_000, B, null, 7800, null));
        assertEquals(List.of(), detector.result());
    }

    @Test
    void anAnswerWithinTheThresholdIsNoneAndOneAfterItIsLate() {
        feed(
                message(1, 0, A, C, 7800, null, rc(0, 7)),
                message(2, 9_999, C, A, 7800, null, rc(1, 7)), // within 10 s
                message(3, 20_000, A, C, 7800, null, rc(0, 9)),
                message(4, 31_000, C, A, 7800, null, rc(1, 9))); // 11 s
        List<Finding> f = detector.result();
        assertEquals(1, f.size(), f.toString());
        assertEquals(1L, f.get(0).fields().get("late"));
        assertEquals(11_000L, f.get(0).fields().get("slowest_ms"));
        assertEquals(List.of(3L, 4L), f.get(0).frames());
    }
}
