package org.jgwire.codec.stack;

import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * COMPRESS's receive side ({@code COMPRESS.up}/{@code uncompress}, 3.6 to 5.x): the payload is a zlib stream
 * ({@code java.util.zip.Deflater} on the way down) and {@code CompressHeader.original_size} says how long it was.
 * COMPRESS allocates {@code original_size} bytes up front; a capture is untrusted, so here the output grows with what
 * actually inflates and stops at the smaller of the claimed size and the limit.
 */
final class Inflation {
    /** What came out: the bytes, and why they are not the whole original when they are not. */
    record Result(byte[] bytes, String problem) {}

    private Inflation() {}

    static Result inflate(byte[] in, int off, int len, int originalSize, int limit) {
        if (originalSize < 0) return new Result(null, "original_size " + originalSize + " is negative");
        int max = Math.min(originalSize, limit);
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(in, off, len);
            byte[] out = new byte[Math.min(max, Math.max(64, len * 4))];
            int n = 0;
            while (n < max && !inflater.finished()) {
                if (n == out.length) out = Arrays.copyOf(out, (int) Math.min(max, out.length * 2L));
                int got = inflater.inflate(out, n, out.length - n);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) break;
                n += got;
            }
            byte[] bytes = n == out.length ? out : Arrays.copyOf(out, n);
            if (n == max && originalSize > limit)
                return new Result(
                        bytes,
                        "original_size " + originalSize + " exceeds the maximum (" + limit
                                + ", --max-fragment-bytes): inflated its first " + n + " bytes only");
            if (n < originalSize)
                return new Result(bytes, "inflates to " + n + " bytes, not original_size " + originalSize);
            if (!inflater.finished()) return new Result(bytes, "inflates to more than original_size " + originalSize);
            return new Result(bytes, null);
        } catch (DataFormatException e) {
            return new Result(null, "not a zlib stream: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }
}
