package org.jgwire.gui.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.jgwire.codec.model.NodeAddress;

/**
 * The membership chart's rows: one per member (by logical name, so a member that restarts keeps its row), each a
 * sequence of spans in the view the member was in, with marks for joins, departures, suspicions, coordinator changes
 * and merges. Made from the membership timeline's marks ({@link TimelineMarks}).
 *
 * <p>A member is in the last view that listed it: a subgroup's own view moves its members, while a member a view
 * left out stays in its old view (as the member itself does), shown {@link Span#outside} from then on: a frozen
 * member is a zombie outside its group until the merge, a crashed one stops at its last message.
 *
 * <p>Colours: views of one coordinator's line (each view made by the creator of the view before it, a merge view
 * included) share a hue and alternate its two shades, so a partition shows as rows of two hues and a merge as them
 * joining one again; a new coordinator starts a new hue.
 */
public final class MembershipLanes {
    /** What a mark on a member's row says happened to it. */
    public enum MarkKind {
        JOINED,
        LEFT,
        CRASHED,
        REMOVED,
        CUT_OFF,
        SUSPECTED,
        COORDINATOR,
        MERGED
    }

    /**
     * A time a member was in one view.
     *
     * @param view    the view (its first message's row, members, creator)
     * @param hue     the coordinator line's colour index
     * @param shade   0 or 1, alternating along the line
     * @param outside whether a later view of the same line left the member out while it still held this one
     */
    public record Span(long startNs, long endNs, TimelineMark view, int hue, int shade, boolean outside) {}

    /** Something that happened to a member at a time; {@code source} is the timeline mark that shows it. */
    public record Mark(MarkKind kind, long tsNs, TimelineMark source) {}

    /** One member's row. */
    public record Lane(String member, List<Span> spans, List<Mark> marks) {}

    private final List<Lane> lanes;
    private final long startNs, endNs;

    private MembershipLanes(List<Lane> lanes, long startNs, long endNs) {
        this.lanes = lanes;
        this.startNs = startNs;
        this.endNs = endNs;
    }

    /** The rows, in the order members first appear in a view. */
    public List<Lane> lanes() {
        return lanes;
    }

    /** The capture's first and last times the chart covers. */
    public long startNs() {
        return startNs;
    }

    public long endNs() {
        return endNs;
    }

    /** The row of a member, or null. */
    public Lane lane(String member) {
        for (Lane l : lanes) if (l.member().equals(member)) return l;
        return null;
    }

    // --- building ---

    private record ViewKey(String cluster, String creator, long id) {}

    /** A member's open span while the marks are read. */
    private static final class Open {
        final TimelineMark view;
        final long startNs;
        final int hue, shade;

        Open(TimelineMark view, long startNs, int hue, int shade) {
            this.view = view;
            this.startNs = startNs;
            this.hue = hue;
            this.shade = shade;
        }
    }

    private static final class Builder {
        final String member;
        final List<Span> spans = new ArrayList<>();
        final List<Mark> marks = new ArrayList<>();
        final List<NodeAddress> addresses = new ArrayList<>();
        Open open;
        /** When a later view of the open view's line left this member out; -1 while it is in. */
        long outsideSince = -1;
        /** Whether it left, crashed or was removed after its open span began: its row ends at its last message. */
        boolean gone;

        Builder(String member) {
            this.member = member;
        }

        void close(long ns) {
            if (open == null) return;
            // a crashed member's row ends at its last message, before the view that left it out
            if (outsideSince > open.startNs && ns > outsideSince) {
                spans.add(new Span(open.startNs, outsideSince, open.view, open.hue, open.shade, false));
                spans.add(new Span(outsideSince, Math.max(ns, outsideSince), open.view, open.hue, open.shade, true));
            } else
                spans.add(new Span(open.startNs, Math.max(ns, open.startNs), open.view, open.hue, open.shade, false));
            open = null;
            outsideSince = -1;
        }
    }

