package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.analysis.activity.MemberActivity;
import org.jgwire.codec.analysis.membership.MembershipEvent;
import org.jgwire.codec.analysis.membership.MembershipEvent.Kind;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * Why a view left a member out without its asking: it {@code crash}ed (it never talked again), its process was
 * paused ({@code member-pause}: silent towards everyone, then talking again), or the network split
 * ({@code partition}: the members kept talking while each side installed a view of its own). Views alone cannot tell
 * these apart; what each excluded member sent around its exclusion does ({@link MemberActivity}).
 *
 * <p>A pause is a silence of at least {@link #PAUSE_MIN_NS}, and three heartbeat intervals where the member sent
 * heartbeats, that holds the view's time; the views the paused member installed right after (it suspects everyone
 * when it wakes) belong to the pause, not to a split.
 *
 * <p>A member left out without a leave request or a suspicion in sight is a crash only where the capture could have
 * shown its leave request: one taken on another member's host (one capture per host) never sees the unicasts between
 * two others, so it must have seen the member send the view's creator a unicast.
 */
public final class ExclusionFindings implements Detector {
    static final long PAUSE_MIN_NS = 2_000_000_000L;

    /** How long after a pause the views its member installs are taken as its waking up. */
    static final long WAKING_NS = 60_000_000_000L;

    private final MembershipTimeline timeline;
    private final MemberActivity activity;
    private final List<Finding> findings = new ArrayList<>();
    /** Sender and destination of every unicast seen, {@code src|dest} by address: which requests could show. */
    private final Set<String> unicastPairs = new HashSet<>();

    /** One member left out of one view. */
    private record Exclusion(NodeAddress member, MembershipEvent view) {}

    private record Pause(NodeAddress member, MemberActivity.Silence silence, List<MembershipEvent> views) {}

    public ExclusionFindings(MembershipTimeline timeline, MemberActivity activity) {
        this.timeline = timeline;
        this.activity = activity;
    }

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    @Override
    public void accept(Record r) {
        // reads the finished timeline and activity, and which unicasts the capture shows
        if (r instanceof MessageRecord m && m.src() != null && m.dest() != null)
            unicastPairs.add(m.src().id() + "|" + m.dest().id());
    }

    @Override
    public void finish() {
        Map<String, Exclusion> crashed = new LinkedHashMap<>();
        Map<String, Pause> paused = new LinkedHashMap<>();
        List<Exclusion> cutOff = new ArrayList<>();
        for (MembershipEvent e : timeline.events()) {
            if (e.tsNanos() < 0 || !(e.kind() == Kind.CRASH || e.kind() == Kind.REMOVED || e.kind() == Kind.PARTITION))
                continue;
            for (NodeAddress a : e.subjects()) {
                MemberActivity.Member act = activity.member(a);
                if (act == null) continue; // never heard from: nothing to tell it by
                MemberActivity.Silence s = act.silenceAround(e.tsNanos());
                if (act.lastNs() <= e.tsNanos()) {
                    if (e.kind() != Kind.REMOVED || couldShowLeaveRequest(a, e))
                        crashed.putIfAbsent(a.id(), new Exclusion(a, e));
                } else if (s != null && s.nanos() >= pauseMin(act)) {
                    String key = a.id() + "@" + s.fromPacket();
                    paused.computeIfAbsent(key, k -> new Pause(a, s, new ArrayList<>()))
                            .views()
                            .add(e);
                } else cutOff.add(new Exclusion(a, e));
            }
        }
        crashed.values().forEach(x -> findings.add(crash(x)));
        List<Exclusion> split = new ArrayList<>();
        for (Exclusion x : cutOff) {
            Pause waking = wakingPause(x, paused.values());
            if (waking != null) waking.views().add(x.view());
            else split.add(x);
        }
        paused.values().forEach(p -> findings.add(pause(p)));
        partitions(split);
    }

    /** Whether the capture shows unicasts from {@code member} to the creator of the view that left it out. */
    private boolean couldShowLeaveRequest(NodeAddress member, MembershipEvent e) {
        NodeAddress creator = e.view() != null ? e.view().creator() : null;
        return creator == null || unicastPairs.contains(member.id() + "|" + creator.id());
    }

    /** The pause whose member installed this view on waking up (it suspected everyone it had not heard from). */
    private static Pause wakingPause(Exclusion x, Iterable<Pause> pauses) {
        NodeAddress creator = x.view().view() != null ? x.view().view().creator() : null;
        if (creator == null) return null;
        for (Pause p : pauses) {
            long after = x.view().tsNanos() - p.silence().toNs();
            if (p.member().id().equals(creator.id()) && after >= 0 && after <= WAKING_NS) return p;
        }
        return null;
    }

    private static long pauseMin(MemberActivity.Member act) {
        return Math.max(PAUSE_MIN_NS, 3 * act.heartbeatIntervalNs());
    }

    // --- the findings ---

