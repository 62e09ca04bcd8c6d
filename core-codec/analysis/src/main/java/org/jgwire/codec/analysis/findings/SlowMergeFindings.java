package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.analysis.membership.MembershipEvent;
import org.jgwire.codec.analysis.membership.MembershipEvent.Kind;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * {@code slow-merge}: how long subgroups took to merge once they heard each other again. A member that hears MERGE3
 * information (INFO) carrying another view than its own asks the other subgroup's coordinator for its view
 * (MERGE3 VIEW_REQ) at its next check; the merge leader then asks every subgroup coordinator to merge (GMS
 * MERGE_REQ) and installs the merge view. The first such request across the subgroups of a merge view is the
 * first proof on the wire that they hear each other: the merge is timed from the last INFO of the asked subgroup
 * before it (MERGE3 forgets what it heard at each check, so the INFO it acted on is among the last ones) to the
 * merge view. One finding per merge view: {@code info} for a merge that went through at its first attempt within
 * the threshold, {@code warning} for a longer one or one that needed several attempts (a request for a view left
 * unanswered, a merge request unanswered, rejected or cancelled).
 */
public final class SlowMergeFindings implements Detector {
    static final int MAX_FRAMES = 32;
    /** Merge traffic kept at most: requests and answers are few, only a split makes them. */
    static final int MAX_TRAFFIC = 65_536;
    /** Requests for views one member sends this close together are one check of its. */
    static final long ROUND_NS = 1_000_000_000L;

    private final MembershipTimeline timeline;
    private final long thresholdMs;
    /** Per cluster, each member's last INFO. */
    private final Map<String, Map<String, Info>> infos = new HashMap<>();

    /** Bumped by every INFO: requests in one check share the INFOs they kept while none came in between. */
    private long infoVersion;

    private String keptKey;
    private List<Info> kept = List.of();
    private final List<Traffic> traffic = new ArrayList<>();
    private final List<Finding> findings = new ArrayList<>();

    /** A MERGE3 INFO: its sender's view id ({@code uuid|counter}). */
    record Info(NodeAddress src, long ns, long frame, String viewId) {}

    enum Type {
        VIEW_REQ,
        VIEW_RSP,
        MERGE_REQ,
        MERGE_RSP,
        CANCEL_MERGE
    }

    /** A merge message between two members; a request keeps the INFOs its sender may have heard. */
    record Traffic(
            Type type,
            String cluster,
            NodeAddress src,
            NodeAddress dest,
            long ns,
            long frame,
            String mergeId,
            boolean rejected,
            List<Info> heard) {}

    public SlowMergeFindings(MembershipTimeline timeline, long thresholdMs) {
        this.timeline = timeline;
        this.thresholdMs = thresholdMs;
    }

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    @Override
    public void accept(Record r) {
        if (!(r instanceof MessageRecord m) || m.src() == null || m.frame().tsNanos() < 0) return;
        List<HeaderRecord> headers = m.headers();
        for (int i = 0; i < headers.size(); i++) {
            HeaderRecord h = headers.get(i);
            if (h.headerClass() == HeaderClass.MERGE3) merge3(m, h);
            else if (h.headerClass() == HeaderClass.GMS) gms(m, h);
        }
    }

    private static String cluster(MessageRecord m) {
        return m.cluster() != null ? m.cluster() : "?";
    }

    private void merge3(MessageRecord m, HeaderRecord h) {
        String type = HeaderFields.type(h);
        if ("INFO".equals(type) && h.field("view_id") != null) {
            Map<String, Info> last = infos.computeIfAbsent(cluster(m), c -> new LinkedHashMap<>());
            infoVersion++;
            if (last.size() < 4096 || last.containsKey(m.src().id()))
                last.put(
                        m.src().id(),
                        new Info(m.src(), m.frame().tsNanos(), m.frame().packet(), String.valueOf(h.field("view_id"))));
        } else if ("VIEW_REQ".equals(type)) add(m, Type.VIEW_REQ, null, false);
        else if ("VIEW_RSP".equals(type)) add(m, Type.VIEW_RSP, null, false);
    }

    private void gms(MessageRecord m, HeaderRecord h) {
        String type = HeaderFields.type(h);
        Object id = h.field("merge_id");
        String mergeId = id != null ? String.valueOf(id) : null;
        if ("MERGE_REQ".equals(type)) add(m, Type.MERGE_REQ, mergeId, false);
        else if ("MERGE_RSP".equals(type))
            add(m, Type.MERGE_RSP, mergeId, Boolean.TRUE.equals(h.field("merge_rejected")));
        else if ("CANCEL_MERGE".equals(type)) add(m, Type.CANCEL_MERGE, mergeId, false);
    }

