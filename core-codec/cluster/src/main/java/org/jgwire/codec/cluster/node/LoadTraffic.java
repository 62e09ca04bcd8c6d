package org.jgwire.codec.cluster.node;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The node side of the runner's {@code load} scenario: payloads that name their sender, sequence number and
 * total ({@code load A#17/1000 } and then dots or drawn bytes, {@link LoadShape}), and per-sender delivery counts.
 *
 * <p>No event per load message (there may be millions): a receiver reports {@code load-received} once per sender,
 * when that sender's last message arrives. NAKACK2 delivers each sender's multicasts in order, so by then every
 * earlier one was delivered and the count says how many were. Shared by the node programs of every adapter family;
 * JDK only (a node's class path is its adapter jar, the core-codec jar and the JGroups jar, nothing else).
 */
public final class LoadTraffic {
    private static final byte[] PREFIX = "load ".getBytes(StandardCharsets.US_ASCII);

    private final EventLine events;
    /** Keyed by the sender's address object: no string per message. */
    private final Map<Object, AtomicLong> delivered = new ConcurrentHashMap<>();

    /** Reports {@code load-received} through {@code events}. */
    public LoadTraffic(EventLine events) {
        this.events = events;
    }

    /** The payload of load message {@code seq} (1-based) of {@code total} from {@code sender}: {@code size} bytes. */
    public static byte[] payload(String sender, long seq, long total, int size) {
        return new LoadShape(size, size, false).payload(sender, seq, total);
    }

    /**
     * Counts a delivered message when it is load traffic.
     *
     * @return false when the payload is not a load message (the caller reports it as usual)
     */
    public boolean deliver(Object src, byte[] buf, int off, int len) {
        if (buf == null
                || len < PREFIX.length
                || !Arrays.equals(buf, off, off + PREFIX.length, PREFIX, 0, PREFIX.length)) return false;
        long count = delivered.computeIfAbsent(src, k -> new AtomicLong()).incrementAndGet();
        int end = off + len;
        int hash = indexOf(buf, off + PREFIX.length, end, (byte) '#');
        int slash = indexOf(buf, hash + 1, end, (byte) '/');
        int space = indexOf(buf, slash + 1, end, (byte) ' ');
        if (hash < 0 || slash < 0 || space < 0) return true; // not one of ours: counted, never the last
        long seq = digits(buf, hash + 1, slash);
        long total = digits(buf, slash + 1, space);
        if (seq == total && total > 0)
            events.emit("load-received", "from", String.valueOf(src), "count", count, "expected", total);
        return true;
    }

    private static int indexOf(byte[] b, int from, int end, byte c) {
        if (from <= 0) return -1;
        for (int i = from; i < end; i++) if (b[i] == c) return i;
        return -1;
    }

    private static long digits(byte[] b, int from, int end) {
        long v = 0;
        for (int i = from; i < end; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9 || v > Long.MAX_VALUE / 10) return -1;
            v = v * 10 + d;
        }
        return end > from ? v : -1;
    }
}
