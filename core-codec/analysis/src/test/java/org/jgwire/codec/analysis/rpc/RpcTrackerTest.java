package org.jgwire.codec.analysis.rpc;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.B;
import static org.jgwire.codec.analysis.Records.C;
import static org.jgwire.codec.analysis.Records.header;
import static org.jgwire.codec.analysis.Records.message;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Payload;
import org.junit.jupiter.api.Test;

class RpcTrackerTest {
    private final RpcTracker t = new RpcTracker();

    /** RequestCorrelator.Header: type as a number (REQ 0, RSP 1, EXC_RSP 2), req_id, corrId. */
    private static HeaderRecord rc(int type, long reqId) {
        return header("RequestCorrelator", "Header", "type", (byte) type, "req_id", reqId, "corrId", (short) 200);
    }

    /** A request whose payload starts like MethodCall.writeTo: useIds=false, then writeString: 1, u16 len, name. */
    private static MessageRecord call(long packet, long ms, String method, long reqId) {
        byte[] name = method.getBytes(StandardCharsets.US_ASCII);
        byte[] head = new byte[4 + name.length];
        head[0] = 0; // useIds
        head[1] = 1; // Bits.writeString: not null
        head[2] = 0;
        head[3] = (byte) name.length;
        System.arraycopy(name, 0, head, 4, name.length);
        MessageRecord m = message(packet, ms, A, null, 45588, null, rc(0, reqId));
        return MessageRecord.builder(m.frame())
                .version(m.version())
                .decodedWith(m.decodedWith())
                .type("OBJECT")
                .flags(0, m.flagNames())
                .src(A)
                .multicast(true)
                .cluster("c")
                .headers(m.headers())
                .payload(new Payload(head.length + 10, null, head, "org.jgroups.blocks.MethodCall"))
                .discovery(m.discovery())
                .range(0, 60)
                .build();
    }

    @Test
    void pairsAMulticastRequestWithEachResponderOnce() {
        t.accept(call(1, 0, "put", 5));
        t.accept(call(2, 0, "put", 5)); // a copy (TCP: one per member)
        t.accept(message(3, 4, B, A, 7800, null, rc(1, 5)));
        t.accept(message(4, 8, C, A, 7800, null, rc(2, 5)));
        t.accept(message(5, 9, C, A, 7800, null, rc(2, 5))); // a copy of C's response
        RpcTracker.RpcStats s = t.snapshot();
        assertEquals(1, s.requests());
        assertEquals(1, s.copies());
        assertEquals(2, s.responses());
        assertEquals(1, s.exceptions());
        assertEquals(0, s.unanswered());
        RpcTracker.MethodSummary put = s.methods().get(0);
        assertEquals("put", put.method());
        assertEquals(2, put.latency().count());
        assertEquals(8.0, put.latency().max(), 1e-9);
        assertEquals(4.0, put.latency().p50(), 1e-9);
    }

    @Test
    void handsEachResponderFirstResponseOverWithItsRequestsIndex() {
        List<RpcTracker.Pair> pairs = new ArrayList<>();
        t.onPair(pairs::add);
        t.accept(message(1, 0, B, null, 7800, null)); // index 0: no correlator header
        t.accept(call(2, 10, "put", 5)); // index 1
        t.accept(call(3, 10, "put", 5)); // index 2: a copy
        t.accept(message(4, 14, B, A, 7800, null, rc(1, 5))); // index 3
        t.accept(message(5, 15, B, A, 7800, null, rc(1, 5))); // index 4: a copy of B's response
        t.accept(message(6, 18, C, A, 7800, null, rc(2, 5))); // index 5
        t.accept(message(7, 19, C, B, 7800, null, rc(1, 5))); // index 6: B never asked
        assertEquals(2, pairs.size());
        RpcTracker.Pair b = pairs.get(0), c = pairs.get(1);
        assertEquals(1, b.requestIndex());
        assertEquals(2, b.requestPacket());
        assertEquals(3, b.responseIndex());
        assertEquals(B, b.response().src());
        assertEquals("put", b.method());
        assertEquals(4.0, b.latencyMs(), 1e-9);
        assertEquals(false, b.exception());
        assertEquals(1, c.requestIndex());
        assertEquals(5, c.responseIndex());
        assertEquals(8.0, c.latencyMs(), 1e-9);
        assertEquals(true, c.exception());
    }

    @Test
    void listsRequestsWithoutResponsesAndIgnoresOneWayCalls() {
        t.accept(call(1, 0, "get", 1));
        t.accept(call(2, 0, "notify", 0)); // req_id 0: no response expected
        t.accept(message(3, 1, B, A, 7800, null, rc(1, 99))); // to a request not in the capture
        RpcTracker.RpcStats s = t.snapshot();
        assertEquals(1, s.unanswered());
        assertEquals("get", s.unansweredList().get(0).method());
        assertEquals(1, s.unansweredList().get(0).packet());
        assertEquals(1, s.oneWay());
        assertEquals(1, s.orphans());
    }
}
