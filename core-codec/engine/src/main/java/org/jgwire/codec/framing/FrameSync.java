package org.jgwire.codec.framing;

import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameKind;

/**
 * Finds where a handshake or a frame starts in stream bytes of unknown alignment (the start of a stream, a
 * capture that joined it mid-way, after a gap or a bad length), and learns on the way what kind of stream it is.
 * A frame start is a length in range followed by a plausible frame of the stream's kind, or of any kind while
 * the kind is unknown; the checks answer YES, NO or MORE (the verdict needs bytes not yet seen).
 *
 * <p>Away from the stream's first byte a length alone proves nothing (a payload holds in-range ints everywhere,
 * some before bytes that look like a frame start): a candidate counts only when its length chains, that is when
 * the bytes after its frame start another plausible length and frame ({@link #follows}). Its verdict waits for
 * those bytes however long the candidate's frame, so a false 5 MB length is judged by what lies 5 MB on, not
 * taken on trust; at the end of the stream a candidate whose frame is not all there is no frame.
 */
final class FrameSync {
    /** A GossipData this small or smaller is checked whole before the stream's kind is trusted to be TUNNEL. */
    static final int GOSSIP_PROBE = 64 * 1024;

    private final int maxFrame;
    /** The stream's kind once known. */
    FrameKind kind;

    boolean handshakeSeen;
    /** Whether the stream began with the acknowledgement of a handshake ({@link Handshake#ackLength}). */
    boolean ackSeen;
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
                if (!ackSeen) { // the accepting side's answer to a handshake, taken in like one
                    int ack = Handshake.ackLength(a, p, end - p);
                    if (ack == Handshake.MORE) return result(p, FrameDetector.MORE);
                    if (ack > 0) {
                        hsLen = ack;
                        return result(p, FrameDetector.YES);
                    }
                }
            }
            int v = candidate(a, p, end, first);
            if (v != FrameDetector.NO) return result(p, v);
        }
        return result(end, FrameDetector.NO);
    }

    /** Takes in the handshake (or the acknowledgement of one) {@link #find} found at {@code a[p]}. */
    void handshake(byte[] a, int p) {
        if (Handshake.isAck(a, p, hsLen)) {
            ackSeen = true;
            return;
        }
        handshakeSeen = true;
        version = Handshake.version(a, p);
        handshakeAddress = Handshake.address(a, p, hsLen);
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
            if (r == FrameDetector.YES && !first) r = chains(FrameKind.TRANSPORT, a, at + len, end);
            if (r != FrameDetector.NO && (r = found(r, FrameKind.TRANSPORT, a, at, first)) != FrameDetector.NO)
                return r;
        }
        if (kind == FrameKind.GOSSIP || kind == null && !handshakeSeen && len <= GOSSIP_PROBE) {
            r = FrameDetector.gossip(a, at, have, len, kind == null);
            if (r == FrameDetector.YES && !first) r = chains(FrameKind.GOSSIP, a, at + len, end);
            if (r != FrameDetector.NO && (r = found(r, FrameKind.GOSSIP, a, at, first)) != FrameDetector.NO) return r;
        }
        // Bare messages have too little structure to be told from noise: after a FD_SOCK2 handshake; without one
        // (the capture began after it), only a message that carries FD_SOCK2's header.
        boolean afterHandshake = kind == FrameKind.BARE_MESSAGE || kind == null && handshakeSeen;
        if (afterHandshake || kind == null) {
            r = afterHandshake
                    ? FrameDetector.bareMessage(a, at, have, len)
                    : FrameDetector.fdSock2Message(a, at, have, len);
            if (r == FrameDetector.YES && !first) r = chains(FrameKind.BARE_MESSAGE, a, at + len, end);
            if (r != FrameDetector.NO) return found(r, FrameKind.BARE_MESSAGE, a, at, first);
        }
        return FrameDetector.NO;
    }

    /**
     * Whether a candidate frame of kind {@code k} that ends at {@code q} is followed by another frame start, or by
     * the end of the stream; MORE until the bytes that decide are at hand. Once the kind is known, a frame that ends
     * exactly where the bytes at hand end (a segment's end) chains too, so it is handed on with its own packet; while
     * the kind is unknown it waits for its successor, as a GossipData MESSAGE ends with what looks like a TCP frame.
     */
    private int chains(FrameKind k, byte[] a, int q, int end) {
        if (q > end) return ending ? FrameDetector.NO : FrameDetector.MORE; // the candidate's own frame is cut
        if (q == end) return ending || kind != null ? FrameDetector.YES : FrameDetector.MORE;
        int r = follows(k, a, q, end);
        return r == FrameDetector.MORE && ending ? FrameDetector.YES : r;
    }

    /**
     * Whether {@code a[q, end)} can start a length-prefixed frame of kind {@code k} (or hold a graceful-close mark):
     * a length in range, then the start of such a frame; MORE when the bytes at hand are too few to tell.
     */
    int follows(FrameKind k, byte[] a, int q, int end) {
        if (q + 4 > end) return FrameDetector.MORE;
        int len = FrameDetector.i32(a, q);
        if (len == StreamFramer.GRACEFUL_CLOSE) return FrameDetector.YES;
        if (len < (k == FrameKind.GOSSIP ? 7 : 3) || len > maxFrame) return FrameDetector.NO;
        int at = q + 4, have = Math.min(end - at, len);
        return switch (k) {
            case TRANSPORT -> FrameDetector.transport(a, at, have, len);
            case GOSSIP -> FrameDetector.gossip(a, at, have, len, false);
            case BARE_MESSAGE -> FrameDetector.bareMessage(a, at, have, len);
        };
    }

    /**
     * Whether a frame of the stream's kind whose length chains to another frame start (or to the end of the bytes
     * at hand) starts at an offset in {@code [from, to)}, with its bytes in {@code a[.., end)}: evidence that a
     * length prefix pointing past {@code to} was wrong.
     */
    boolean framesInside(byte[] a, int from, int to, int end) {
        for (int p = from; p < to && p + 4 <= end; p++) {
            int len = FrameDetector.i32(a, p);
            if (len < 3 || len > end - p - 4 || follows(kind, a, p, end) != FrameDetector.YES) continue;
            if (kind == FrameKind.TRANSPORT && version >= 0 && FrameDetector.u16(a, p + 4) != version) continue;
            int q = p + 4 + len;
            // a frame that ends exactly where the bytes at hand end (a segment boundary) chains as well
            if (q == end || q + 4 <= end && follows(kind, a, q, end) != FrameDetector.NO) return true;
        }
        return false;
    }

    private int found(int verdict, FrameKind k, byte[] a, int at, boolean first) {
        if (verdict == FrameDetector.MORE && ending) return FrameDetector.NO; // no more bytes will tell: look on
        if (verdict == FrameDetector.YES && kind == null) {
            kind = k;
            if (k == FrameKind.TRANSPORT && version < 0 && first) version = FrameDetector.u16(a, at);
        }
        return verdict;
    }
}
