package org.jgwire.gui.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToIntFunction;
import org.jgwire.codec.analysis.membership.MembershipEvent;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;

/**
 * The membership timeline as the viewer draws it: one mark per view of each cluster, saying what changed, from
 * core-codec's analysis ({@link MembershipTimeline}), which tells joins,
 * leaves (GMS LEAVE_REQ), crashes (after a suspicion or stopped heartbeats), removals, partitions and merges apart.
 * The analysis gives several events per view (the view, then who joined, left, crashed); they are grouped here by
 * the view they belong to. Suspicions, and leaves that no view on the wire showed (only a LEAVE_RSP), are marks of
 * their own between the views. Read row by row, in capture order, after the analysis took each row's record.
 */
public final class TimelineMarks {
    private final MembershipTimeline analysis;
    private int consumed;
    private final List<TimelineMark> all = new ArrayList<>();

    /** @param analysis the membership analysis of the capture, fed by its owner */
    public TimelineMarks(MembershipTimeline analysis) {
        this.analysis = analysis;
    }

    /** Takes the events the analysis found at this row (just fed its record); returns the mark they made, or null. */
    public TimelineMark add(Row row) {
        List<MembershipEvent> events = analysis.events();
        if (events.size() == consumed) return null;
        List<TimelineMark> made = group(events.subList(consumed, events.size()), p -> row.number());
        consumed = events.size();
        all.addAll(made);
        return made.isEmpty() ? null : made.get(made.size() - 1);
    }

    /**
     * Once the analysis has finished (and settled what only the end shows: partitions, leaves shown only by a
     * LEAVE_RSP), makes the marks anew from all its events; {@code rowOfPacket} finds the row of a packet.
     */
    public List<TimelineMark> finish(LongToIntFunction rowOfPacket) {
        all.clear();
        all.addAll(group(analysis.events(), rowOfPacket));
        consumed = analysis.events().size();
        return all;
    }

    /** Every mark, in capture order. */
    public List<TimelineMark> events() {
        return all;
    }

    private record ViewKey(String cluster, String creator, long id) {}

    /** One mark per view: the view's own event, with the joins and departures reported with it. */
    private static List<TimelineMark> group(List<MembershipEvent> events, LongToIntFunction rowOfPacket) {
        Map<Object, Builder> byView = new LinkedHashMap<>();
        for (var e : events) {
            ViewInfo v = e.view();
            if (v == null) {
                // between views: suspicions and leaves shown only by a LEAVE_RSP (merge requests, unsuspicions and
                // coordinator changes are told by the views around them)
                TimelineMark.Kind kind =
                        switch (e.kind()) {
                            case SUSPECT -> TimelineMark.Kind.SUSPECT;
                            case LEAVE -> TimelineMark.Kind.LEFT;
                            default -> null;
                        };
                if (kind != null) byView.put(e, new Builder(e, rowOfPacket.applyAsInt(e.packet()), kind));
                continue;
            }
            ViewKey k =
                    new ViewKey(e.cluster(), v.creator() != null ? v.creator().id() : null, v.id());
            Builder b = byView.computeIfAbsent(k, x -> new Builder(e, rowOfPacket.applyAsInt(e.packet()), null));
            switch (e.kind()) {
                case VIEW -> b.first = e.firstView();
                case MERGE -> b.merge = true;
                case JOIN -> b.joined.addAll(e.subjects());
                case LEAVE -> b.left(e.subjects(), TimelineMark.Kind.LEAVE);
                case CRASH -> b.left(e.subjects(), TimelineMark.Kind.CRASH);
                case REMOVED -> b.left(e.subjects(), TimelineMark.Kind.REMOVED);
                case PARTITION -> b.left(e.subjects(), TimelineMark.Kind.PARTITION);
                default -> {}
            }
        }
        List<TimelineMark> out = new ArrayList<>();
        for (Builder b : byView.values()) out.add(b.build());
        return out;
    }

    private static final class Builder {
        final MembershipEvent view;
        final int row;
        /** SUSPECT or LEFT for a mark between views, else null. */
        final TimelineMark.Kind between;

        final List<NodeAddress> joined = new ArrayList<>(), left = new ArrayList<>();
        boolean first, merge;
        TimelineMark.Kind departure;

        Builder(MembershipEvent view, int row, TimelineMark.Kind between) {
            this.view = view;
            this.row = row;
            this.between = between;
        }

        void left(List<NodeAddress> who, TimelineMark.Kind how) {
            left.addAll(who);
            // the gravest reason names the mark: a crash over a removal over a leave
            if (departure == null || how.ordinal() > departure.ordinal()) departure = how;
        }

        TimelineMark build() {
            if (between != null) {
                List<NodeAddress> who = List.copyOf(view.subjects());
                return new TimelineMark(
                        between,
                        row,
                        view.tsNanos(),
                        view.cluster(),
                        null,
                        -1,
                        List.of(),
                        List.of(),
                        between == TimelineMark.Kind.LEFT ? who : List.of(),
                        between == TimelineMark.Kind.SUSPECT ? who : List.of(),
                        view.detail());
            }
            TimelineMark.Kind kind;
            if (merge) kind = TimelineMark.Kind.MERGE;
            else if (first) kind = TimelineMark.Kind.FIRST;
            else if (!joined.isEmpty() && !left.isEmpty()) kind = TimelineMark.Kind.CHANGE;
            else if (!joined.isEmpty()) kind = TimelineMark.Kind.JOIN;
            else if (departure != null) kind = departure;
            else kind = TimelineMark.Kind.CHANGE;
            ViewInfo v = view.view();
            return new TimelineMark(
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
