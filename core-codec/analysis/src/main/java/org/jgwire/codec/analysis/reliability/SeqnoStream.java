package org.jgwire.codec.analysis.reliability;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The sequence numbers one sender's messages carried towards one receiver, as the wire showed them: the highest so
 * far, the holes below it (seqnos skipped and not yet seen), duplicates. The first seqno seen is the baseline (a
 * capture starts mid-conversation). Bounded: at most {@link #MAX_MISSING} open holes and {@link #MAX_TIMES} send
 * times are kept; beyond, the oldest are forgotten (and counted as still missing).
 */
final class SeqnoStream {
    static final int MAX_MISSING = 10_000, MAX_TIMES = 4096;
    long first = -1, highest = -1;
    long messages, gaps, filled, duplicates, forgotten;
    private final TreeSet<Long> missing = new TreeSet<>();
    /** Recent seqno -> first time seen, to time a resend. */
    private final LinkedHashMap<Long, Long> times = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Long> e) {
            return size() > MAX_TIMES;
        }
    };

    /** What one more seqno was. */
    enum Seen {
        FIRST,
        NEXT,
        GAP,
        FILLED,
        DUPLICATE
    }

    Seen add(long seqno, long tsNanos) {
        messages++;
        if (highest < 0) {
            first = highest = seqno;
            times.put(seqno, tsNanos);
            return Seen.FIRST;
        }
        if (seqno == highest + 1) {
            highest = seqno;
            times.put(seqno, tsNanos);
            return Seen.NEXT;
        }
        if (seqno > highest) {
            long hole = seqno - highest - 1;
            gaps += hole;
            for (long s = highest + 1; s < seqno && missing.size() < MAX_MISSING; s++) missing.add(s);
            forgotten += Math.max(0, hole - MAX_MISSING);
            highest = seqno;
            times.put(seqno, tsNanos);
            return Seen.GAP;
        }
        if (missing.remove(seqno)) {
            filled++;
            times.put(seqno, tsNanos);
            return Seen.FILLED;
        }
        if (seqno < first) { // older than the capture's first: earlier history, not a duplicate
            first = seqno;
            return Seen.FILLED;
        }
        duplicates++;
        return Seen.DUPLICATE;
    }

    /** When this seqno was first seen, or -1 when not remembered. */
    long firstSeen(long seqno) {
        Long t = times.get(seqno);
        return t != null ? t : -1;
    }

    /** Takes a seqno off the holes (a retransmission seen on another path); true if it was one. */
    boolean fill(long seqno) {
        if (!missing.remove(seqno)) return false;
        filled++;
        return true;
    }

    long stillMissing() {
        return missing.size() + forgotten;
    }
}
