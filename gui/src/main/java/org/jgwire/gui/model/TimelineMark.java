package org.jgwire.gui.model;

import java.util.List;
import org.jgwire.codec.model.NodeAddress;

/**
 * A new view of one cluster and what changed from the view before it (grouped from the analysis' events), or
 * between views a suspicion or a leave no view on the wire showed ({@link #isView} false: no creator, id, members).
 *
 * @param kind      what happened: the first view seen, members joining, leaving, crashing, a merge, a suspicion
 * @param row       the row of the first message carrying this view or showing the event (clicking selects it)
 * @param tsNanos   when that message was captured, -1 when unknown
 * @param cluster   the cluster name, or {@code "?"} when the messages did not carry one
 * @param creator   the view's creator (resolve its name when showing it), null between views
 * @param viewId    the view's id, -1 between views
 * @param members   the full member list, empty between views
 * @param joined    members new in this view
 * @param left      members gone since the view before (for {@link Kind#LEFT}: who left)
 * @param suspected members suspected (for {@link Kind#SUSPECT})
 * @param detail    the analysis' words (who suspected, how; the LEAVE_RSP), or null
 */
public record TimelineMark(
        Kind kind,
        int row,
        long tsNanos,
        String cluster,
        NodeAddress creator,
        long viewId,
        List<NodeAddress> members,
        List<NodeAddress> joined,
        List<NodeAddress> left,
        List<NodeAddress> suspected,
        String detail) {
    /** Whether this marks a view (else a suspicion or a leave between views). */
    public boolean isView() {
        return kind != Kind.SUSPECT && kind != Kind.LEFT;
    }

    public enum Kind {
        /** The first view seen of a cluster. */
        FIRST,
        /** Members joined. */
        JOIN,
        /** Members left after asking to (GMS LEAVE_REQ). Departures are ordered by gravity from here on. */
        LEAVE,
        /** Members gone without a leave request or a suspicion in the capture. */
        REMOVED,
        /** Members cut off: gone without leaving, and back in a later merge view. */
        PARTITION,
        /** Members gone after a suspicion, or after their heartbeats stopped. */
        CRASH,
        /** A merge view (MergeView): subgroups became one. */
        MERGE,
        /** Members both joined and left, or the view changed otherwise. */
        CHANGE,
        /** Not a view: a member suspected others (FD_SOCK/FD_SOCK2 SUSPECT, VERIFY_SUSPECT ARE_YOU_DEAD). */
        SUSPECT,
        /**
         * Not a view: members the coordinator let go (GMS LEAVE_RSP) whose leaving no view on the wire showed (the
         * last view of a TCP cluster holds only the coordinator and goes to nobody).
         */
        LEFT
    }
}
