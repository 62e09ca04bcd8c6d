package org.jgwire.codec.framing;

import java.util.Arrays;
import org.jgwire.codec.runtime.WireVariant;
import org.jgwire.codec.runtime.WireVariants;

/**
 * Cheap structural checks that tell whether bytes look like the start of a JGroups frame. They run on every UDP
 * datagram on any port and at every candidate offset while a TCP stream resynchronises, so they only look at a
 * few bytes, never allocate and never throw.
 *
 * <p>The package-private checks answer {@link #YES}, {@link #NO} or {@link #MORE}: {@code avail} bytes are at
 * hand of a frame announced as {@code frameLen} bytes long, and MORE means the answer needs bytes not yet seen.
 */
public final class FrameDetector {
    static final int YES = 1, NO = 0, MORE = -1;
    /** {@code TP.LIST} and {@code TP.MULTICAST}, the only frame flags JGroups writes. */
    static final int LIST = 1, MULTICAST = 2;
    /** {@code Message.SRC_SET}, the leading byte's bit for a sender address. */
    private static final int SRC_SET = 2;
    /** {@code Address.NULL, UUID_ADDR, SITE_UUID, SITE_MASTER, IP_ADDR} ({@code Util.writeAddress}). */
    private static final int NULL = 1, UUID = 2, SITE_UUID = 4, SITE_MASTER = 8, IP_ADDR = 16;
    /** {@link #skipAddress} results besides an offset: not an address; a class only it can size; need bytes. */
    private static final int BAD = -1, OPAQUE = -2, SHORT = -3;
    /** Highest {@code GossipType} ordinal (GET_MBRS_RSP_LAST) and MESSAGE's. */
    static final int MAX_GOSSIP_TYPE = 7, GOSSIP_MESSAGE = 4;
    /** FD_SOCK2's protocol id ({@code jg-protocol-ids.xml} of 5.1 to 5.5). */
    static final int FD_SOCK2_ID = 71;

    /** Version shorts of known wire variants, looked up once: the table is consulted per datagram. */
    private static final boolean[] KNOWN = new boolean[1 << 16];

    static {
        // each variant is a range of version shorts [from, until): filled range by range, not by asking the table
        // about each of the 65536 shorts, which would run interpreted at every start
        for (WireVariant w : WireVariants.all())
            Arrays.fill(KNOWN, w.from().toShort(), w.until().toShort(), true);
    }

    private FrameDetector() {}

    /**
     * Whether {@code b[off, off+len)} plausibly holds a whole transport frame: a version short (known, or of major 3 to
     * 7: see below), frame flags with only LIST|MULTICAST set, and enough bytes for the first fields of the single
     * message ({@code Util.writeMessage}) or of the list ({@code Util.writeMessageListHeader}) that follows.
     */
    public static boolean isPlausibleTransportFrame(byte[] b, int off, int len) {
        if (b == null || off < 0 || len < 3 || len > b.length - off) return false;
        return transport(b, off, len, len, true) == YES;
    }

    /**
     * Whether {@code b[off, off+len)} plausibly holds an MPING datagram: one message as {@code Message.writeTo}
     * writes it (no version, no frame flags, no type short; 3.x/4.x may set BUF_SET), always with its sender set
     * ({@code MPING.sendMcastDiscoveryRequest}) and a header (PING's).
     */
    public static boolean isPlausibleMping(byte[] b, int off, int len) {
        if (b == null || off < 0 || len < 3 || len > b.length - off) return false;
        return (b[off] & SRC_SET) != 0 && message(b, off, off + len, off + len, 7, 1) == YES;
    }

    /** Whether a version short belongs to a known wire variant (a table lookup). */
    static boolean isKnownVersion(int s) {
        return KNOWN[s & 0xFFFF];
    }

    /** See {@link #isPlausibleTransportFrame}; {@code b[off, off+avail)} is at hand of {@code frameLen} bytes. */
    static int transport(byte[] b, int off, int avail, int frameLen) {
        return transport(b, off, avail, frameLen, false);
    }

    /**
     * @param anyMajor also accept a version short no wire variant knows, of major 3 to 7 (the structure checks
     *                 below still apply): a datagram from a newer (or patched) JGroups must become an
     *                 unsupported_version error naming its version, not vanish; stream resynchronisation keeps to
     *                 known versions
     */
    private static int transport(byte[] b, int off, int avail, int frameLen, boolean anyMajor) {
        if (frameLen < 3) return NO;
        if (avail < 3) return MORE;
        int version = u16(b, off);
        if (!KNOWN[version] && !(anyMajor && version >>> 11 >= 3 && version >>> 11 <= 7)) return NO;
        int flags = b[off + 2] & 0xFF;
        if ((flags & ~(LIST | MULTICAST)) != 0) return NO;
        int p = off + 3, end = off + avail, limit = off + frameLen;
        if ((flags & LIST) != 0) {
            // dest, src, cluster name (short length, -1 = null), message count
            for (int i = 0; i < 2; i++) {
                p = skipAddress(b, p, end);
                if (p < 0) return p == OPAQUE ? YES : p == BAD ? NO : MORE;
                if (p > limit) return NO;
            }
            if (p + 2 > limit) return NO;
            if (p + 2 > end) return MORE;
            int clusterLen = (short) u16(b, p);
            if (clusterLen < -1) return NO;
            p += 2 + Math.max(clusterLen, 0);
            if (p + 4 > limit) return NO;
            if (p + 4 > end) return MORE;
            int count = i32(b, p);
            return count >= 0 && count <= limit - p - 4 ? YES : NO;
        }
        boolean v5 = version >>> 11 >= 5;
        if (v5) { // 5.x writes the message type short first (Util.writeMessage)
            if (p + 2 > limit) return NO;
            if (p + 2 > end) return MORE;
            if ((b[p] & 0x80) != 0) return NO;
            p += 2;
        }
        return message(b, p, end, limit, v5 ? 3 : 7, 0);
    }

