package org.jgwire.codec.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;
import org.junit.jupiter.api.Test;

class ViewHistoryTest {
    private static final NodeAddress A = NodeAddress.uuid("a"),
            B = NodeAddress.uuid("b"),
            C = NodeAddress.uuid("c"),
            D = NodeAddress.uuid("d");

    private static ViewInfo full(NodeAddress creator, long id, NodeAddress... members) {
        return new ViewInfo("VIEW", creator, id, List.of(members), -1, List.of(), List.of(), List.of());
    }

    private static ViewInfo delta(
            NodeAddress creator, long id, long ref, List<NodeAddress> left, List<NodeAddress> joined) {
        return new ViewInfo("DELTA_VIEW", creator, id, List.of(), ref, left, joined, List.of());
    }

    @Test
    void expandsDeltaAsJGroupsDoes() {
        ViewHistory h = new ViewHistory(Limits.DEFAULTS.maxViews());
        h.add(full(A, 3, A, B, C));
        ViewInfo v4 = h.add(delta(A, 4, 3, List.of(B), List.of(D)));
        assertEquals(List.of(A, C, D), v4.members(), "ref minus left, then joined appended");
        assertFalse(v4.unresolved());
        assertEquals("DELTA_VIEW", v4.kind());
    }

    @Test
    void nullAddressesInADamagedDeltaAreNoMembers() {
        // found by fuzzing: a 5.5.7 delta view whose left list holds a NULL address (Util.writeAddress)
        ViewHistory h = new ViewHistory(Limits.DEFAULTS.maxViews());
        h.add(full(A, 3, A, B, C));
        ViewInfo v4 = h.add(delta(A, 4, 3, Arrays.asList(B, null), Arrays.asList(null, D)));
        assertEquals(List.of(A, C, D), v4.members());
    }

    @Test
    void chainsDeltasOnExpandedDeltas() {
        ViewHistory h = new ViewHistory(Limits.DEFAULTS.maxViews());
        h.add(full(A, 1, A));
        h.add(delta(A, 2, 1, List.of(), List.of(B)));
        ViewInfo v3 = h.add(delta(A, 3, 2, List.of(), List.of(C)));
        assertEquals(List.of(A, B, C), v3.members());
    }

    @Test
    void deltaOfAnUnseenViewShowsWhatItKnowsMarkedUnresolved() {
        ViewHistory h = new ViewHistory(Limits.DEFAULTS.maxViews());
        ViewInfo out = h.add(delta(A, 9, 8, List.of(C), List.of(B)));
        assertTrue(out.unresolved(), "view 8 was never seen");
        assertEquals("DELTA_VIEW", out.kind());
        assertEquals(A, out.creator());
        assertEquals(9, out.id());
        assertEquals(8, out.refId());
        assertEquals(List.of(C), out.left());
        assertEquals(List.of(B), out.joined());
        assertTrue(out.members().isEmpty());
    }

    @Test
    void fullViewSeenLaterLetsTheNextDeltaExpand() {
        ViewHistory h = new ViewHistory(Limits.DEFAULTS.maxViews());
        assertTrue(h.add(delta(A, 4, 3, List.of(), List.of(B))).unresolved());
        h.add(full(A, 5, A, B, C));
        ViewInfo v6 = h.add(delta(A, 6, 5, List.of(B), List.of(D)));
        assertFalse(v6.unresolved());
        assertEquals(List.of(A, C, D), v6.members());
    }

    @Test
    void baseSeenLaterResolvesTheUnresolvedDeltasLeadingToTheNextDelta() {
        ViewHistory h = new ViewHistory(Limits.DEFAULTS.maxViews());
        // capture started after view 3: deltas 4 and 5 cannot be expanded when they arrive
        assertTrue(h.add(delta(A, 4, 3, List.of(), List.of(C))).unresolved());
        assertTrue(h.add(delta(A, 5, 4, List.of(B), List.of())).unresolved());
        // view 3 seen afterwards (a JOIN_RSP to a late joiner, a retransmission)
        h.add(full(A, 3, A, B));
        ViewInfo v6 = h.add(delta(A, 6, 5, List.of(), List.of(D)));
        assertFalse(v6.unresolved());
        assertEquals(List.of(A, C, D), v6.members(), "3 [A,B] +C -> 4 [A,B,C] -B -> 5 [A,C] +D -> 6");
    }

    @Test
    void deltasReferringInACircleStayUnresolved() {
        ViewHistory h = new ViewHistory(Limits.DEFAULTS.maxViews());
        h.add(delta(A, 4, 5, List.of(), List.of(B)));
        h.add(delta(A, 5, 4, List.of(), List.of(C)));
        ViewInfo v6 = h.add(delta(A, 6, 5, List.of(), List.of(D)));
        assertTrue(v6.unresolved());
        assertTrue(v6.members().isEmpty());
    }

    @Test
    void deltaAfterCoordinatorChangeFindsTheReferenceByCounter() {
        ViewHistory h = new ViewHistory(Limits.DEFAULTS.maxViews());
        h.add(full(A, 5, A, B, C));
        // B took over after A crashed: its delta refers to A's view 5
        ViewInfo v6 = h.add(delta(B, 6, 5, List.of(A), List.of()));
        assertEquals(List.of(B, C), v6.members());
    }

    @Test
    void forgetsTheOldestViewsBeyondItsBound() {
        ViewHistory h = new ViewHistory(Limits.DEFAULTS.maxViews());
        for (int i = 1; i <= Limits.DEFAULTS.maxViews() + 1; i++) h.add(full(A, i, A, B));
        assertTrue(h.add(delta(A, 99_999, 1, List.of(), List.of(C))).members().isEmpty(), "view 1 was evicted");
        assertEquals(
                List.of(A, B, C),
                h.add(delta(A, 99_998, 2, List.of(), List.of(C))).members());
    }
}
