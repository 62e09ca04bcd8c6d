package org.jgwire.codec.network.tcp;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jgwire.codec.Limits;
import org.jgwire.codec.framing.FrameSink;
import org.jgwire.codec.framing.StreamFramer;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.network.TcpSegment;

/**
 * Puts TCP segments back into byte streams, one per connection <em>and</em> direction, and hands each stream to
 * its own {@link StreamFramer}. Handles the SYN (or a capture that joins a connection mid-stream), segments out
 * of order (held up to {@link Limits#maxStreamBuffer()} bytes per direction, then the hole becomes a gap),
 * retransmissions and overlaps (trimmed), 32-bit sequence wrap-around, FIN and RST, and a new connection reusing
 * the addresses of a closed one. At most {@link Limits#maxOpenStreams()} directions are tracked: beyond that, the
 * least recently used is ended and a LIMIT problem reported. Not thread-safe.
 */
public final class TcpReassembler {
    private final Limits limits;
    private final FrameSink sink;
    /** Open directions, least recently used first. */
    private final LinkedHashMap<StreamKey, TcpDirection> open = new LinkedHashMap<>(64, 0.75f, true);
    /** Recently closed directions, to drop late retransmissions instead of taking them for a new stream. */
    private final LinkedHashMap<StreamKey, Boolean> closed;

    private long evicted, duplicateOfClosed, duplicateOfRetired;
    /** The last direction used: consecutive segments mostly belong to the same one. */
    private TcpDirection last;

    public TcpReassembler(Limits limits, FrameSink sink) {
        this.limits = limits;
        this.sink = sink;
        int keep = Math.max(16, limits.maxOpenStreams());
        this.closed = new LinkedHashMap<>(64, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<StreamKey, Boolean> eldest) {
                return size() > keep;
            }
        };
    }

    /** One captured segment; {@code packet} and {@code tsNanos} are those of the packet that carried it. */
    public void segment(TcpSegment s, long packet, long tsNanos) {
        boolean syn = s.has(TcpSegment.SYN), fin = s.has(TcpSegment.FIN), rst = s.has(TcpSegment.RST);
        TcpDirection d =
                last != null && last.key.src().equals(s.src()) && last.key.dst().equals(s.dst()) ? last : null;
        StreamKey key = d != null ? d.key : new StreamKey(s.src(), s.dst());
        if (d == null) d = open.get(key);
        if (rst) { // the connection is gone in both directions, whichever of them was seen
            TcpDirection rev = d != null ? d.reverse : open.get(key.reverse());
            if (d != null) end(d, packet, tsNanos);
            if (rev != null && !rev.isClosed()) end(rev, packet, tsNanos);
            return;
        }
        if (d != null && syn && d.isn != s.seq()) { // a new connection on the same addresses (or a late SYN)
            end(d, packet, tsNanos);
            d = null;
        }
        if (d == null) {
            if (s.length() == 0 && !syn && !fin) return; // nothing to reassemble yet
            if (closed.containsKey(key)) {
                if (!syn) {
                    duplicateOfClosed += s.length();
                    return;
                }
                closed.remove(key);
            }
            d = create(key, s, syn, packet, tsNanos);
        }
        last = d;
        if (d.segment(s.seq(), syn, fin, s.data(), s.offset(), s.length(), packet, tsNanos)) retire(d);
    }

    /** The capture ended: holes still open are reported as gaps, what they held is framed, every stream ends. */
    public void finish(long packet, long tsNanos) {
        for (TcpDirection d : new ArrayList<>(open.values())) end(d, packet, tsNanos);
        open.clear();
        closed.clear();
        last = null;
    }

    /** Directions currently open. */
    public int openStreams() {
        return open.size();
    }

    /** Bytes held in memory: segments ahead of holes plus partial frames in the framers. */
    public long bufferedBytes() {
        long n = 0;
        for (TcpDirection d : open.values()) n += d.heldBytes() + d.framer.bytesBuffered();
        return n;
    }

    /**
     * Bytes received more than once (retransmissions, overlaps, data after a FIN or for a closed stream) and dropped.
     */
    public long duplicateBytes() {
        long n = duplicateOfClosed + duplicateOfRetired;
        for (TcpDirection d : open.values()) n += d.duplicateBytes();
        return n;
    }

    /** Directions ended because more than {@link Limits#maxOpenStreams()} were open. */
    public long evictedStreams() {
        return evicted;
    }

    private TcpDirection create(StreamKey key, TcpSegment s, boolean syn, long packet, long tsNanos) {
        if (open.size() >= limits.maxOpenStreams()) {
            Iterator<TcpDirection> it = open.values().iterator();
            TcpDirection eldest = it.next();
            evicted++;
            sink.problem(
                    new FrameInfo(packet, tsNanos, eldest.key.src(), eldest.key.dst(), Transport.TCP),
                    ProblemKind.LIMIT,
                    -1,
                    "TCP streams open at once exceed the maximum (" + limits.maxOpenStreams()
                            + "): the least recently used, " + eldest.key + ", is ended");
            end(eldest, packet, tsNanos);
        }
        StreamFramer framer = new StreamFramer(key.src(), key.dst(), limits, sink);
        TcpDirection d = new TcpDirection(key, framer, s.seq(), syn, limits.maxStreamBuffer());
        TcpDirection rev = open.get(key.reverse());
        if (rev != null) {
            d.reverse = rev;
            rev.reverse = d;
            framer.peer(rev.framer);
        }
        open.put(key, d);
        return d;
    }

    private void end(TcpDirection d, long packet, long tsNanos) {
        d.flush(packet, tsNanos);
        retire(d);
    }

    private void retire(TcpDirection d) {
        if (open.remove(d.key) != null) duplicateOfRetired += d.duplicateBytes();
        closed.put(d.key, Boolean.TRUE);
        if (d.reverse != null && d.reverse.reverse == d) d.reverse.reverse = null;
        if (last == d) last = null;
    }
}