    /**
     * A message as {@code Message.writeTo} writes it: leading byte (DEST_SET=1, SRC_SET=2, 3.x/4.x BUF_SET=4),
     * flags short, the addresses the leading byte announces, then the header count (at least {@code minHeaders}).
     */
    private static int message(byte[] b, int p, int end, int limit, int leadingMask, int minHeaders) {
        if (p + 3 > limit) return NO;
        if (p + 3 > end) return MORE;
        int leading = b[p] & 0xFF;
        if ((leading & ~leadingMask) != 0) return NO;
        p += 3;
        for (int bit = 1; bit <= 2; bit++) {
            if ((leading & bit) == 0) continue;
            p = skipAddress(b, p, end);
            if (p < 0) return p == OPAQUE ? YES : p == BAD ? NO : MORE;
            if (p > limit) return NO;
        }
        if (p + 2 > limit) return NO;
        if (p + 2 > end) return MORE;
        int headers = (short) u16(b, p);
        if (headers < minHeaders || headers > 255) return NO;
        if (headers == 0) return YES;
        return p + 6 <= limit ? YES : NO; // protocol id + magic id of the first header
    }

    /**
     * A FD_SOCK2 message ({@code FD_SOCK2.messageToBuffer}: a 5.x {@code BaseMessage.writeTo}, no version, no frame
     * flags, no type short). It always carries an FdHeader, hence at least one header.
     */
    static int bareMessage(byte[] b, int off, int avail, int frameLen) {
        return message(b, off, off + avail, off + frameLen, 3, 1);
    }

    /**
     * A bare message whose first header is FD_SOCK2's ({@link #FD_SOCK2_ID}): how a FD_SOCK2 stream whose handshake
     * was not captured is told from noise (its messages carry FD_SOCK2's FdHeader and nothing else).
     */
    static int fdSock2Message(byte[] b, int off, int avail, int frameLen) {
        int r = bareMessage(b, off, avail, frameLen);
        if (r != YES) return r;
        int p = off + 3, end = off + avail, leading = b[off] & 0xFF;
        for (int bit = 1; bit <= 2; bit++) {
            if ((leading & bit) == 0) continue;
            p = skipAddress(b, p, end);
            if (p < 0) return p == SHORT ? MORE : NO; // an address only its class can size: no proof
        }
        if (p + 4 > end) return MORE;
        return u16(b, p + 2) == FD_SOCK2_ID ? YES : NO; // header count, then the first header's protocol id
    }

    /**
     * A {@code GossipData} ({@code GossipData.writeTo}): type, group ({@code Bits.writeString}: 0 = null, or 1 +
     * writeUTF), an address; with {@code whole}, also its end: {@code i32 length} + that many bytes. Control
     * messages carry no buffer, so they end with a zero int; a MESSAGE ends with a transport frame, found by
     * looking for an int that announces exactly the rest.
     */
    static int gossip(byte[] b, int off, int avail, int frameLen, boolean whole) {
        if (frameLen < 7) return NO; // 3.6: type, null group, null addr, i32 0 (4.0+ adds a sender)
        if (avail < 2) return MORE;
        if ((b[off] & 0xFF) > MAX_GOSSIP_TYPE) return NO;
        int p = off + 1, end = off + avail, limit = off + frameLen;
        int present = b[p++];
        if (present == 1) {
            if (p + 2 > limit) return NO;
            if (p + 2 > end) return MORE;
            p += 2 + u16(b, p);
        } else if (present != 0) return NO;
        if (p + 4 > limit) return NO;
        int a = skipAddress(b, p, end);
        if (a == BAD) return NO;
        if (a == SHORT) return MORE;
        if (a > limit) return NO;
        if (!whole) return YES;
        if (avail < frameLen) return MORE;
        if (i32(b, limit - 4) == 0) return YES;
        if (b[off] != GOSSIP_MESSAGE) return NO;
        for (int q = p; q + 4 + 3 <= limit; q++)
            if (i32(b, q) == limit - q - 4 && transport(b, q + 4, limit - q - 4, limit - q - 4) == YES) return YES;
        return NO;
    }

    /**
     * Skips the address {@code Util.writeAddress} wrote at {@code p}: the offset after it (which may lie beyond
     * {@code end}), {@link #BAD} when the bytes cannot be one, {@link #OPAQUE} for classes only they can size, or
     * {@link #SHORT} when the bytes that give its size are not at hand.
     */
    private static int skipAddress(byte[] b, int p, int end) {
        if (p >= end) return SHORT;
        switch (b[p] & 0xFF) {
            case NULL:
                return p + 1;
            case UUID: // two longs
                return p + 17;
            case IP_ADDR: { // IpAddress.writeTo: u8 len (0, 4, 16), address, [i32 scope for IPv6], u16 port
                if (p + 2 > end) return SHORT;
                int n = b[p + 1] & 0xFF;
                int size = n == 0 ? 0 : n == 4 ? 4 : n == 16 ? 20 : -1;
                return size < 0 ? BAD : p + 2 + size + 2;
            }
            case 0:
            case SITE_UUID:
            case SITE_MASTER:
                return OPAQUE;
            default:
                return BAD;
        }
    }

    static int u16(byte[] b, int p) {
        return (b[p] & 0xFF) << 8 | b[p + 1] & 0xFF;
    }

    static int i32(byte[] b, int p) {
        return b[p] << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | b[p + 3] & 0xFF;
    }
}
