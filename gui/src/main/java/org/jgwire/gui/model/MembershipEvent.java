package org.jgwire.gui.model;

import java.util.List;
import org.jgwire.codec.model.NodeAddress;

/**
 * A new view of one cluster, and what changed from the view before it (grouped from the analysis' events).
 *
 * @param kind      what happened: the first view seen, members joining, leaving, crashing, or a merge
 * @param row       the row of the first message carrying this view (clicking the event selects it)
 * @param tsNanos   when that message was captured, -1 when unknown
 * @param cluster   the cluster name, or {@code "?"} when the messages did not carry one
 * @param viewId    {@code creator|id}, with the creator's id (resolve its name when showing it)
 * @param members   the full member list
 * @param joined    members new in this view
 * @param left      members gone since the view before
 */
public record MembershipEvent(Kind kind, int row, long tsNanos, String cluster, NodeAddress creator, long viewId,
                              List<NodeAddress> members, List<NodeAddress> joined, List<NodeAddress> left) {
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
        CHANGE
    }
}
