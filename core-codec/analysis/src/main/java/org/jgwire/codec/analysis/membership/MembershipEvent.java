package org.jgwire.codec.analysis.membership;

import java.util.List;
import java.util.Locale;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;

/**
 * One event in a cluster's membership story.
 *
 * @param packet   packet number of the frame that showed it
 * @param tsNanos  capture time (epoch nanoseconds), -1 when the input has none
 * @param cluster  the cluster name, or {@code "?"} when the frames did not say
 * @param kind     what happened
 * @param view     the view it belongs to (full member list; a merge view's subgroups), or null (a suspicion
 *                 between views)
 * @param firstView for a {@link Kind#VIEW}: whether it is the first view of its cluster seen in the capture
 * @param subjects who it is about: the joined, left, crashed or suspected members, the new coordinator
 * @param by       who caused or reported it (the suspecting member, the merge leader), or null
 * @param detail   more words for people: the suspicion before a crash and the packet that showed it, ...
 * @param signs    packet numbers of the frames it rests on besides its own: the suspicion, the last heartbeat, the
 *                 leave request, the merge view that brought a member back (empty when there are none)
 */
public record MembershipEvent(
        long packet,
        long tsNanos,
        String cluster,
        Kind kind,
        ViewInfo view,
        boolean firstView,
        List<NodeAddress> subjects,
        NodeAddress by,
        String detail,
        List<Long> signs) {
    /** What happened. */
    public enum Kind {
        /** A new view of a cluster (not a merge view); {@code firstView} tells the first one seen in the capture. */
        VIEW,
        /** Members in a new view that were not in the previous one. */
        JOIN,
        /** Members that asked to leave (GMS LEAVE_REQ) and are gone from the new view. */
        LEAVE,
        /** Members gone from the new view without asking, after a suspicion on the wire. */
        CRASH,
        /** Members gone from the new view without a leave request or a suspicion seen in the capture. */
        REMOVED,
        /**
         * Members gone from a view without a leave request and back in a later merge view: they were cut off, not
         * dead (set by {@code MembershipTimeline.finish}, in place of the crash or removal).
         */
        PARTITION,
        /** A member suspected another (FD_SOCK/FD_SOCK2 SUSPECT, VERIFY_SUSPECT ARE_YOU_DEAD). */
        SUSPECT,
        /** A suspected member answered that it lives (VERIFY_SUSPECT I_AM_NOT_DEAD, FD_SOCK UNSUSPECT). */
        UNSUSPECT,
        /** A merge started (GMS MERGE_REQ). */
        MERGE_START,
        /** A merge view was installed; {@code detail} lists its subgroups. */
        MERGE,
        /** The first member of the view (the coordinator) changed. */
        COORDINATOR;

        /** The name shown in text and JSON: lower case, {@code -} for {@code _}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }
}
