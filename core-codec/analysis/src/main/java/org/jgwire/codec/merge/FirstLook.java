package org.jgwire.codec.merge;

import java.util.HashMap;
import java.util.Map;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/**
 * What the first part of one capture tells before the merge: its host (the address in the most unicast frames: a
 * host's capture has the host at one end of every unicast frame, where a peer is only in those to and from it;
 * multicast senders break a tie) and, for the clocks, when each message seen once left or reached that host. Kept as
 * numbers, never as records, so that it costs little memory.
 */
final class FirstLook {
    private final Map<String, Long> addresses = new HashMap<>();
    private long[] ids = new long[1024];
    private long[] times = new long[1024];
    private String[] sources = new String[1024];
    private int size;
    private long startNs = Long.MIN_VALUE;
    private String host;
    private final Map<Long, Long> sent = new HashMap<>();
    private final Map<Long, Long> received = new HashMap<>();

    /** Takes a record; false once the first part is read (its {@code limitNs} of capture time). */
    boolean accept(Record r, long limitNs) {
        FrameInfo f = r.frame();
        long ts = f.tsNanos();
        if (ts >= 0 && startNs == Long.MIN_VALUE) startNs = ts;
        count(f);
        if (r instanceof MessageRecord m && !m.isSignal() && ts >= 0) {
            if (size == ids.length) grow();
            ids[size] = MessageIdentity.of(m);
            times[size] = ts;
            sources[size++] = f.src() == null ? null : f.src().ip();
        }
        return ts < 0 || ts - startNs <= limitNs;
    }

    private void grow() {
        ids = java.util.Arrays.copyOf(ids, size * 2);
        times = java.util.Arrays.copyOf(times, size * 2);
        sources = java.util.Arrays.copyOf(sources, size * 2);
    }

    private void count(FrameInfo f) {
        Endpoint src = f.src(), dst = f.dst();
        if (src == null || src.ip() == null || dst == null || dst.ip() == null) return;
        if (dst.isMulticast()) addresses.merge(src.ip(), 1L, Long::sum);
        else {
            addresses.merge(src.ip(), 1_000_000L, Long::sum);
            addresses.merge(dst.ip(), 1_000_000L, Long::sum);
        }
    }

    /** Settles the host and the messages seen once each way; the tuples are dropped. */
    void finish() {
        long most = 0;
        for (Map.Entry<String, Long> e : addresses.entrySet())
            if (e.getValue() > most) {
                host = e.getKey();
                most = e.getValue();
            }
        Map<Long, Integer> seen = new HashMap<>();
        for (int i = 0; i < size; i++) seen.merge(ids[i], 1, Integer::sum);
        for (int i = 0; i < size; i++)
            if (seen.get(ids[i]) == 1)
                (host != null && host.equals(sources[i]) ? sent : received).put(ids[i], times[i]);
        ids = null;
        times = null;
        sources = null;
    }

    /** The host's address, null when no unicast frame showed it. */
    String host() {
        return host;
    }

    /** Messages seen once, leaving the host: identity to capture time. */
    Map<Long, Long> sent() {
        return sent;
    }

    /** Messages seen once, reaching the host. */
    Map<Long, Long> received() {
        return received;
    }
}
