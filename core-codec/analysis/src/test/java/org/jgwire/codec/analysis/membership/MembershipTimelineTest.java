package org.jgwire.codec.analysis.membership;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.B;
import static org.jgwire.codec.analysis.Records.C;
import static org.jgwire.codec.analysis.Records.D;
import static org.jgwire.codec.analysis.Records.header;
import static org.jgwire.codec.analysis.Records.mergeView;
import static org.jgwire.codec.analysis.Records.message;
import static org.jgwire.codec.analysis.Records.view;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jgwire.codec.analysis.membership.MembershipEvent.Kind;
import org.jgwire.codec.model.HeaderRecord;
import org.junit.jupiter.api.Test;

class MembershipTimelineTest {
    private final MembershipTimeline t = new MembershipTimeline();
    private static final HeaderRecord GMS_VIEW = header("GMS", "GmsHeader", "type", "VIEW");

    private List<Kind> kinds() {
        return t.events().stream().map(MembershipEvent::kind).toList();
    }

    @Test
    void reportsEachViewOnceWithTheJoinedMembers() {
        t.accept(message(1, 0, A, null, 45588, view(A, 1, A, B), GMS_VIEW));
        t.accept(message(2, 1, A, B, 7801, view(A, 1, A, B), header("GMS", "GmsHeader", "type", "JOIN_RSP")));
        t.accept(message(3, 5, A, null, 45588, view(A, 2, A, B, C), GMS_VIEW));
        assertEquals(List.of(Kind.VIEW, Kind.VIEW, Kind.JOIN), kinds());
        assertEquals(List.of(C), t.events().get(2).subjects());
        assertEquals(3, t.events().get(2).packet());
    }

    @Test
    void onlyTheFirstViewOfAClusterIsMarkedFirst() {
        t.accept(message(1, 0, A, null, 45588, view(A, 1, A, B), GMS_VIEW));
        t.accept(message(2, 5, A, null, 45588, view(A, 2, A, B, C), GMS_VIEW));
        assertEquals(List.of(Kind.VIEW, Kind.VIEW, Kind.JOIN), kinds());
        assertEquals(
                List.of(true, false, false),
                t.events().stream().map(MembershipEvent::firstView).toList());
    }

    @Test
    void aMemberThatAskedToLeaveLeaves() {
        t.accept(message(1, 0, A, null, 45588, view(A, 1, A, B, C), GMS_VIEW));
        t.accept(message(2, 3, C, A, 7800, null, header("GMS", "GmsHeader", "type", "LEAVE_REQ", "mbr", C)));
        t.accept(message(3, 5, A, null, 45588, view(A, 2, A, B), GMS_VIEW));
        MembershipEvent leave = t.events().get(2);
        assertEquals(Kind.LEAVE, leave.kind());
        assertEquals(List.of(C), leave.subjects());
        assertTrue(leave.detail().contains("#2"), leave.detail());
    }

    @Test
    void aCoordinatorThatSendsTheViewWithoutItselfLeaves() {
        // 3.6: a leaving coordinator multicasts the view without itself; no LEAVE_REQ crosses the wire
        t.accept(message(1, 0, C, null, 45588, view(C, 4, C, A, B), GMS_VIEW));
        t.accept(message(2, 5, C, null, 45588, view(A, 5, A, B), GMS_VIEW));
        MembershipEvent leave = t.events().get(2);
        assertEquals(Kind.LEAVE, leave.kind(), t.events().toString());
        assertEquals(List.of(C), leave.subjects());
    }

    @Test
    void aCrashNamesTheFramesItRestsOn() {
        t.accept(message(1, 0, A, null, 45588, view(A, 3, A, B, C), GMS_VIEW));
        t.accept(message(2, 100, C, null, 45588, null, header("FD_ALL3", "HeartbeatHeader")));
        t.accept(message(
                3, 5000, A, C, 7800, null, header("VERIFY_SUSPECT", "VerifyHeader", "type", (short) 1, "from", A)));
        t.accept(message(4, 7000, A, null, 45588, view(A, 4, A, B), GMS_VIEW));
        MembershipEvent crash = t.events().get(3);
        assertEquals(Kind.CRASH, crash.kind(), t.events().toString());
        assertEquals(List.of(2L, 3L), crash.signs());
    }

    @Test
    void aCoordinatorThatVanishesAfterASuspicionCrashedAndTheNextMemberTakesOver() {
        t.accept(message(1, 0, A, null, 45588, view(A, 3, A, B, C), GMS_VIEW));
        t.accept(message(2, 100, A, null, 45588, null, header("FD_ALL3", "HeartbeatHeader")));
        // VERIFY_SUSPECT.VerifyHeader type 1 = ARE_YOU_DEAD, sent by B to the suspect A (the type as a number)
        t.accept(message(
                3, 9000, B, A, 7800, null, header("VERIFY_SUSPECT", "VerifyHeader", "type", (short) 1, "from", B)));
        t.accept(message(
                4, 9001, C, A, 7800, null, header("VERIFY_SUSPECT", "VerifyHeader", "type", (short) 1, "from", C)));
        t.accept(message(
                5, 9002, B, A, 7800, null, header("VERIFY_SUSPECT", "VerifyHeader", "type", (short) 1, "from", B)));
        t.accept(message(6, 11000, B, null, 45588, view(B, 4, B, C), GMS_VIEW));
        assertEquals(List.of(Kind.VIEW, Kind.SUSPECT, Kind.SUSPECT, Kind.VIEW, Kind.CRASH, Kind.COORDINATOR), kinds());
        MembershipEvent crash = t.events().get(4);
        assertEquals(List.of(A), crash.subjects());
        assertTrue(crash.detail().contains("ARE_YOU_DEAD"), crash.detail());
        assertTrue(crash.detail().contains("last heartbeat at #2 (10.9 s before)"), crash.detail());
        MembershipEvent coord = t.events().get(5);
        assertEquals(A, coord.by());
        assertEquals(List.of(B), coord.subjects());
    }

