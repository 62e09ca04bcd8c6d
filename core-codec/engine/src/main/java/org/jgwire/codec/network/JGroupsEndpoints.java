package org.jgwire.codec.network;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jgwire.codec.model.Endpoint;

/**
 * The UDP endpoints (address and port, multicast groups included) seen carrying JGroups frames in this capture. A
 * datagram to or from one of them that does not look like a frame is damage to report, not other traffic to skip.
 * Bounded: beyond {@code max} endpoints the least recently seen is forgotten. One thread.
 *
 * <p>With frames decoded ahead of their delivery ({@link #decodingAhead}), what they teach comes later than the
 * packets read after them. A lookup then answers at once when the frames in flight cannot change its answer (the
 * endpoint is known and nothing can be forgotten meanwhile, or neither endpoint is one a frame in flight may teach),
 * and takes its place in the recency order in its turn; only otherwise does it wait for them.
 */
public final class JGroupsEndpoints {
    /** Frames decoded ahead of their delivery, in capture order. */
    public interface Ahead {
        /** Delivers every frame in flight. */
        void catchUp();

        /** Runs {@code lookup} once the frames in flight now are delivered (now when there are none). */
        void inTurn(Runnable lookup);
    }

    private final int max;
    private final LinkedHashMap<Endpoint, Boolean> seen;
    private Ahead ahead;
    /** The endpoints of the frames in flight that may teach them ({@link #expect}), oldest first. */
    private final ArrayDeque<Endpoint[]> expected = new ArrayDeque<>();
    /** Lookups answered ahead, waiting for their turn to touch the recency order. */
    private int waiting;

    public JGroupsEndpoints(int max) {
        this.max = Math.max(1, max);
        this.seen = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Endpoint, Boolean> eldest) {
                return size() > JGroupsEndpoints.this.max;
            }
        };
    }

    /** Frames are decoded ahead of their delivery, through {@code ahead} (null: none, the default). */
    public void decodingAhead(Ahead ahead) {
        this.ahead = ahead;
        expected.clear();
        waiting = 0;
    }

    /** A frame from {@code src} to {@code dst} goes ahead: once delivered ({@link #delivered}), it may teach them. */
    public void expect(Endpoint src, Endpoint dst) {
        if (ahead != null) expected.add(new Endpoint[] {src, dst});
    }

    /** The oldest {@linkplain #expect expected} frame is delivered; {@code carried}: it carried JGroups. */
    public void delivered(Endpoint src, Endpoint dst, boolean carried) {
        if (ahead != null) expected.poll();
        if (carried) carried(src, dst);
    }

    /** A JGroups frame went from {@code src} to {@code dst}. */
    public void carried(Endpoint src, Endpoint dst) {
        seen.put(src, Boolean.TRUE);
        seen.put(dst, Boolean.TRUE);
    }

    /** Whether JGroups frames were seen from or to {@code src} or {@code dst}, the frames before it counted. */
    public boolean either(Endpoint src, Endpoint dst) {
        if (ahead == null || expected.isEmpty() && waiting == 0) return lookup(src, dst);
        boolean known = seen.containsKey(src) || seen.containsKey(dst); // without touching the recency order
        boolean sure = known
                ? seen.size() + 2L * expected.size() <= max // nothing can be forgotten meanwhile
                : !mayTeach(src) && !mayTeach(dst);
        if (!sure) {
            ahead.catchUp();
            return lookup(src, dst);
        }
        if (known) { // the lookup moves what it finds to the recent end: in its turn, as on one thread
            waiting++;
            ahead.inTurn(() -> {
                waiting--;
                lookup(src, dst);
            });
        }
        return known;
    }

    /** Whether no endpoint is known, nor may be learnt from the frames in flight. */
    public boolean none() {
        return seen.isEmpty() && expected.isEmpty();
    }

    private boolean lookup(Endpoint src, Endpoint dst) {
        return !seen.isEmpty() && (seen.get(src) != null || seen.get(dst) != null);
    }

    private boolean mayTeach(Endpoint e) {
        for (Endpoint[] pair : expected) if (pair[0].equals(e) || pair[1].equals(e)) return true;
        return false;
    }
}
