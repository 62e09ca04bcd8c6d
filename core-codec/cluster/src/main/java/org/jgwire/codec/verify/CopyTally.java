package org.jgwire.codec.verify;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The copies on the wire of one sent message, or of one sender's numbered load messages. A copy JGroups sent again
 * (a NAKACK2 XMIT_RSP) stands in for a first copy the capture lacks: that one was lost before it reached the wire,
 * which is why the receiver asked for it. A resent copy whose first copy is on the wire (the receiver lost it, not
 * the wire) is counted apart, never as extra. Copies are told apart by a message index and a slot: the receiver's
 * endpoint where the stack puts more than one copy of a send on the wire (tcp, tunnel), else one slot for all.
 * Memory: a bit per message index and slot.
 */
final class CopyTally {
    private final Map<String, BitSet> first = new HashMap<>();
    private final Map<String, BitSet> resent = new HashMap<>();
    private long firstCopies, resentCopies;

    /** A copy sent for the first time. */
    void first(String slot, int index) {
        firstCopies++;
        if (index >= 0) first.computeIfAbsent(slot, s -> new BitSet()).set(index);
    }

    /** A copy sent again; one without a known index is counted as resent only. */
    void resent(String slot, int index) {
        resentCopies++;
        if (index >= 0) resent.computeIfAbsent(slot, s -> new BitSet()).set(index);
    }

    /** First copies, and the resent copies whose first copy is not on the wire. */
    long copies() {
        long n = firstCopies;
        for (Map.Entry<String, BitSet> e : resent.entrySet()) {
            BitSet lost = (BitSet) e.getValue().clone();
            BitSet seen = first.get(e.getKey());
            if (seen != null) lost.andNot(seen);
            n += lost.cardinality();
        }
        return n;
    }

    /** The resent copies that stand in for a first copy the capture lacks. */
    long standIns() {
        return copies() - firstCopies;
    }

    /** Every copy sent again, whether its first copy is on the wire or not. */
    long resentCopies() {
        return resentCopies;
    }
}
