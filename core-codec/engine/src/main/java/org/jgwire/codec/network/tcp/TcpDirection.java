package org.jgwire.codec.network.tcp;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.jgwire.codec.framing.StreamFramer;

/**
 * The receiving state of one direction of a TCP connection: where the next in-order byte is, and the segments
 * that arrived ahead of it. In-order bytes go straight to the {@link StreamFramer} without copying; segments ahead
 * of a hole are copied and held until the hole fills or they exceed {@code maxBuffer}, when the hole is declared
 * a gap. Positions are 64-bit stream offsets; the 32-bit sequence numbers are mapped onto them relative to the
 * next expected byte, so wrap-around needs no special case.
 */
final class TcpDirection {
    private static final long SEQ_MASK = 0xFFFF_FFFFL;
    private static final byte[] NONE = {};

    final StreamKey key;
    final StreamFramer framer;
    /** Initial sequence number when the SYN was seen, else -1 (capture joined mid-stream). */
    final long isn;

    TcpDirection reverse;

    private final int maxBuffer;
    /** Sequence number of stream offset 0 (the byte after the SYN, or the first byte seen). */
    private final long seqBase;

    private final TreeMap<Long, Held> ahead = new TreeMap<>();
    private long pos, duplicate;
    private int held;
    private boolean closed;

    private record Held(byte[] data, boolean fin) {}

    TcpDirection(StreamKey key, StreamFramer framer, long firstSeq, boolean syn, int maxBuffer) {
        this.key = key;
        this.framer = framer;
        this.isn = syn ? firstSeq : -1;
        this.seqBase = syn ? firstSeq + 1 & SEQ_MASK : firstSeq;
        this.maxBuffer = maxBuffer;
    }

    /** Takes a segment's payload; returns true once the stream is closed by an in-order FIN. */
    boolean segment(long seq, boolean syn, boolean fin, byte[] b, int off, int len, long packet, long tsNanos) {
        if (closed) return true;
        if (syn) seq = seq + 1 & SEQ_MASK; // the SYN takes one sequence number; data (if any) follows it
        long expected = seqBase + pos & SEQ_MASK;
        long at = pos + (int) (seq - expected); // signed 32-bit distance: wrap-around safe
        if (at < pos) { // retransmission or overlap: keep only what is new
            long old = pos - at;
            if (old > len || old == len && !fin) {
                duplicate += len;
                return false;
            }
            duplicate += old;
            off += (int) old;
            len -= (int) old;
            at = pos;
        }
        if (at == pos) {
            deliver(b, off, len, packet, tsNanos);
            if (fin) return close(packet, tsNanos);
            drain(packet, tsNanos);
            return closed;
        }
        if (len == 0 && !fin) return false;
        Held prev = ahead.get(at);
        if (prev != null && (prev.data.length > len || prev.data.length == len && (prev.fin || !fin))) {
            duplicate += len;
            return false;
        }
        byte[] copy = len == 0 ? NONE : Arrays.copyOfRange(b, off, off + len); // the caller reuses its buffer
        ahead.put(at, new Held(copy, fin));
        held += len - (prev == null ? 0 : prev.data.length);
        while (held > maxBuffer && !closed) skipToFirstHeld(packet, tsNanos);
        return closed;
    }

    /** Declares every hole a gap and delivers what is held, then ends the framer (FIN, RST, eviction, end). */
    void flush(long packet, long tsNanos) {
        while (!ahead.isEmpty() && !closed) skipToFirstHeld(packet, tsNanos);
        if (!closed) close(packet, tsNanos);
    }

    boolean isClosed() {
        return closed;
    }

    /** Bytes held ahead of a hole. */
    int heldBytes() {
        return held;
    }

    /** Bytes received more than once (retransmissions, overlaps), dropped. */
    long duplicateBytes() {
        return duplicate;
    }

    private void skipToFirstHeld(long packet, long tsNanos) {
        long first = ahead.firstKey();
        if (first > pos) {
            framer.gap(first - pos, packet, tsNanos);
            pos = first;
        }
        drain(packet, tsNanos);
    }

    private void deliver(byte[] b, int off, int len, long packet, long tsNanos) {
        if (len <= 0) return;
        framer.data(b, off, len, packet, tsNanos);
        pos += len;
    }

    /** Delivers the held segments that now join the in-order bytes. */
    private void drain(long packet, long tsNanos) {
        Map.Entry<Long, Held> e;
        while (!closed && (e = ahead.firstEntry()) != null && e.getKey() <= pos) {
            ahead.pollFirstEntry();
            Held h = e.getValue();
            held -= h.data.length;
            long end = e.getKey() + h.data.length;
            if (end < pos || end == pos && !h.fin) {
                duplicate += h.data.length;
                continue;
            }
            int old = (int) (pos - e.getKey());
            duplicate += old;
            deliver(h.data, old, h.data.length - old, packet, tsNanos);
            if (h.fin) close(packet, tsNanos);
        }
    }

    private boolean close(long packet, long tsNanos) {
        closed = true;
        for (Held h : ahead.values()) duplicate += h.data.length; // beyond the FIN: cannot belong to the stream
        ahead.clear();
        held = 0;
        framer.end(packet, tsNanos);
        return true;
    }
}
