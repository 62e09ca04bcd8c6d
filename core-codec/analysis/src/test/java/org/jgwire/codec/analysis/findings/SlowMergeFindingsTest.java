package org.jgwire.codec.analysis.findings;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.B;
import static org.jgwire.codec.analysis.Records.C;
import static org.jgwire.codec.analysis.Records.header;
import static org.jgwire.codec.analysis.Records.mergeView;
import static org.jgwire.codec.analysis.Records.message;
import static org.jgwire.codec.analysis.Records.view;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.junit.jupiter.api.Test;

/** {@code slow-merge}: the start at the INFO heard, failed attempts, the threshold, and overlapping subgroups. */
class SlowMergeFindingsTest {
    private static final HeaderRecord GMS_VIEW = header("GMS", "GmsHeader", "type", "VIEW");

    private static HeaderRecord info(String viewId) {
        return header("MERGE3", "MergeHeader", "type", "INFO", "view_id", viewId);
    }

    private static HeaderRecord merge3(String type) {
        return header("MERGE3", "MergeHeader", "type", type);
    }

    private static HeaderRecord gms(String type, String mergeId, boolean rejected) {
        return header("GMS", "GmsHeader", "type", type, "merge_id", mergeId, "merge_rejected", rejected);
    }

    /** A, B and C in one view; then [A, B] and [C] apart, each with a view of its own. */
    private static List<MessageRecord> split() {
        List<MessageRecord> r = new ArrayList<>();
        r.add(message(1, 0, A, null, 45588, view(A, 1, A, B, C), GMS_VIEW));
        r.add(message(2, 1_000, A, null, 45588, view(A, 2, A, B), GMS_VIEW));
        r.add(message(3, 1_100, C, null, 45588, view(C, 2, C), GMS_VIEW));
        return r;
    }

    private static MessageRecord mergeViewAt(long packet, long ms) {
        return message(
                packet,
                ms,
                A,
                null,
                45588,
                mergeView(A, 3, List.of(List.of(A, B), List.of(C)), A, B, C),
                header("GMS", "GmsHeader", "type", "INSTALL_MERGE_VIEW"));
    }

    private static List<Finding> run(long thresholdMs, List<MessageRecord> records) {
        MembershipTimeline t = new MembershipTimeline();
        SlowMergeFindings d = new SlowMergeFindings(t, thresholdMs);
        for (MessageRecord m : records) {
            t.accept(m);
            d.accept(m);
        }
        t.finish();
        d.finish();
        return d.result();
    }

    @Test
    void aMergeAtItsFirstAttemptIsInfoTimedFromTheInformationHeard() {
        List<MessageRecord> r = split();
        r.add(message(10, 20_000, C, null, 45588, null, info(C.id() + "|2")));
        r.add(message(11, 21_000, A, null, 45588, null, info(A.id() + "|2")));
        r.add(message(12, 22_000, A, C, 7802, null, merge3("VIEW_REQ")));
        r.add(message(13, 22_001, C, A, 7800, null, merge3("VIEW_RSP")));
        r.add(message(14, 22_010, A, C, 7802, null, gms("MERGE_REQ", "m1", false)));
        r.add(message(15, 22_020, C, A, 7800, null, gms("MERGE_RSP", "m1", false)));
        r.add(mergeViewAt(16, 22_500));
        List<Finding> f = run(60_000, r);
        assertEquals(1, f.size(), f.toString());
        Finding m = f.get(0);
        assertEquals(Severity.INFO, m.severity());
        assertEquals(List.of(A, B, C), m.members());
        assertEquals(List.of(10L, 12L, 13L, 14L, 15L, 16L), m.frames());
        assertEquals(2_500L, m.fields().get("duration_ms"), "from C's INFO to the merge view");
        assertEquals(List.of(List.of(A, B), List.of(C)), m.fields().get("subgroups"));
        assertEquals(List.of(new ViewRef(C, 2)), m.fields().get("views"));
        assertEquals(0L, m.fields().get("view_requests_unanswered"));
        assertEquals(1L, m.fields().get("merge_requests"));
        assertTrue(m.summary(a -> a == A ? "A" : a == B ? "B" : "C").startsWith("The subgroups [A, B] and [C]"));
        assertEquals(Severity.WARNING, run(2_000, r).get(0).severity(), "longer than the threshold");
    }

