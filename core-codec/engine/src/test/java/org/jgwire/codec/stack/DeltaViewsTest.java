package org.jgwire.codec.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;
import org.junit.jupiter.api.Test;

class DeltaViewsTest {
    private static final NodeAddress A = NodeAddress.uuid("a"), B = NodeAddress.uuid("b"), C = NodeAddress.uuid("c");

    private long packet;

    private MessageRecord carrying(ViewInfo view) {
        FrameInfo f = new FrameInfo(++packet, packet * 1000, null, new Endpoint("127.0.0.1", 7800), Transport.UDP);
        return MessageRecord.builder(f)
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type("BYTES")
                .src(A)
                .multicast(true)
                .cluster("c")
                .view(view)
                .range(0, 60)
                .build();
    }

    private static ViewInfo delta(long id, long ref, List<NodeAddress> left, List<NodeAddress> joined) {
        return new ViewInfo("DELTA_VIEW", A, id, List.of(), ref, left, joined, List.of());
    }

    private static ViewInfo viewOf(Object record) {
        return ((MessageRecord) record).view();
    }

    @Test
    void deltaMessageWhoseBaseWasNeverCapturedKeepsItsIdBaseLeftAndJoinedMarkedUnresolved() {
        DeltaViews d = new DeltaViews();
        ViewInfo v = viewOf(d.expand(carrying(delta(7, 6, List.of(B), List.of(C)))));
        assertTrue(v.unresolved());
        assertEquals(7, v.id());
        assertEquals(A, v.creator());
        assertEquals(6, v.refId());
        assertEquals(List.of(B), v.left());
        assertEquals(List.of(C), v.joined());
        assertTrue(v.members().isEmpty());
    }

    @Test
    void messageCarryingTheBaseLaterLetsTheNextDeltaMessageExpand() {
        DeltaViews d = new DeltaViews();
        assertTrue(
                viewOf(d.expand(carrying(delta(7, 6, List.of(), List.of(C))))).unresolved());
        d.expand(carrying(new ViewInfo("VIEW", A, 8, List.of(A, B), -1, List.of(), List.of(), List.of())));
        ViewInfo v9 = viewOf(d.expand(carrying(delta(9, 8, List.of(B), List.of(C)))));
        assertFalse(v9.unresolved());
        assertEquals(List.of(A, C), v9.members());
    }
}
