package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.analysis.membership.MembershipEvent;
import org.jgwire.codec.analysis.membership.MembershipEvent.Kind;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * {@code view-flapping}: a member that left the view and came back again and again, the threshold's number of
 * times or more ({@link Thresholds#FLAPPING_CYCLES} by default): restarted each time (a new address under the same
 * logical name: a crash loop, a liveness probe that kills it) or excluded and merged back (pauses or a link that
 * keeps failing). Every change costs the cluster a view,
 * state transfer or rebalancing in the application above. A member is known by its logical name where the capture
 * shows it (the names the front end learned), else by its address.
 */
public final class FlappingFindings implements Detector {
    static final int MAX_FRAMES = 32;

    private final MembershipTimeline timeline;
    private final Names names;
    private final long minCycles;
    private final List<Finding> findings = new ArrayList<>();

    /** One member, by logical name, across its addresses. */
    private static final class Member {
        final List<NodeAddress> addresses = new ArrayList<>();
        final List<Long> frames = new ArrayList<>();
        final List<ViewRef> views = new ArrayList<>();
        boolean away;
        int cycles;
        long firstAwayNs = -1, lastBackNs = -1;

        void add(NodeAddress a) {
            if (addresses.stream().noneMatch(x -> x.id().equals(a.id()))) addresses.add(a);
        }

        void note(MembershipEvent e) {
            if (frames.size() < MAX_FRAMES) frames.add(e.packet());
            ViewRef v = e.view() != null ? ViewRef.of(e.view()) : null;
            if (v != null && !views.contains(v)) views.add(v);
        }
    }

    public FlappingFindings(MembershipTimeline timeline, Names names, long minCycles) {
        this.timeline = timeline;
        this.names = names;
        this.minCycles = minCycles;
    }

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    @Override
    public void accept(Record r) {
        // reads the finished timeline
    }

    private String key(String cluster, NodeAddress a) {
        String name = names.nameOf(a);
        return cluster + "\u0000" + (name != null ? name : a.id());
    }

    @Override
    public void finish() {
        Map<String, Member> members = new LinkedHashMap<>();
        for (MembershipEvent e : timeline.events()) {
            if (e.tsNanos() < 0) continue;
            switch (e.kind()) {
                case LEAVE, CRASH, REMOVED, PARTITION -> {
                    for (NodeAddress a : e.subjects()) {
                        Member m = members.computeIfAbsent(key(e.cluster(), a), k -> new Member());
                        m.add(a);
                        if (m.away) continue;
                        m.away = true;
                        if (m.firstAwayNs < 0) m.firstAwayNs = e.tsNanos();
                        m.note(e);
                    }
                }
                case JOIN, MERGE -> {
                    List<NodeAddress> back =
                            e.kind() == Kind.JOIN ? e.subjects() : e.view().members();
                    for (NodeAddress a : back) {
                        Member m = members.get(key(e.cluster(), a));
                        if (m == null || !m.away) continue;
                        m.add(a);
                        m.away = false;
                        m.cycles++;
                        m.lastBackNs = e.tsNanos();
                        m.note(e);
                    }
                }
                default -> {}
            }
        }
        for (Member m : members.values()) if (m.cycles >= minCycles) findings.add(finding(m));
    }

    private Finding finding(Member m) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("cycles", (long) m.cycles);
        fields.put("addresses", m.addresses);
        fields.put("views", m.views);
        fields.put("threshold", minCycles);
        String how = m.addresses.size() > 1
                ? "as " + m.addresses.size() + " different members (a new address each time: it restarted)"
                : "as the same member (excluded and taken back)";
        return new Finding(
                FindingCode.VIEW_FLAPPING,
                Severity.WARNING,
                List.of(m.addresses.get(m.addresses.size() - 1)),
                m.firstAwayNs,
                m.lastBackNs,
                m.frames,
                "{0} left the view and came back " + m.cycles + " times in "
                        + String.format(Locale.ROOT, "%.1f s", (m.lastBackNs - m.firstAwayNs) / 1e9) + ", " + how
                        + ": every change costs the cluster a new view, and the application above it a rebalance.",
                fields);
    }

    @Override
    public List<Finding> result() {
        return List.copyOf(findings);
    }
}