    @Test
    void unansweredRequestsAndARejectedMergeAreFailedAttempts() {
        List<MessageRecord> r = split();
        r.add(message(10, 20_000, C, null, 45588, null, info(C.id() + "|2")));
        r.add(message(11, 21_000, A, C, 7802, null, merge3("VIEW_REQ"))); // C drops it
        r.add(message(12, 25_800, A, C, 7802, null, merge3("VIEW_REQ"))); // and this one
        r.add(message(13, 30_600, A, C, 7802, null, merge3("VIEW_REQ")));
        r.add(message(14, 30_601, C, A, 7800, null, merge3("VIEW_RSP")));
        r.add(message(15, 30_610, A, C, 7802, null, gms("MERGE_REQ", "m1", false)));
        r.add(message(16, 30_620, C, A, 7800, null, gms("MERGE_RSP", "m1", true))); // busy in another merge
        r.add(message(17, 35_400, A, C, 7802, null, merge3("VIEW_REQ")));
        r.add(message(18, 35_401, C, A, 7800, null, merge3("VIEW_RSP")));
        r.add(message(19, 35_410, A, C, 7802, null, gms("MERGE_REQ", "m2", false)));
        r.add(message(20, 35_420, C, A, 7800, null, gms("MERGE_RSP", "m2", false)));
        r.add(mergeViewAt(21, 35_500));
        Finding m = run(60_000, r).get(0);
        assertEquals(Severity.WARNING, m.severity(), m.toString());
        assertEquals(15_500L, m.fields().get("duration_ms"));
        assertEquals(4L, m.fields().get("view_requests"));
        assertEquals(2L, m.fields().get("view_requests_unanswered"));
        assertEquals(2L, m.fields().get("merge_requests"));
        assertEquals(1L, m.fields().get("merges_failed"));
        assertTrue(
                m.summary(a -> "x").contains("first 2 requests for views went unanswered and 1 merge was left"),
                m.summary());
    }

    @Test
    void aMemberInTwoSubgroupsBelongsToTheSmallerAndAMergeWithoutRequestsIsNone() {
        // a paused member C woke with the old view [A, B, C]; A and B are in [A, B] now
        List<MessageRecord> r = new ArrayList<>();
        r.add(message(1, 0, A, null, 45588, view(A, 1, A, B, C), GMS_VIEW));
        r.add(message(2, 1_000, A, null, 45588, view(A, 2, A, B), GMS_VIEW));
        r.add(message(3, 5_000, C, null, 45588, null, info(A.id() + "|1")));
        r.add(message(4, 5_500, A, C, 7802, null, merge3("VIEW_REQ")));
        r.add(message(5, 5_501, C, A, 7800, null, merge3("VIEW_RSP")));
        r.add(message(
                6,
                6_000,
                A,
                null,
                45588,
                mergeView(A, 3, List.of(List.of(A, B, C), List.of(A, B)), A, B, C),
                header("GMS", "GmsHeader", "type", "INSTALL_MERGE_VIEW")));
        Finding m = run(60_000, r).get(0);
        assertEquals(List.of(List.of(C), List.of(A, B)), m.fields().get("subgroups"));
        assertEquals(List.of(C, A, B), m.members());
        assertEquals(1_000L, m.fields().get("duration_ms"));
        List<MessageRecord> silent = split();
        silent.add(mergeViewAt(10, 30_000));
        assertEquals(List.of(), run(60_000, silent), "no request: nothing shows when they heard each other");
    }
}
