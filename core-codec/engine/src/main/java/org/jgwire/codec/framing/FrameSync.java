package org.jgwire.codec.framing;

import org.jgwire.codec.model.Endpoint;

/**
 * Finds where a handshake or a frame starts in stream bytes of unknown alignment (the start of a stream, a
 * capture that joined it mid-way, after a gap or a bad length), and learns on the way what kind of stream it is.
 * A frame start is a length in range followed by a plausible frame of the stream's kind, or of any kind while
 * the kind is unknown; the checks answer YES, NO or MORE (the verdict needs bytes not yet seen).
 */
final class FrameSync {
    /** A GossipData this small or smaller is checked whole before the stream's kind is trusted to be TUNNEL. */
    static final int GOSSIP_PROBE = 64 * 1024;

    private final int maxFrame;
    /** The stream's kind once known. */
    FrameKind kind;

    boolean handshakeSeen;
    /** The connection's version short (from the handshake or the first frame), or -1. */
    int version = -1;

    Endpoint handshakeAddress;
    /** No more bytes will come: a candidate that waits for its successor is judged on what is there. */
    boolean ending;
    /** What {@link #find} found: a verdict, and the handshake's length when it found one. */
    int verdict, hsLen;

    FrameSync(int maxFrame) {
        this.maxFrame = maxFrame;
    }

    /**
     * The first offset in {@code a[from, end)} where a handshake (then {@link #hsLen} > 0) or a frame starts
     * ({@link #verdict} YES), where the answer needs more bytes (MORE), or {@code end} (NO). {@code atStart}: the
     * stream's first byte is at {@code from}, so a handshake may be there, and a frame there pins the version.
     */
    int find(byte[] a, int from, int end, boolean atStart) {
        hsLen = 0;
        for (int p = from; p < end; p++) {
            boolean first = atStart && p == from;
            if (first && !handshakeSeen) {
                int hs = Handshake.length(a, p, end - p);
                if (hs == Handshake.MORE) return result(p, FrameDetector.MORE);
                if (hs > 0) {
                    hsLen = hs;
                    return result(p, FrameDetector.YES);
                }
            }
            int v = candidate(a, p, end, first);
            if (v != FrameDetector.NO) return result(p, v);
        }
        return result(end, FrameDetector.NO);
    }

    /** Takes in the handshake {@link #find} found at {@code a[p]}. */
    void handshake(byte[] a, int p) {
        handshakeSeen = true;
        version = Handshake.version(a, p);
        handshakeAddress = Handshake.address(a, p);
    }

    private int result(int p, int v) {
        verdict = v;
        return p;
    }

    /** Whether {@code a[p]} starts a frame of this stream's kind (or of any kind while unknown). */
    private int candidate(byte[] a, int p, int end, boolean first) {
        int avail = end - p;
        if (avail < 4) return FrameDetector.MORE;
        int len = FrameDetector.i32(a, p);
        if (len < 3 || len > maxFrame) return FrameDetector.NO;
        int at = p + 4, have = Math.min(avail - 4, len);
        int r;
        if (kind == null || kind == FrameKind.TRANSPORT) {
            r = FrameDetector.transport(a, at, have, len);
            // A connection carries one version (TcpConnection.readPeerAddress rejects others): pin it.
            if (r == FrameDetector.YES && version >= 0 && FrameDetector.u16(a, at) != version) r = FrameDetector.NO;
            // Joining mid-way, a GossipData MESSAGE ends with what looks like a TCP frame: let the next frame confirm.
            if (r == FrameDetector.YES && kind == null && !first) r = nextIsTransport(a, at + len, end, len);
            if (r != FrameDetector.NO) return found(r, FrameKind.TRANSPORT, a, at, first);
        }
        if (kind == FrameKind.GOSSIP || kind == null && !handshakeSeen && len <= GOSSIP_PROBE) {
            r = FrameDetector.gossip(a, at, have, len, kind == null);
            if (r != FrameDetector.NO) return found(r, FrameKind.GOSSIP, a, at, first);
        }
        // Bare messages have too little structure to be told from noise: only after a FD_SOCK2 handshake.
        if (kind == FrameKind.BARE_MESSAGE || kind == null && handshakeSeen) {
            r = FrameDetector.bareMessage(a, at, have, len);
            if (r != FrameDetector.NO) return found(r, FrameKind.BARE_MESSAGE, a, at, first);
        }
        return FrameDetector.NO;
    }

    /** Whether the frame after a candidate, at {@code q}, is a transport frame too (or the stream ends first). */
    private int nextIsTransport(byte[] a, int q, int end, int len) {
        if (q + 4 > end) return ending || len > GOSSIP_PROBE ? FrameDetector.YES : FrameDetector.MORE;
        int next = FrameDetector.i32(a, q);
        if (next == StreamFramer.GRACEFUL_CLOSE) return FrameDetector.YES;
        if (next < 3 || next > maxFrame) return FrameDetector.NO;
        int r = FrameDetector.transport(a, q + 4, Math.min(end - q - 4, next), next);
        return r == FrameDetector.MORE && ending ? FrameDetector.YES : r;
    }

    private int found(int verdict, FrameKind k, byte[] a, int at, boolean first) {
        if (verdict == FrameDetector.YES && kind == null) {
            kind = k;
            if (k == FrameKind.TRANSPORT && version < 0 && first) version = FrameDetector.u16(a, at);
        }
        return verdict;
    }
}
