package org.jgwire.codec.model;

import java.util.List;

/**
 * A view carried in a message payload (GMS VIEW, JOIN_RSP, MERGE_RSP, INSTALL_MERGE_VIEW, ...).
 *
 * @param kind       {@code VIEW}, {@code MERGE_VIEW} or {@code DELTA_VIEW}
 * @param creator    the view id's creator (the coordinator)
 * @param id         the view id's counter
 * @param members    the full member list; for a delta view, filled in from the view history
 *                   (empty when the referenced view is not known: {@code unresolved})
 * @param refId      for a delta view: the counter of the view it is relative to, else -1
 * @param left       for a delta view: members that left, else empty
 * @param joined     for a delta view: members that joined, else empty
 * @param subgroups  for a merge view: the subgroups' member lists, else empty
 * @param unresolved a delta view whose reference view is not known (the capture started after it): only its id,
 *                   {@code refId}, {@code left} and {@code joined} are known, {@code members} is empty
 */
public record ViewInfo(
        String kind,
        NodeAddress creator,
        long id,
        List<NodeAddress> members,
        long refId,
        List<NodeAddress> left,
        List<NodeAddress> joined,
        List<List<NodeAddress>> subgroups,
        boolean unresolved) {

    /** A view as decoded from the wire, not (yet) marked unresolved. */
    public ViewInfo(
            String kind,
            NodeAddress creator,
            long id,
            List<NodeAddress> members,
            long refId,
            List<NodeAddress> left,
            List<NodeAddress> joined,
            List<List<NodeAddress>> subgroups) {
        this(kind, creator, id, members, refId, left, joined, subgroups, false);
    }

    public boolean isDelta() {
        return "DELTA_VIEW".equals(kind);
    }

    /** This view with its full member list (a delta view expanded): resolved. */
    public ViewInfo withMembers(List<NodeAddress> expanded) {
        return new ViewInfo(kind, creator, id, List.copyOf(expanded), refId, left, joined, subgroups, false);
    }

    /** This delta view marked unresolved: its reference view is not known, so its members are not either. */
    public ViewInfo asUnresolved() {
        return new ViewInfo(kind, creator, id, List.of(), refId, left, joined, subgroups, true);
    }
}
