package org.jgwire.gui.model;

/** Bytes as lower-case hex. */
public final class Hex {
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {}

    public static String of(byte[] b) {
        char[] out = new char[b.length * 2];
        for (int i = 0; i < b.length; i++) {
            out[2 * i] = DIGITS[(b[i] >> 4) & 0xF];
            out[2 * i + 1] = DIGITS[b[i] & 0xF];
        }
        return new String(out);
    }

    /** One byte as two hex digits. */
    public static String of(byte b) {
        return new String(new char[] {DIGITS[(b >> 4) & 0xF], DIGITS[b & 0xF]});
    }
}
