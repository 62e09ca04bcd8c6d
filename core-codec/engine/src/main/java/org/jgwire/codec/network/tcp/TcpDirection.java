package org.jgwire.codec.network.tcp;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.jgwire.codec.HeldBytes;
import org.jgwire.codec.framing.FrameSink;
import org.jgwire.codec.framing.StreamFramer;
import org.jgwire.codec.model.StreamEndRecord.How;

/**
 * The receiving state of one direction of a TCP connection: where the next in-order byte is, and the segments
 * that arrived ahead of it. In-order bytes go straight to the {@link StreamFramer} without copying; segments ahead
 * of a hole are copied and held until the hole fills, or until it is known never to fill and is declared a gap: the
 * peer acknowledged bytes past it ({@link #acked}: they were sent, the capture missed them, as Wireshark's "ACKed
 * unseen segment"), the hole outlasted {@code maxHoldNanos} of capture time, or what is held exceeds
 * {@code maxBuffer}. Held bytes are framed with the packet number and time of the segment that carried them.
 * Positions are 64-bit stream offsets; the 32-bit sequence numbers are mapped onto them relative to the next
 * expected byte, so wrap-around needs no special case.
 */
final class TcpDirection {
    private static final long SEQ_MASK = 0xFFFF_FFFFL;
    /** The largest window a sender may have open (RFC 7323: 2^30 with window scaling). */
    static final long MAX_WINDOW = 1L << 30;

    private static final byte[] NONE = {};

    final StreamKey key;
    final StreamFramer framer;
    /** Initial sequence number when the SYN was seen, else -1 (capture joined mid-stream). */
    final long isn;

    TcpDirection reverse;
    /** Where this direction's reports go: the connection's triage, or the reassembler's sink without one. */
    FrameSink out;

    private final int maxBuffer;
    private final long maxHoldNanos;
    /** Sequence number of stream offset 0 (the byte after the SYN, or the first byte seen). */
    private final long seqBase;

    private final TreeMap<Long, Held> ahead = new TreeMap<>();
    private final HeldBytes budget;
    private long pos, duplicate;
    private int held;
    private boolean closed;
    /** How the stream ended ("FIN in packet 12", "connection reset by packet 7"), null for the end of the capture. */
    private String how;
    /** What ended the stream and the packet that did, once closed. */
    private How ending;

    private long endPacket, endTsNanos;

    private record Held(byte[] data, boolean fin, long packet, long tsNanos) {}

    TcpDirection(
            StreamKey key,
            StreamFramer framer,
            long firstSeq,
            boolean syn,
            int maxBuffer,
            long maxHoldNanos,
            HeldBytes budget) {
        this.key = key;
        this.framer = framer;
        this.isn = syn ? firstSeq : -1;
        this.seqBase = syn ? firstSeq + 1 & SEQ_MASK : firstSeq;
        this.maxBuffer = maxBuffer;
        this.maxHoldNanos = maxHoldNanos;
        this.budget = budget;
    }

    /** The sequence number of the next in-order byte. */
    long nextSeq() {
        return seqBase + pos & SEQ_MASK;
    }

    /** Whether {@code seq} lies at or ahead of the next in-order byte, within the largest window a sender may have. */
    boolean inWindow(long seq) {
        return (seq - nextSeq() & SEQ_MASK) < MAX_WINDOW;
    }

