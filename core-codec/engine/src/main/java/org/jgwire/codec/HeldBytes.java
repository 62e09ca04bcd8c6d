package org.jgwire.codec;

import java.util.ArrayList;
import java.util.List;

/**
 * The one budget on bytes held for reassembly: TCP segments ahead of a hole, IP fragments, FRAG fragments. Each
 * holder adds and takes back what it holds; {@link #enforce} (called between packets, never from inside a holder)
 * gives up the oldest held item, the one whose first packet came earliest, in whichever holder it is, until the
 * total fits {@link Limits#maxHeldBytes()}; the holder reports what it gave up. One thread.
 */
public final class HeldBytes {
    /** Something that holds bytes for reassembly. */
    public interface Holder {
        /** The packet number of the oldest item held, Long.MAX_VALUE when none. */
        long oldestPacket();

        /** Gives up the oldest item, reporting it as a LIMIT problem that names {@code why}; false when none. */
        boolean evictOldest(long packet, long tsNanos, String why);
    }

    private final long max;
    private final List<Holder> holders = new ArrayList<>();
    private long total, evicted;

    public HeldBytes(long max) {
        this.max = max;
    }

    public void register(Holder h) {
        holders.add(h);
    }

    /** {@code n} more bytes held (negative: given back). */
    public void add(long n) {
        total += n;
    }

    public long total() {
        return total;
    }

    /** Items given up to keep within the budget. */
    public long evictions() {
        return evicted;
    }

    /** Gives up the oldest items until the total fits; {@code packet} and {@code tsNanos}: where the limit was hit. */
    public void enforce(long packet, long tsNanos) {
        while (total > max) {
            Holder oldest = null;
            long at = Long.MAX_VALUE;
            for (Holder h : holders) {
                long p = h.oldestPacket();
                if (p < at) {
                    at = p;
                    oldest = h;
                }
            }
            String why = "bytes held for reassembly (" + total + ") exceed the maximum (" + max + ", --max-held-bytes)";
            if (oldest == null || !oldest.evictOldest(packet, tsNanos, why)) return;
            evicted++;
        }
    }
}
