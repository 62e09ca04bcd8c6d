package org.jgwire.output.parquet;

/**
 * Parquet's RLE/bit-packing hybrid encoding, which definition and repetition levels and dictionary indexes are
 * written in: a value repeated at least eight times from a group boundary becomes one run (count and value),
 * anything else is bit-packed eight values at a time, least significant bits first.
 */
final class LevelRuns {
    /** The shortest repetition written as a run rather than packed. */
    private static final int MIN_RUN = 8;

    private LevelRuns() {}

    /** The bits a value up to {@code max} needs (at least one: readers of a width of 0 differ). */
    static int bitWidth(int max) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(max));
    }

    /** Encodes {@code values[0..count)} into {@code out}, each in {@code bitWidth} bits. */
    static void encode(int[] values, int count, int bitWidth, PageBytes out) {
        int i = 0;
        while (i < count) {
            int run = runAt(values, i, count);
            if (run >= MIN_RUN) {
                rle(values[i], run, bitWidth, out);
                i += run;
                continue;
            }
            int start = i;
            do i += 8;
            while (i < count && runAt(values, i, count) < MIN_RUN);
            packed(values, start, Math.min(i, count), bitWidth, out);
        }
    }

    private static int runAt(int[] values, int from, int count) {
        int v = values[from];
        int j = from + 1;
        while (j < count && values[j] == v) j++;
        return j - from;
    }

    private static void rle(int value, int run, int bitWidth, PageBytes out) {
        out.writeVarInt(run << 1);
        for (int b = 0; b < bitWidth; b += 8) out.writeByte(value >>> b);
    }

    /** Values {@code [from, to)} in groups of eight, the last padded with zeros (the count says where to stop). */
    private static void packed(int[] values, int from, int to, int bitWidth, PageBytes out) {
        int groups = (to - from + 7) / 8;
        out.writeVarInt(groups << 1 | 1);
        long mask = (1L << bitWidth) - 1;
        long bits = 0;
        int held = 0;
        for (int k = from, end = from + groups * 8; k < end; k++) {
            long v = k < to ? values[k] & mask : 0;
            bits |= v << held;
            held += bitWidth;
            while (held >= 8) {
                out.writeByte((int) bits);
                bits >>>= 8;
                held -= 8;
            }
        }
    }
}
