package org.jgwire.cli.split;

import java.util.HashMap;
import java.util.Map;

/**
 * Which part each key (a flow, or a host) went to: a key is given, when it first appears, to the part that has been
 * given the fewest bytes so far, the lowest-numbered of equals; so the split is balanced and the same on every run.
 */
final class FlowParts {
    private final Map<String, Integer> parts = new HashMap<>();
    /** Bytes given to each part so far, the packets still held included: what the balance is measured by. */
    private final long[] given;

    FlowParts(int n) {
        given = new long[n];
    }

    /** The part of {@code key}, given one now if it is new. */
    int partOf(String key) {
        Integer known = parts.get(key);
        if (known != null) return known;
        int best = 0;
        for (int i = 1; i < given.length; i++) if (given[i] < given[best]) best = i;
        parts.put(key, best);
        return best;
    }

    /** The part of {@code key}, or -1 if it has none yet. */
    int knownPart(String key) {
        Integer known = parts.get(key);
        return known == null ? -1 : known;
    }

    /** Gives {@code key} to {@code part}, whatever the balance: a TCP connection that goes with its host. */
    void pin(String key, int part) {
        parts.put(key, part);
    }

    void give(int part, long bytes) {
        given[part] += bytes;
    }
}
