package org.jgwire.codec.capture;

import java.util.Arrays;

/**
 * Hex digits to bytes through a lookup table, as tshark prints them: plain ({@code 2947}) or with a separator
 * between bytes ({@code 29:47}, as tshark before 3.x printed {@code data}; a space is accepted too).
 */
final class HexText {
    /** Value of each ASCII hex digit, -1 for any other byte. */
    private static final byte[] VALUE = new byte[256];

    static {
        Arrays.fill(VALUE, (byte) -1);
        for (int i = 0; i < 10; i++) VALUE['0' + i] = (byte) i;
        for (int i = 0; i < 6; i++) {
            VALUE['a' + i] = (byte) (10 + i);
            VALUE['A' + i] = (byte) (10 + i);
        }
    }

    /** {@link #count} result: an odd number of digits. */
    static final int ODD = -1;

    private HexText() {}

    static boolean isDigit(byte c) {
        return VALUE[c & 0xff] >= 0;
    }

    private static boolean isSeparator(byte c) {
        return c == ':' || c == ' ';
    }

    /**
     * Number of bytes {@code b[s, e)} holds, or {@link #ODD}, or {@code -(2 + i)} when {@code b[i]} is not a hex
     * digit or a separator out of place (separators go only between two bytes).
     */
    static int count(byte[] b, int s, int e) {
        int digits = 0;
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (VALUE[c & 0xff] >= 0) {
                digits++;
            } else if (!isSeparator(c) || (digits & 1) != 0 || i == s || i + 1 == e || isSeparator(b[i - 1])) {
                return -(2 + i);
            }
        }
        return (digits & 1) != 0 ? ODD : digits >> 1;
    }

    /** Decodes {@code b[s, e)}, already checked by {@link #count}, into {@code out} from index 0. */
    static void decode(byte[] b, int s, int e, byte[] out) {
        byte[] v = VALUE;
        if (e - s == out.length << 1) { // no separators: the common case
            for (int o = 0, i = s; i < e; i += 2) out[o++] = (byte) (v[b[i] & 0xff] << 4 | v[b[i + 1] & 0xff]);
            return;
        }
        int o = 0;
        int i = s;
        while (i < e) {
            byte c = b[i];
            if (isSeparator(c)) {
                i++;
                continue;
            }
            out[o++] = (byte) (v[c & 0xff] << 4 | v[b[i + 1] & 0xff]);
            i += 2;
        }
    }

    /** Decodes {@code b[s, e)} into a new array, or returns null when it is not valid hex. */
    static byte[] decode(byte[] b, int s, int e) {
        int n = count(b, s, e);
        if (n < 0) return null;
        byte[] out = new byte[n];
        decode(b, s, e, out);
        return out;
    }

    /** The text of {@code b[s, e)} for a message, cut to {@code max} characters. */
    static String excerpt(byte[] b, int s, int e, int max) {
        int n = Math.min(e - s, max);
        StringBuilder sb = new StringBuilder(n + 3);
        for (int i = s; i < s + n; i++) {
            int c = b[i] & 0xff;
            sb.append(c >= 0x20 && c < 0x7f ? (char) c : '.');
        }
        if (e - s > max) sb.append("...");
        return sb.toString();
    }
}
