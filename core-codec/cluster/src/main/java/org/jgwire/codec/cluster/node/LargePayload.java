package org.jgwire.codec.cluster.node;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The payloads of the runner's {@code large} scenario: big enough to be fragmented by FRAG2/FRAG3/FRAG4, and
 * recognisable and checkable after reassembly. A payload starts with {@code large A#1 150000 } (sender, sequence
 * number, size) and continues with the letters {@code a..z} repeated, so that any fragment shows where it belongs;
 * its SHA-256 goes into the manifest on both sides. JDK only (a node's class path holds no library).
 */
public final class LargePayload {
    /** The head every large payload starts with; a delivered message with it is reported by size and hash. */
    public static final String PREFIX = "large ";

    private static final byte[] PREFIX_BYTES = PREFIX.getBytes(StandardCharsets.US_ASCII);

    private LargePayload() {}

    /** Payload {@code seq} of {@code sender}: {@code size} bytes (at least its head). */
    public static byte[] make(String sender, int seq, int size) {
        byte[] head = (PREFIX + sender + "#" + seq + " " + size + " ").getBytes(StandardCharsets.US_ASCII);
        byte[] p = new byte[Math.max(size, head.length)];
        System.arraycopy(head, 0, p, 0, head.length);
        for (int i = head.length; i < p.length; i++) p[i] = (byte) ('a' + i % 26);
        return p;
    }

    /** Whether {@code buf[off, off+len)} is a large payload. */
    public static boolean is(byte[] buf, int off, int len) {
        return buf != null
                && len >= PREFIX_BYTES.length
                && Arrays.equals(buf, off, off + PREFIX_BYTES.length, PREFIX_BYTES, 0, PREFIX_BYTES.length);
    }

    /** The lowercase hex SHA-256 of {@code buf[off, off+len)}. */
    public static String sha256(byte[] buf, int off, int len) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(buf, off, len);
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The head of a large payload up to (not including) the first filler letter: {@code large A#1 150000}. */
    public static String head(byte[] buf, int off, int len) {
        int spaces = 0;
        int end = off;
        while (end < off + len && spaces < 3) if (buf[end++] == ' ') spaces++;
        return new String(buf, off, Math.max(0, end - off - 1), StandardCharsets.US_ASCII);
    }
}