    private Finding crash(Exclusion x) {
        MembershipEvent e = x.view();
        MemberActivity.Member act = activity.member(x.member());
        List<NodeAddress> members = new ArrayList<>(List.of(x.member()));
        if (e.by() != null && !e.by().id().equals(x.member().id())) members.add(e.by());
        List<Long> frames = new ArrayList<>(e.signs());
        frames.add(act.lastPacket());
        frames.add(e.packet());
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("last_frame", act.lastPacket());
        fields.put("excluded_in", ViewRef.of(e.view()));
        fields.put("silent_ms", millis(e.tsNanos() - act.lastNs()));
        String how = e.kind() == Kind.CRASH
                ? (members.size() > 1 ? "{1} suspected it, and " : "its heartbeats stopped, and ")
                : "no leave request nor suspicion showed, and ";
        return new Finding(
                FindingCode.CRASH,
                e.kind() == Kind.CRASH ? Severity.ERROR : Severity.WARNING,
                members,
                act.lastNs(),
                e.tsNanos(),
                frames,
                "{0} stopped: it sent nothing after frame #" + act.lastPacket() + ", " + how
                        + "a view left it out " + seconds(e.tsNanos() - act.lastNs())
                        + " later; it never talked again in the capture.",
                fields);
    }

    private static Finding pause(Pause p) {
        MemberActivity.Silence s = p.silence();
        List<Long> frames = new ArrayList<>(List.of(s.fromPacket(), s.toPacket()));
        List<ViewRef> views = new ArrayList<>();
        for (MembershipEvent e : p.views()) {
            frames.add(e.packet());
            frames.addAll(e.signs());
            if (!views.contains(ViewRef.of(e.view()))) views.add(ViewRef.of(e.view()));
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("silent_ms", millis(s.nanos()));
        fields.put("last_frame_before", s.fromPacket());
        fields.put("first_frame_after", s.toPacket());
        fields.put("views", views);
        return new Finding(
                FindingCode.MEMBER_PAUSE,
                Severity.ERROR,
                List.of(p.member()),
                s.fromNs(),
                s.toNs(),
                frames,
                "{0} sent nothing to anyone for " + seconds(s.nanos()) + " (frames #" + s.fromPacket() + " to #"
                        + s.toPacket() + "), heartbeats and acknowledgements included, long enough to be left out"
                        + " of the view, then talked again: its process was paused (a long garbage collection, a"
                        + " frozen VM or container), not cut off by the network.",
                fields);
    }

    /** One finding per split: the exclusions of members that kept talking, grouped by the merge that ended them. */
    private void partitions(List<Exclusion> split) {
        Map<String, List<Exclusion>> byMerge = new LinkedHashMap<>();
        Map<String, MembershipEvent> merges = new LinkedHashMap<>();
        for (Exclusion x : split) {
            MembershipEvent merge = mergeAfter(x);
            String key = x.view().cluster() + "#" + (merge != null ? merge.packet() : -1);
            byMerge.computeIfAbsent(key, k -> new ArrayList<>()).add(x);
            if (merge != null) merges.put(key, merge);
        }
        byMerge.forEach((key, group) -> findings.add(partition(group, merges.get(key))));
    }

    private MembershipEvent mergeAfter(Exclusion x) {
        for (MembershipEvent e : timeline.events())
            if (e.kind() == Kind.MERGE
                    && e.packet() > x.view().packet()
                    && e.cluster().equals(x.view().cluster())
                    && e.view().members().stream()
                            .anyMatch(m -> m.id().equals(x.member().id()))) return e;
        return null;
    }

    private static Finding partition(List<Exclusion> group, MembershipEvent merge) {
        List<Long> frames = new ArrayList<>();
        List<ViewRef> views = new ArrayList<>();
        long start = Long.MAX_VALUE, lastView = -1;
        Set<String> seen = new LinkedHashSet<>();
        List<List<NodeAddress>> sides = new ArrayList<>();
        for (Exclusion x : group) {
            MembershipEvent e = x.view();
            frames.add(e.packet());
            frames.addAll(e.signs());
            if (!views.contains(ViewRef.of(e.view()))) {
                views.add(ViewRef.of(e.view()));
                if (merge == null) sides.add(e.view().members());
            }
            start = Math.min(start, e.tsNanos());
            lastView = Math.max(lastView, e.tsNanos());
        }
        if (merge != null) {
            frames.add(merge.packet());
            sides = merge.view().subgroups();
        }
        List<NodeAddress> members = new ArrayList<>();
        StringBuilder sideText = new StringBuilder();
        for (List<NodeAddress> side : sides) {
            if (!sideText.isEmpty()) sideText.append(" and ");
            sideText.append('[');
            int before = members.size();
            for (NodeAddress a : side)
                if (seen.add(a.id())) {
                    if (members.size() > before) sideText.append(", ");
                    sideText.append('{').append(members.size()).append('}');
                    members.add(a);
                }
            sideText.append(']');
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("subgroups", sides);
        fields.put("views", views);
        long end = merge != null ? merge.tsNanos() : lastView;
        if (merge != null) {
            fields.put("merge_view", ViewRef.of(merge.view()));
            fields.put("split_ms", millis(end - start));
        }
        String ending = merge != null
                ? ", for " + seconds(end - start) + " until a merge view (frame #" + merge.packet() + ") joined them."
                : "; they had not merged when the capture ended.";
        return new Finding(
                FindingCode.PARTITION,
                Severity.ERROR,
                members,
                start,
                end,
                frames,
                "The cluster split into " + sideText + ": each side installed a view of its own while the members"
                        + " it left out kept talking" + ending,
                fields);
    }

    private static long millis(long nanos) {
        return Math.round(nanos / 1e6);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    @Override
    public List<Finding> result() {
        return List.copyOf(findings);
    }
}
