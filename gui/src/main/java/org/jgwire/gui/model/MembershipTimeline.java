package org.jgwire.gui.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToIntFunction;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;

/**
 * The membership timeline as the viewer draws it: one mark per view of each cluster, saying what changed, from
 * core-codec's analysis ({@code org.jgwire.codec.analysis.membership.MembershipTimeline}), which tells joins,
 * leaves (GMS LEAVE_REQ), crashes (after a suspicion or stopped heartbeats), removals, partitions and merges apart.
 * The analysis gives several events per view (the view, then who joined, left, crashed); they are grouped here by
 * the view they belong to. Suspicions, and leaves that no view on the wire showed (only a LEAVE_RSP), are marks of
 * their own between the views. Fed row by row, in capture order.
 */
public final class MembershipTimeline {
    private final org.jgwire.codec.analysis.membership.MembershipTimeline analysis =
            new org.jgwire.codec.analysis.membership.MembershipTimeline();
    private int consumed;
    private final List<MembershipEvent> all = new ArrayList<>();

    /** Takes one row into account; returns the mark it made, or null. */
    public MembershipEvent add(Row row) {
        analysis.accept(row.record());
        List<org.jgwire.codec.analysis.membership.MembershipEvent> events = analysis.events();
        if (events.size() == consumed) return null;
        List<MembershipEvent> made = group(events.subList(consumed, events.size()), p -> row.number());
        consumed = events.size();
        all.addAll(made);
        return made.isEmpty() ? null : made.get(made.size() - 1);
    }

    /**
     * Ends the stream: the analysis settles what only the end shows (partitions, leaves shown only by a LEAVE_RSP),
     * and the marks are made anew from all its events; {@code rowOfPacket} finds the row of a packet.
     */
    public List<MembershipEvent> finish(LongToIntFunction rowOfPacket) {
        analysis.finish();
        all.clear();
        all.addAll(group(analysis.events(), rowOfPacket));
        consumed = analysis.events().size();
        return all;
    }

    /** Every mark, in capture order. */
    public List<MembershipEvent> events() {
        return all;
    }

    private record ViewKey(String cluster, String creator, long id) {}

    /** One mark per view: the view's own event, with the joins and departures reported with it. */
    private static List<MembershipEvent> group(
            List<org.jgwire.codec.analysis.membership.MembershipEvent> events, LongToIntFunction rowOfPacket) {
        Map<Object, Builder> byView = new LinkedHashMap<>();
        for (var e : events) {
            ViewInfo v = e.view();
            if (v == null) {
                // between views: suspicions and leaves shown only by a LEAVE_RSP (merge requests, unsuspicions and
                // coordinator changes are told by the views around them)
                MembershipEvent.Kind kind =
                        switch (e.kind()) {
                            case SUSPECT -> MembershipEvent.Kind.SUSPECT;
                            case LEAVE -> MembershipEvent.Kind.LEFT;
                            default -> null;
                        };
                if (kind != null) byView.put(e, new Builder(e, rowOfPacket.applyAsInt(e.packet()), kind));
                continue;
            }
            ViewKey k =
                    new ViewKey(e.cluster(), v.creator() != null ? v.creator().id() : null, v.id());
            Builder b = byView.computeIfAbsent(k, x -> new Builder(e, rowOfPacket.applyAsInt(e.packet()), null));
            switch (e.kind()) {
                case VIEW -> b.first = "first view seen".equals(e.detail());
                case MERGE -> b.merge = true;
                case JOIN -> b.joined.addAll(e.subjects());
                case LEAVE -> b.left(e.subjects(), MembershipEvent.Kind.LEAVE);
                case CRASH -> b.left(e.subjects(), MembershipEvent.Kind.CRASH);
                case REMOVED -> b.left(e.subjects(), MembershipEvent.Kind.REMOVED);
                case PARTITION -> b.left(e.subjects(), MembershipEvent.Kind.PARTITION);
                default -> {}
            }
        }
        List<MembershipEvent> out = new ArrayList<>();
        for (Builder b : byView.values()) out.add(b.build());
        return out;
    }

    private static final class Builder {
        final org.jgwire.codec.analysis.membership.MembershipEvent view;
        final int row;
        /** SUSPECT or LEFT for a mark between views, else null. */
        final MembershipEvent.Kind between;

        final List<NodeAddress> joined = new ArrayList<>(), left = new ArrayList<>();
        boolean first, merge;
        MembershipEvent.Kind departure;

        Builder(org.jgwire.codec.analysis.membership.MembershipEvent view, int row, MembershipEvent.Kind between) {
            this.view = view;
            this.row = row;
            this.between = between;
        }

        void left(List<NodeAddress> who, MembershipEvent.Kind how) {
            left.addAll(who);
            // the gravest reason names the mark: a crash over a removal over a leave
            if (departure == null || how.ordinal() > departure.ordinal()) departure = how;
        }

        MembershipEvent build() {
            if (between != null) {
                List<NodeAddress> who = List.copyOf(view.subjects());
                return new MembershipEvent(
                        between,
                        row,
                        view.tsNanos(),
                        view.cluster(),
                        null,
                        -1,
                        List.of(),
                        List.of(),
                        between == MembershipEvent.Kind.LEFT ? who : List.of(),
                        between == MembershipEvent.Kind.SUSPECT ? who : List.of(),
                        view.detail());
            }
            MembershipEvent.Kind kind;
            if (merge) kind = MembershipEvent.Kind.MERGE;
            else if (first) kind = MembershipEvent.Kind.FIRST;
            else if (!joined.isEmpty() && !left.isEmpty()) kind = MembershipEvent.Kind.CHANGE;
            else if (!joined.isEmpty()) kind = MembershipEvent.Kind.JOIN;
            else if (departure != null) kind = departure;
            else kind = MembershipEvent.Kind.CHANGE;
            ViewInfo v = view.view();
            return new MembershipEvent(
                    kind,
                    row,
                    view.tsNanos(),
                    view.cluster(),
                    v.creator(),
                    v.id(),
                    v.members(),
                    List.copyOf(joined),
                    List.copyOf(left),
                    List.of(),
                    view.detail());
        }
    }
}
