package org.jgwire.codec.network;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jgwire.codec.model.Endpoint;

/**
 * The UDP endpoints (address and port, multicast groups included) seen carrying JGroups frames in this capture. A
 * datagram to or from one of them that does not look like a frame is damage to report, not other traffic to skip.
 * Bounded: beyond {@code max} endpoints the least recently seen is forgotten. One thread.
 */
public final class JGroupsEndpoints {
    private final LinkedHashMap<Endpoint, Boolean> seen;
    private Runnable beforeLookups;

    public JGroupsEndpoints(int max) {
        int bound = Math.max(1, max);
        this.seen = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Endpoint, Boolean> eldest) {
                return size() > bound;
            }
        };
    }

    /**
     * Runs {@code catchUp} before every lookup (null: nothing): a decoder that decodes frames ahead of delivering
     * them delivers them first, so a lookup sees every frame before it in the capture, as on one thread.
     */
    public void beforeLookups(Runnable catchUp) {
        this.beforeLookups = catchUp;
    }

    /** A JGroups frame went from {@code src} to {@code dst}. */
    public void carried(Endpoint src, Endpoint dst) {
        seen.put(src, Boolean.TRUE);
        seen.put(dst, Boolean.TRUE);
    }

    /** Whether JGroups frames were seen from or to {@code src} or {@code dst}. */
    public boolean either(Endpoint src, Endpoint dst) {
        if (beforeLookups != null) beforeLookups.run();
        return !seen.isEmpty() && (seen.get(src) != null || seen.get(dst) != null);
    }

    /** Endpoints remembered. */
    public int size() {
        if (beforeLookups != null) beforeLookups.run();
        return seen.size();
    }
}
