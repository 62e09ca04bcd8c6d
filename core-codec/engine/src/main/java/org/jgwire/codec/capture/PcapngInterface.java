package org.jgwire.codec.capture;

/**
 * One pcapng Interface Description Block as far as packets need it: link type, snaplen and the conversion of its
 * timestamps to nanoseconds since the epoch (if_tsresol, if_tsoffset).
 */
final class PcapngInterface {
    final int linkType;
    final int snaplen;
    /** As the block gave it, for {@link CaptureInterface}. */
    final int tsresol;
    /** Resolution: 10^-exp10 seconds when {@code pow2} is false, 2^-exp2 seconds when it is true. */
    private final boolean pow2;

    private final int exponent;
    private final long offsetNanos;

    PcapngInterface(int linkType, int snaplen, int tsresol, long tsoffsetSeconds) {
        this.linkType = linkType;
        this.snaplen = snaplen;
        this.tsresol = tsresol;
        this.pow2 = (tsresol & 0x80) != 0;
        this.exponent = tsresol & 0x7F;
        this.offsetNanos = tsoffsetSeconds * 1_000_000_000L;
    }

    /** Default resolution: microseconds (pcapng spec, if_tsresol absent). */
    static final int DEFAULT_TSRESOL = 6;

    long toNanos(long ts) {
        return offsetNanos + (pow2 ? pow2ToNanos(ts) : pow10ToNanos(ts));
    }

    private long pow10ToNanos(long ts) {
        int e = exponent;
        if (e == 9) return ts;
        if (e < 9) return ts * POW10[9 - e];
        int d = e - 9;
        return d >= POW10.length ? 0 : Long.divideUnsigned(ts, POW10[d]);
    }

    private long pow2ToNanos(long ts) {
        int e = exponent;
        if (e == 0) return ts * 1_000_000_000L;
        if (e >= 64) return 0;
        long whole = ts >>> e;
        long frac = ts & ((1L << e) - 1);
        // frac < 2^e; keep frac * 1e9 (1e9 < 2^30) within 63 bits by dropping low bits first.
        int drop = Math.max(0, e - 33);
        long fracNanos = ((frac >>> drop) * 1_000_000_000L) >>> (e - drop);
        return whole * 1_000_000_000L + fracNanos;
    }

    private static final long[] POW10 = {
        1L,
        10L,
        100L,
        1_000L,
        10_000L,
        100_000L,
        1_000_000L,
        10_000_000L,
        100_000_000L,
        1_000_000_000L,
        10_000_000_000L,
        100_000_000_000L,
        1_000_000_000_000L,
        10_000_000_000_000L,
        100_000_000_000_000L,
        1_000_000_000_000_000L,
        1_000_000_000_000_000_000L
    };
}