    /**
     * @param marks      the timeline's marks in capture order
     * @param names      a member's row name (its logical name where known)
     * @param lastSentNs when an address last sent anything, -1 if never
     * @param startNs    the capture's first time, or -1 to start at the first mark
     * @param endNs      the capture's last time, or -1 to end at the last mark
     */
    public static MembershipLanes of(
            List<TimelineMark> marks,
            Function<NodeAddress, String> names,
            ToLongFunction<NodeAddress> lastSentNs,
            long startNs,
            long endNs) {
        long first = startNs, last = endNs;
        for (TimelineMark m : marks) {
            if (m.tsNanos() < 0) continue;
            if (first < 0 || m.tsNanos() < first) first = m.tsNanos();
            if (m.tsNanos() > last) last = m.tsNanos();
        }
        Map<String, Builder> rows = new LinkedHashMap<>();
        Map<ViewKey, int[]> colourOf = new HashMap<>(); // view -> {hue, shade}
        int hues = 0;
        for (TimelineMark m : marks) {
            long ts = Math.max(m.tsNanos(), first);
            if (!m.isView()) {
                MarkKind kind = m.kind() == TimelineMark.Kind.SUSPECT ? MarkKind.SUSPECTED : MarkKind.LEFT;
                for (NodeAddress a : m.kind() == TimelineMark.Kind.SUSPECT ? m.suspected() : m.left()) {
                    Builder b = row(rows, names, a);
                    b.marks.add(new Mark(kind, ts, m));
                    if (kind == MarkKind.LEFT) b.gone = true;
                }
                continue;
            }
            String creator = m.creator() != null ? names.apply(m.creator()) : null;
            Builder creatorRow = creator != null ? rows.get(creator) : null;
            TimelineMark before = creatorRow != null && creatorRow.open != null ? creatorRow.open.view : null;
            boolean sameLine = before != null
                    && before.creator() != null
                    && names.apply(before.creator()).equals(creator);
            int[] colour;
            if (sameLine) {
                int[] prior = colourOf.get(key(before, names));
                colour = new int[] {prior[0], 1 - prior[1]};
            } else colour = new int[] {hues++, 0};
            colourOf.put(key(m, names), colour);

            for (NodeAddress a : m.members()) {
                Builder b = row(rows, names, a);
                b.close(ts);
                b.gone = false;
                b.open = new Open(m, ts, colour[0], colour[1]);
            }
            // members the line's new view left out keep the old view, outside it from now on
            if (sameLine)
                for (Builder b : rows.values())
                    if (b.open != null && b.open.view == before && b.outsideSince < 0) b.outsideSince = ts;

            if (creatorRow != null && before != null && !sameLine)
                creatorRow.marks.add(new Mark(MarkKind.COORDINATOR, ts, m));
            if (m.kind() == TimelineMark.Kind.MERGE && creator != null)
                rows.get(creator).marks.add(new Mark(MarkKind.MERGED, ts, m));
            if (m.kind() != TimelineMark.Kind.FIRST)
                for (NodeAddress a : m.joined()) row(rows, names, a).marks.add(new Mark(MarkKind.JOINED, ts, m));
            MarkKind departure =
                    switch (m.kind()) {
                        case CRASH -> MarkKind.CRASHED;
                        case REMOVED -> MarkKind.REMOVED;
                        case PARTITION -> MarkKind.CUT_OFF;
                        default -> MarkKind.LEFT;
                    };
            for (NodeAddress a : m.left()) {
                Builder b = row(rows, names, a);
                b.marks.add(new Mark(departure, ts, m));
                if (departure != MarkKind.CUT_OFF) b.gone = true;
            }
        }
        List<Lane> lanes = new ArrayList<>();
        for (Builder b : rows.values()) {
            long end = last;
            if (b.gone && b.open != null) {
                long sent = -1;
                for (NodeAddress a : b.addresses) sent = Math.max(sent, lastSentNs.applyAsLong(a));
                if (sent >= 0) end = Math.min(last, Math.max(sent, b.open.startNs));
            }
            b.close(end);
            lanes.add(new Lane(b.member, List.copyOf(b.spans), List.copyOf(b.marks)));
        }
        return new MembershipLanes(List.copyOf(lanes), first, last);
    }

    private static ViewKey key(TimelineMark m, Function<NodeAddress, String> names) {
        return new ViewKey(m.cluster(), m.creator() != null ? names.apply(m.creator()) : null, m.viewId());
    }

    private static Builder row(Map<String, Builder> rows, Function<NodeAddress, String> names, NodeAddress a) {
        Builder b = rows.computeIfAbsent(names.apply(a), Builder::new);
        if (!b.addresses.contains(a)) b.addresses.add(a);
        return b;
    }
}
