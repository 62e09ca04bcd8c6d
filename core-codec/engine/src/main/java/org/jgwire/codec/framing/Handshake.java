package org.jgwire.codec.framing;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import org.jgwire.codec.model.Endpoint;

/**
 * What the connecting side of a TCP / TCP_NIO2 / FD_SOCK2 connection sends first
 * ({@code TcpConnection.sendLocalAddress}, {@code NioConnection.sendLocalAddress}): the cookie "bela"
 * ({@code Connection.cookie}), {@code version(u16)}, {@code addr_size(u16)} (not in 3.6.0 - 3.6.4), and its server
 * address as {@code IpAddress.writeTo} writes it, without the flag byte {@code Util.writeAddress} would add.
 */
final class Handshake {
    /** Results besides a length: need more bytes; not a handshake. */
    static final int MORE = -1, NO = -2;

    private static final byte[] COOKIE = {'b', 'e', 'l', 'a'};
    private static final byte[] ACK_OK = {0, 0, 0, 4, 1, 2, 3, 4}, ACK_FAIL = {0, 0, 0, 4, 4, 3, 2, 1};
    /** A recognition rule, not a limit: a larger addr_size is no handshake (an IPv6 IpAddress takes 23). */
    private static final int MAX_ADDR = 255;
    /** 3.6.0 - 3.6.4 wrote no addr_size (3.6.20 has it: {@code out.writeShort(local_addr.size())}). */
    private static final int FIRST_WITHOUT_SIZE = 3 << 11 | 6 << 6, LAST_WITHOUT_SIZE = FIRST_WITHOUT_SIZE | 4;

    private Handshake() {}

    /**
     * The length of the acknowledgement at {@code b[off]} ({@link #MORE} / {@link #NO} when it is none): with TCP's
     * {@code use_acks} (5.2 - 5.3), the accepting side answers a handshake before anything else with
     * {@code BaseServer.OK} (1 2 3 4), or {@code BaseServer.FAIL} (4 3 2 1) when it keeps a connection it already
     * has, each sent as a frame: i32 length 4, then the bytes ({@code TcpServer.handleAccept}).
     */
    static int ackLength(byte[] b, int off, int avail) {
        int n = Math.min(avail, ACK_OK.length);
        boolean ok = true, fail = true;
        for (int i = 0; i < n; i++) {
            ok &= b[off + i] == ACK_OK[i];
            fail &= b[off + i] == ACK_FAIL[i];
        }
        if (!ok && !fail) return NO;
        return n < ACK_OK.length ? MORE : ACK_OK.length;
    }

    /** Whether {@code b[off]} holds an acknowledgement ({@link #ackLength}). */
    static boolean isAck(byte[] b, int off, int avail) {
        return ackLength(b, off, avail) == ACK_OK.length;
    }

    /** The handshake's length at {@code b[off]}, or {@link #MORE} / {@link #NO}. */
    static int length(byte[] b, int off, int avail) {
        for (int i = 0; i < 4; i++) {
            if (i >= avail) return MORE;
            if (b[off + i] != COOKIE[i]) return NO;
        }
        if (avail < 6) return MORE;
        int version = FrameDetector.u16(b, off + 4);
        if (!FrameDetector.isKnownVersion(version)) return NO;
        int p = 6;
        if (version < FIRST_WITHOUT_SIZE || version > LAST_WITHOUT_SIZE) {
            if (avail < 8) return MORE;
            int size = FrameDetector.u16(b, off + 6);
            return size > MAX_ADDR ? NO : avail < 8 + size ? MORE : 8 + size;
        }
        if (avail < p + 1) return MORE;
        int n = b[off + p] & 0xFF; // IpAddress.writeTo: u8 length, address, [i32 scope if IPv6], u16 port
        int total = n == 0 ? p + 3 : n == 4 ? p + 7 : n == 16 ? p + 23 : NO;
        return total == NO ? NO : avail < total ? MORE : total;
    }

    /**
     * The server address a whole handshake of {@code length} bytes at {@code b[off]} announces (the sender's
     * listening socket, which the receiver uses as the peer's address), or null when it has no IP address or its
     * addr_size is too small to hold the address it starts.
     */
    static Endpoint address(byte[] b, int off, int length) {
        int version = version(b, off);
        int a = off + (version < FIRST_WITHOUT_SIZE || version > LAST_WITHOUT_SIZE ? 8 : 6);
        if (a >= off + length) return null;
        int n = b[a] & 0xFF;
        if (n != 4 && n != 16) return null;
        int portAt = a + 1 + n + (n == 16 ? 4 : 0);
        if (portAt + 2 > off + length) return null;
        int port = FrameDetector.u16(b, portAt);
        try {
            return new Endpoint(
                    InetAddress.getByAddress(Arrays.copyOfRange(b, a + 1, a + 1 + n))
                            .getHostAddress(),
                    port);
        } catch (UnknownHostException e) { // cannot happen for 4 or 16 bytes
            return null;
        }
    }

    /** The version short of a handshake at {@code b[off]}. */
    static int version(byte[] b, int off) {
        return FrameDetector.u16(b, off + 4);
    }
}