    /** Takes a segment's payload; returns true once the stream is closed by an in-order FIN. */
    boolean segment(long seq, boolean syn, boolean fin, byte[] b, int off, int len, long packet, long tsNanos) {
        if (closed) return true;
        if (syn) seq = seq + 1 & SEQ_MASK; // the SYN takes one sequence number; data (if any) follows it
        long at = pos + (int) (seq - nextSeq()); // signed 32-bit distance: wrap-around safe
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
            if (fin) return close(packet, tsNanos, "FIN in packet " + packet, How.FIN, true);
            drain();
            return closed;
        }
        if (len == 0 && !fin) return false;
        Held prev = ahead.get(at);
        if (prev != null && (prev.data.length > len || prev.data.length == len && (prev.fin || !fin))) {
            duplicate += len;
            return false;
        }
        byte[] copy = len == 0 ? NONE : Arrays.copyOfRange(b, off, off + len); // the caller reuses its buffer
        ahead.put(at, new Held(copy, fin, packet, tsNanos));
        int grown = len - (prev == null ? 0 : prev.data.length);
        held += grown;
        budget.add(grown);
        while (held > maxBuffer && !closed) skipToFirstHeld();
        expire(tsNanos);
        return closed;
    }

    /**
     * The peer acknowledged everything before {@code ack}: it received those bytes, so a hole below it will never
     * fill; declare it a gap now rather than when the buffer overflows or the capture ends.
     */
    void acked(long ack) {
        if (ahead.isEmpty() || closed) return;
        long ackPos = pos + (int) (ack - nextSeq());
        while (!closed && pos < ackPos && !ahead.isEmpty()) {
            Map.Entry<Long, Held> first = ahead.firstEntry();
            long to = Math.min(first.getKey(), ackPos);
            if (to > pos) {
                framer.gap(to - pos, first.getValue().packet, first.getValue().tsNanos);
                pos = to;
            }
            drain();
        }
    }

    /** Declares the first hole a gap when the segment after it has waited longer than the hold window. */
    void expire(long nowNanos) {
        while (!closed && !ahead.isEmpty() && nowNanos >= 0) {
            long since = ahead.firstEntry().getValue().tsNanos;
            if (since < 0 || nowNanos - since <= maxHoldNanos) return;
            skipToFirstHeld();
        }
    }

    /** Declares the first hole a gap (the budget of held bytes is spent); false when nothing is held. */
    boolean giveUpFirstHole() {
        if (ahead.isEmpty() || closed) return false;
        skipToFirstHeld();
        return true;
    }

    /**
     * Declares every hole a gap and delivers what is held, then ends the framer, saying {@code how} (null: the capture
     * ended); {@code ending} is what ended it, {@code bySender} whether this direction's sender did (a reset it sent).
     */
    void flush(long packet, long tsNanos, String how, How ending, boolean bySender) {
        while (!ahead.isEmpty() && !closed) skipToFirstHeld();
        if (!closed) close(packet, tsNanos, how, ending, bySender);
    }

    boolean isClosed() {
        return closed;
    }

    /** How the stream ended, once closed: "FIN in packet 12", "connection reset by packet 7"; null: the capture did. */
    String how() {
        return how;
    }

    /** What ended the stream, once closed. */
    How ending() {
        return ending;
    }

    /** The packet that ended the stream, once closed. */
    long endPacket() {
        return endPacket;
    }

    /** The capture time of {@link #endPacket()}. */
    long endTsNanos() {
        return endTsNanos;
    }

    /** Bytes held ahead of a hole. */
    int heldBytes() {
        return held;
    }

    /** The packet of the segment held ahead of the first hole, or Long.MAX_VALUE when nothing is held. */
    long oldestHeldPacket() {
        return ahead.isEmpty() ? Long.MAX_VALUE : ahead.firstEntry().getValue().packet;
    }

    /** Bytes received more than once (retransmissions, overlaps), dropped. */
    long duplicateBytes() {
        return duplicate;
    }

    private void skipToFirstHeld() {
        Map.Entry<Long, Held> e = ahead.firstEntry();
        long first = e.getKey();
        if (first > pos) {
            framer.gap(first - pos, e.getValue().packet, e.getValue().tsNanos);
            pos = first;
        }
        drain();
    }

    private void deliver(byte[] b, int off, int len, long packet, long tsNanos) {
        if (len <= 0) return;
        framer.data(b, off, len, packet, tsNanos);
        pos += len;
    }

    /** Delivers the held segments that now join the in-order bytes, each as the packet that carried it. */
    private void drain() {
        Map.Entry<Long, Held> e;
        while (!closed && (e = ahead.firstEntry()) != null && e.getKey() <= pos) {
            ahead.pollFirstEntry();
            Held h = e.getValue();
            held -= h.data.length;
            budget.add(-h.data.length);
            long end = e.getKey() + h.data.length;
            if (end < pos || end == pos && !h.fin) {
                duplicate += h.data.length;
                continue;
            }
            int old = (int) (pos - e.getKey());
            duplicate += old;
            deliver(h.data, old, h.data.length - old, h.packet, h.tsNanos);
            if (h.fin) close(h.packet, h.tsNanos, "FIN in packet " + h.packet, How.FIN, true);
        }
    }

    private boolean close(long packet, long tsNanos, String how, How ending, boolean bySender) {
        closed = true;
        this.how = how;
        this.ending = ending;
        this.endPacket = packet;
        this.endTsNanos = tsNanos;
        for (Held h : ahead.values()) duplicate += h.data.length; // beyond the FIN: cannot belong to the stream
        ahead.clear();
        budget.add(-held);
        held = 0;
        framer.end(packet, tsNanos, how, bySender);
        return true;
    }
}