    private void add(MessageRecord m, Type type, String mergeId, boolean rejected) {
        if (traffic.size() >= MAX_TRAFFIC || (m.dest() == null && type != Type.CANCEL_MERGE)) return;
        boolean request = type == Type.VIEW_REQ || type == Type.MERGE_REQ;
        List<Info> heard = request ? heard(m) : List.of();
        traffic.add(new Traffic(
                type,
                cluster(m),
                m.src(),
                m.dest(),
                m.frame().tsNanos(),
                m.frame().packet(),
                mergeId,
                rejected,
                heard));
    }

    /** The last INFO of each member whose view differs from the asker's own (its INFO's): what it may have heard. */
    private List<Info> heard(MessageRecord m) {
        Map<String, Info> last = infos.get(cluster(m));
        if (last == null) return List.of();
        Info mine = last.get(m.src().id());
        String key = cluster(m) + "\u0000" + (mine != null ? mine.viewId() : "") + "\u0000" + infoVersion;
        if (key.equals(keptKey)) return kept;
        List<Info> out = new ArrayList<>();
        for (Info i : last.values()) if (mine == null || !i.viewId().equals(mine.viewId())) out.add(i);
        keptKey = key;
        kept = List.copyOf(out);
        return kept;
    }

    // --- one merge ---

    @Override
    public void finish() {
        Map<String, Long> previousMerge = new HashMap<>();
        for (MembershipEvent e : timeline.events()) {
            if (e.kind() != Kind.MERGE || e.view() == null || e.tsNanos() < 0) continue;
            long after = previousMerge.getOrDefault(e.cluster(), -1L);
            previousMerge.put(e.cluster(), e.packet());
            Merge merge = Merge.of(e, traffic, after);
            if (merge != null && merge.sides().size() >= 2) findings.add(finding(merge));
        }
        traffic.clear();
        infos.clear();
    }

    private Finding finding(Merge merge) {
        MembershipEvent e = merge.view();
        long durationNs = e.tsNanos() - merge.startNs();
        long failedViews = merge.unansweredViewRounds();
        long failedMerges = merge.failedMerges();
        long durationMs = Math.round(durationNs / 1e6);
        boolean slow = durationMs >= thresholdMs; // judged by what the finding shows
        List<NodeAddress> members = merge.members();
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("duration_ms", durationMs);
        fields.put("subgroups", merge.sides());
        fields.put("views", merge.views());
        fields.put("merge_view", ViewRef.of(e.view()));
        fields.put("view_requests", merge.viewRounds());
        fields.put("view_requests_unanswered", failedViews);
        fields.put("merge_requests", merge.mergeAttempts());
        fields.put("merges_failed", failedMerges);
        fields.put("threshold_ms", thresholdMs);
        Traffic first = merge.firstRequest();
        Info heard = merge.firstHeard();
        String asker = ref(members, first.src()), asked = ref(members, first.dest());
        String ask = (first.type() == Type.VIEW_REQ ? " for its view" : " to merge") + " at frame #" + first.frame();
        String sign = heard != null
                ? asker + " heard " + ref(members, heard.src()) + "'s MERGE3 information at frame #" + heard.frame()
                        + " and asked " + asked + ask
                : asker + " asked " + asked + ask;
        String how;
        if (failedViews + failedMerges > 0)
            how = "; first " + attempts(failedViews, failedMerges) + ", so the subgroups stayed apart although one"
                    + " heard the other.";
        else if (slow) how = ", reaching the threshold of " + thresholdMs + " ms.";
        else how = ", at the first attempt.";
        return new Finding(
                FindingCode.SLOW_MERGE,
                failedViews + failedMerges > 0 || slow ? Severity.WARNING : Severity.INFO,
                members,
                merge.startNs(),
                e.tsNanos(),
                merge.frames(),
                "The subgroups " + merge.sideText() + " merged " + seconds(durationNs) + " after they heard each other"
                        + " again: " + sign + ", and the merge view came at frame #" + e.packet() + how,
                fields);
    }

    private static String attempts(long views, long merges) {
        List<String> parts = new ArrayList<>();
        if (views > 0)
            parts.add(views + (views == 1 ? " request for a view" : " requests for views") + " went unanswered");
        if (merges > 0)
            parts.add(
                    merges + (merges == 1 ? " merge was" : " merges were") + " left unanswered, rejected or cancelled");
        return String.join(" and ", parts);
    }

    private static String ref(List<NodeAddress> members, NodeAddress a) {
        for (int i = 0; i < members.size(); i++) if (members.get(i).id().equals(a.id())) return "{" + i + "}";
        return a.id();
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    @Override
    public List<Finding> result() {
        return List.copyOf(findings);
    }
}
