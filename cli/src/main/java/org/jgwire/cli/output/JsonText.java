package org.jgwire.cli.output;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

/**
 * JSON text as UTF-8 bytes, byte for byte as Jackson writes it with default settings. Jackson has two forms of a
 * string: its generator's {@code writeString(String)} escapes quote and backslash with a backslash, control
 * characters as short escapes (newline, tab, ...) or six-character {@code u00XX} ones, and characters outside the
 * Basic Multilingual Plane as two such escapes (their surrogates); its {@link JsonStringEncoder} (behind
 * {@code SerializedString}) does the same except that it writes the latter as four-byte UTF-8. Both write DEL and
 * other non-ASCII characters as plain UTF-8. Plain printable ASCII, by far the most common, is the same in both and
 * copied here; the rest is left to Jackson.
 */
final class JsonText {
    /** Each byte's two hex digits, and each number below 100's two decimal digits. */
    private static final byte[] HEX_PAIRS = new byte[512], DIGIT_PAIRS = new byte[200];

    static {
        byte[] hex = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int i = 0; i < 256; i++) {
            HEX_PAIRS[2 * i] = hex[i >> 4];
            HEX_PAIRS[2 * i + 1] = hex[i & 0xF];
        }
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    private JsonText() {}

    /** {@code s} quoted as {@link JsonStringEncoder} quotes it (the form of Jackson's {@code SerializedString}). */
    static byte[] quoted(String s) {
        byte[] inner = JsonStringEncoder.getInstance().quoteAsUTF8(s);
        byte[] q = new byte[inner.length + 2];
        q[0] = '"';
        System.arraycopy(inner, 0, q, 1, inner.length);
        q[q.length - 1] = '"';
        return q;
    }

    /**
     * Appends {@code s} as a quoted JSON string when it is plain printable ASCII (no escapes); returns false, having
     * appended nothing, for any other string.
     */
    static boolean plainString(String s, OutputBuffer buf) {
        int n = s.length();
        buf.ensure(n + 2);
        byte[] b = buf.bytes;
        int p = buf.size;
        b[p++] = '"';
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
            b[p++] = (byte) c;
        }
        b[p++] = '"';
        buf.size = p;
        return true;
    }

    /** Appends {@code data} as a quoted string of lower-case hex digits. */
    static void hex(byte[] data, OutputBuffer buf) {
        buf.ensure(2 * data.length + 2);
        byte[] b = buf.bytes;
        int p = buf.size;
        b[p++] = '"';
        for (byte d : data) {
            int i = (d & 0xFF) << 1;
            b[p++] = HEX_PAIRS[i];
            b[p++] = HEX_PAIRS[i + 1];
        }
        b[p++] = '"';
        buf.size = p;
    }

    /** Writes {@code v} in decimal at {@code pos} (room for 20 bytes needed); returns the position after it. */
    static int decimal(long v, byte[] b, int pos) {
        if (v >= 0 && v <= Integer.MAX_VALUE) return decimal((int) v, b, pos);
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                byte[] min = Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                System.arraycopy(min, 0, b, pos, min.length);
                return pos + min.length;
            }
            b[pos++] = '-';
            v = -v;
            if (v <= Integer.MAX_VALUE) return decimal((int) v, b, pos);
        }
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) digits++;
        int end = pos + digits;
        for (int i = end - 1; i >= pos; i--) {
            b[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return end;
    }

    /** {@code v >= 0} in decimal, two digits at a time. */
    private static int decimal(int v, byte[] b, int pos) {
        int end = pos + digits(v);
        int i = end;
        while (v >= 100) {
            int r = (v % 100) << 1;
            v /= 100;
            b[--i] = DIGIT_PAIRS[r + 1];
            b[--i] = DIGIT_PAIRS[r];
        }
        if (v >= 10) {
            b[--i] = DIGIT_PAIRS[(v << 1) + 1];
            b[--i] = DIGIT_PAIRS[v << 1];
        } else b[--i] = (byte) ('0' + v);
        return end;
    }

    private static int digits(int v) {
        int d = 1;
        for (int limit = 10; d < 10 && v >= limit; limit *= 10) d++;
        return d;
    }
}
