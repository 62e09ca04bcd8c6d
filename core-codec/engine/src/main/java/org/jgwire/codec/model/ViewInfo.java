package org.jgwire.codec.model;

import java.util.List;

/**
 * A view carried in a message payload (GMS VIEW, JOIN_RSP, MERGE_RSP, INSTALL_MERGE_VIEW, ...).
 *
 * @param kind      {@code VIEW}, {@code MERGE_VIEW} or {@code DELTA_VIEW}
 * @param creator   the view id's creator (the coordinator)
 * @param id        the view id's counter
 * @param members   the full member list; for a delta view, filled in from the view history
 *                  (empty when the referenced view was never seen)
 * @param refId     for a delta view: the counter of the view it is relative to, else -1
 * @param left      for a delta view: members that left, else empty
 * @param joined    for a delta view: members that joined, else empty
 * @param subgroups for a merge view: the subgroups' member lists, else empty
 */
public record ViewInfo(
        String kind,
        NodeAddress creator,
        long id,
        List<NodeAddress> members,
        long refId,
        List<NodeAddress> left,
        List<NodeAddress> joined,
        List<List<NodeAddress>> subgroups) {
    public boolean isDelta() {
        return "DELTA_VIEW".equals(kind);
    }

    public ViewInfo withMembers(List<NodeAddress> expanded) {
        return new ViewInfo(kind, creator, id, List.copyOf(expanded), refId, left, joined, subgroups);
    }
}