    @Test
    void aMemberGoneWithoutLeaveOrSuspicionIsRemoved() {
        t.accept(message(1, 0, A, null, 45588, view(A, 1, A, B), GMS_VIEW));
        t.accept(message(2, 5, A, null, 45588, view(A, 2, A), GMS_VIEW));
        assertEquals(Kind.REMOVED, t.events().get(2).kind());
    }

    @Test
    void partitionsKeepTheirOwnLinesAndMergeWithSubgroups() {
        t.accept(message(1, 0, A, null, 45588, view(A, 1, A, B, C, D), GMS_VIEW));
        // the partition: A keeps A, B; C starts its own view with C, D
        t.accept(message(2, 10, A, null, 45588, view(A, 2, A, B), GMS_VIEW));
        t.accept(message(3, 11, C, null, 45588, view(C, 2, C, D), GMS_VIEW));
        t.accept(message(4, 20, A, C, 7802, null, header("GMS", "GmsHeader", "type", "MERGE_REQ")));
        t.accept(message(
                5,
                30,
                A,
                null,
                45588,
                mergeView(A, 3, List.of(List.of(A, B), List.of(C, D)), A, B, C, D),
                header("GMS", "GmsHeader", "type", "INSTALL_MERGE_VIEW")));
        List<Kind> k = kinds();
        assertEquals(
                List.of(
                        Kind.VIEW,
                        Kind.VIEW,
                        Kind.REMOVED,
                        Kind.REMOVED,
                        Kind.VIEW,
                        Kind.REMOVED,
                        Kind.REMOVED,
                        Kind.COORDINATOR,
                        Kind.MERGE_START,
                        Kind.MERGE),
                k);
        MembershipEvent merge = t.events().get(9);
        assertEquals(List.of(List.of(A, B), List.of(C, D)), merge.view().subgroups());
        assertEquals(4, merge.view().members().size());
        t.finish();
        assertEquals(
                List.of(
                        Kind.VIEW,
                        Kind.VIEW,
                        Kind.PARTITION,
                        Kind.PARTITION,
                        Kind.VIEW,
                        Kind.PARTITION,
                        Kind.PARTITION,
                        Kind.COORDINATOR,
                        Kind.MERGE_START,
                        Kind.MERGE),
                kinds(),
                "back in the merge view");
        assertTrue(
                t.events().get(2).detail().endsWith("back in the merge view at #5"),
                t.events().get(2).detail());
    }

    @Test
    void aLeaveAnsweredWithoutAViewOnTheWireLeavesAtTheLeaveResponse() {
        t.accept(message(1, 0, A, B, 7801, view(A, 1, A, B), header("GMS", "GmsHeader", "type", "JOIN_RSP")));
        t.accept(message(2, 3, B, A, 7800, null, header("GMS", "GmsHeader", "type", "LEAVE_REQ", "mbr", B)));
        t.accept(message(3, 4, A, B, 7801, null, header("GMS", "GmsHeader", "type", "LEAVE_RSP")));
        t.accept(message(4, 9, A, B, 7801, null, header("UNICAST3", "UnicastHeader3", "type", "ACK")));
        assertEquals(List.of(Kind.VIEW), kinds());
        t.finish();
        assertEquals(List.of(Kind.VIEW, Kind.LEAVE), kinds());
        assertEquals(3, t.events().get(1).packet());
        assertEquals(List.of(B), t.events().get(1).subjects());
    }

    @Test
    void aMemberWhoseHeartbeatsStoppedLongBeforeTheViewCrashedEvenWithoutASuspicionOnTheWire() {
        t.accept(message(1, 0, A, null, 45588, view(A, 1, A, B, C), GMS_VIEW));
        for (int i = 0; i < 3; i++) { // every second, each once to B and once to A (TCP: a copy per member)
            t.accept(message(10 + 2 * i, 1000 * i, C, A, 7800, null, header("FD_ALL", "HeartbeatHeader")));
            t.accept(message(11 + 2 * i, 1000 * i + 1, C, B, 7801, null, header("FD_ALL", "HeartbeatHeader")));
            t.accept(message(20 + i, 1000 * i + 2, B, A, 7800, null, header("FD_ALL", "HeartbeatHeader")));
        }
        t.accept(message(25, 5500, B, A, 7800, null, header("FD_ALL", "HeartbeatHeader")));
        // B's last heartbeat is 0.5 s before the view (within its interval), C's 4 s (four intervals)
        t.accept(message(30, 6000, A, null, 45588, view(A, 2, A, B), GMS_VIEW));
        t.accept(message(31, 6001, A, null, 45588, view(A, 3, A), GMS_VIEW));
        assertEquals(List.of(Kind.VIEW, Kind.VIEW, Kind.CRASH, Kind.VIEW, Kind.REMOVED), kinds());
        assertTrue(
                t.events().get(2).detail().contains("heartbeats had stopped; last heartbeat at #14 (4.0 s before)"),
                t.events().get(2).detail());
    }
}
