package org.jgwire.output;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

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
    /** Each number below 100's two decimal digits. */
    private static final byte[] DIGIT_PAIRS = new byte[200];
    /** Each byte's two hex digits as one little-endian short (the first digit in the low byte). */
    private static final short[] HEX_SHORTS = new short[256];

    private static final VarHandle HEX_DIGIT_PAIR =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;

    static {
        byte[] hex = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 256; i++) HEX_SHORTS[i] = (short) (hex[i >> 4] | hex[i & 0xF] << 8);
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /** Per ASCII character: 0 written as it is, the letter after a backslash, or -1 for a {@code u00XX} escape. */
    private static final byte[] ESCAPES = new byte[128];

    private static final byte[] UPPER_HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    static {
        for (int c = 0; c < 0x20; c++) ESCAPES[c] = -1;
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\n'] = 'n';
        ESCAPES['\f'] = 'f';
        ESCAPES['\r'] = 'r';
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
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
     * appended nothing, for any other string. The payload previews make this the writer's busiest code: the string's
     * bytes are checked eight at a time, and only a string with a question mark (which is also what Latin-1 encoding
     * makes of a character beyond it) is looked at character by character.
     */
    static boolean plainString(String s, OutputBuffer buf) {
        byte[] a = s.getBytes(StandardCharsets.ISO_8859_1);
        int n = a.length, i = 0;
        long notPlain = 0;
        for (; i + 8 <= n; i += 8) notPlain |= notPlain((long) LONGS.get(a, i));
        long tail = 0x6161616161616161L; // 'a' pads the last word
        for (int k = 0; i < n; i++, k += 8) tail = tail & ~(0xFFL << k) | (a[i] & 0xFFL) << k;
        if ((notPlain | notPlain(tail)) != 0) return plainChars(s, buf);
        buf.ensure(n + 2);
        byte[] b = buf.bytes;
        int p = buf.size;
        b[p] = '"';
        System.arraycopy(a, 0, b, p + 1, n);
        b[p + n + 1] = '"';
        buf.size = p + n + 2;
        return true;
    }

    /**
     * Nonzero when a byte of {@code w} is not plain ASCII: a control character, DEL excepted, non-ASCII, {@code "\?}.
     * Only zero or not matters: a word with a high bit set is nonzero whatever {@link #needsEscape} (which expects
     * ASCII) makes of it, and one without is judged exactly.
     */
    private static long notPlain(long w) {
        return (w & HIGH_BITS) | needsEscape(w) | zeroByte(w ^ 0x3F3F3F3F3F3F3F3FL);
    }

    /** Nonzero when a byte of {@code w} is zero. */
    private static long zeroByte(long w) {
        return (w - 0x0101010101010101L) & ~w & HIGH_BITS;
    }

    /**
     * Appends ASCII bytes {@code a[from, to)} as a quoted JSON string, escaped as Jackson's {@code writeString}
     * escapes those characters: quote and backslash with a backslash, control characters as short escapes (tab,
     * newline, ...) or {@code u00XX}. No {@code String} on the way: payload text goes from the frame's bytes to the
     * output. Eight bytes are checked and copied at a time; only the bytes after the last whole word are taken one
     * by one.
     */
    static void asciiString(byte[] a, int from, int to, OutputBuffer buf) {
        buf.ensure(1);
        buf.bytes[buf.size++] = '"';
        asciiChars(a, from, to, buf);
        buf.ensure(1);
        buf.bytes[buf.size++] = '"';
    }

    /** {@link #asciiString} without the quotes: the escaped characters only, to continue a string already begun. */
    static void asciiChars(byte[] a, int from, int to, OutputBuffer buf) {
        buf.ensure(6 * (to - from) + 8); // the longest escape is six bytes; a word may be stored past the end
        byte[] b = buf.bytes;
        int p = buf.size, i = from;
        while (i + 8 <= to) { // a word is stored whole, and kept up to its first byte that needs an escape
            long w = (long) LONGS.get(a, i);
            long m = needsEscape(w);
            LONGS.set(b, p, w);
            if (m == 0) {
                p += 8;
                i += 8;
            } else {
                int k = Long.numberOfTrailingZeros(m) >>> 3; // exact for the lowest such byte
                p = escape(a[i + k], b, p + k);
                i += k + 1;
            }
        }
        for (; i < to; i++) {
            byte c = a[i];
            if (ESCAPES[c & 0x7F] == 0) b[p++] = c;
            else p = escape(c, b, p);
        }
        buf.size = p;
    }

    /**
     * Writes the escape of ASCII character {@code c}, one that needs an escape, at {@code b[p]}; returns the position
     * after it. Written here, not in a loop of its own: text holds a quote or backslash every few dozen bytes.
     */
    private static int escape(byte c, byte[] b, int p) {
        byte e = ESCAPES[c & 0x7F];
        b[p] = '\\';
        if (e > 0) {
            b[p + 1] = e;
            return p + 2;
        }
        b[p + 1] = 'u';
        b[p + 2] = '0';
        b[p + 3] = '0';
        b[p + 4] = UPPER_HEX[(c & 0x7F) >> 4];
        b[p + 5] = UPPER_HEX[c & 0xF];
        return p + 6;
    }

    /**
     * Nonzero when a byte of {@code w} (ASCII: every high bit clear) needs an escape in JSON: a control character,
     * quote or backslash. With the high bits clear, a byte's subtraction sets its high bit exactly when the byte is
     * below what is subtracted (or a lower byte borrowed, which only happens above a byte that is flagged anyway),
     * so the lowest flagged byte is exact with three subtractions and no masking per test.
     */
    private static long needsEscape(long w) {
        return ((w - 0x2020202020202020L)
                        | ((w ^ 0x2222222222222222L) - 0x0101010101010101L)
                        | ((w ^ 0x5C5C5C5C5C5C5C5CL) - 0x0101010101010101L))
                & HIGH_BITS;
    }

    /** {@link #plainString} one character at a time. */
    private static boolean plainChars(String s, OutputBuffer buf) {
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
            HEX_DIGIT_PAIR.set(b, p, HEX_SHORTS[d & 0xFF]); // both digits in one store
            p += 2;
        }
        b[p++] = '"';
        buf.size = p;
    }

    /** Writes {@code v} in decimal at {@code pos} (room for 20 bytes needed); returns the position after it. */
    static int decimal(long v, byte[] b, int pos) {
        if (v >= 0 && v <= Integer.MAX_VALUE) return decimal((int) v, b, pos);
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                byte[] min = Long.toString(v).getBytes(StandardCharsets.US_ASCII);
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
