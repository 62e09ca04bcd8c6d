package org.jgwire.tests.fuzz;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * Reads a fuzz input front to back as small numbers and byte runs (zeros once it is used up), so that a seed is
 * easy to write from real data ({@link Writer}) and every mutation still reads as some sequence of operations.
 */
final class Ops {
    private final byte[] b;
    private int p;

    Ops(byte[] b) {
        this.b = b;
    }

    boolean more() {
        return p < b.length;
    }

    int u8() {
        return p < b.length ? b[p++] & 0xFF : 0;
    }

    int u16() {
        return u8() << 8 | u8();
    }

    long u32() {
        return (long) u16() << 16 | u16();
    }

    /** The next {@code n} bytes, fewer at the end of the input. */
    byte[] bytes(int n) {
        int m = Math.min(n, b.length - p);
        byte[] out = Arrays.copyOfRange(b, p, p + m);
        p += m;
        return out;
    }

    /** Writes what {@link Ops} reads. */
    static final class Writer {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Writer u8(int v) {
            out.write(v);
            return this;
        }

        Writer u16(int v) {
            return u8(v >>> 8).u8(v);
        }

        Writer u32(long v) {
            return u16((int) (v >>> 16)).u16((int) v);
        }

        Writer bytes(byte[] v) {
            out.writeBytes(v);
            return this;
        }

        byte[] toByteArray() {
            return out.toByteArray();
        }
    }
}
