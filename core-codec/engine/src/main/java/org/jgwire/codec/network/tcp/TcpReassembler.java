package org.jgwire.codec.network.tcp;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jgwire.codec.HeldBytes;
import org.jgwire.codec.Limits;
import org.jgwire.codec.framing.ConnectionTriage;
import org.jgwire.codec.framing.FrameSink;
import org.jgwire.codec.framing.StreamFramer;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.StreamEndRecord.How;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.network.TcpSegment;

/**
 * Puts TCP segments back into byte streams, one per connection <em>and</em> direction, and hands each stream to
 * its own {@link StreamFramer}. Handles the SYN (or a capture that joins a connection mid-stream), segments out
 * of order (held until the hole fills or is known never to: see {@link TcpDirection}), retransmissions and
 * overlaps (trimmed), 32-bit sequence wrap-around, FIN and RST, and a new connection reusing the addresses of a
 * closed one.
 *
 * <p>Flags are checked against the stream, since a damaged one must not silently end it: a RST counts only when
 * its sequence number lies in the window of its sender's stream (RFC 5961; one that does not is ignored, as the
 * receiving stack ignores it); data on a FIN or RST is framed before the stream ends, and an end that cuts a frame
 * short says how the stream ended; new data after a FIN or RST is reported and framed on; a SYN on a data segment
 * inside the window is data. At most {@link Limits#maxOpenStreams()} directions are tracked: beyond that, the
 * least recently used is ended and a LIMIT problem reported. Bytes held ahead of holes count against the shared
 * {@link HeldBytes} budget. Every direction's end is reported once, with what ended it and the packet that did (a
 * {@link StreamEndRecord}). Not thread-safe.
 */
public final class TcpReassembler implements HeldBytes.Holder {
    /** How a direction ended, and the sequence number after its last byte: later data beyond it is new. */
    private record Ended(long endSeq, String how) {}

    private final Limits limits;
    private final FrameSink sink;
    private final HeldBytes budget;
    /** Open directions, least recently used first. */
    private final LinkedHashMap<StreamKey, TcpDirection> open = new LinkedHashMap<>(64, 0.75f, true);
    /** Recently closed directions, to drop late retransmissions instead of taking them for a new stream. */
    private final LinkedHashMap<StreamKey, Ended> closed;

    private long evicted, duplicateOfClosed, duplicateOfRetired, ignoredResets;
    /** The last direction used: consecutive segments mostly belong to the same one. */
    private TcpDirection last;
    /** Connections that never show JGroups are other traffic ({@link ConnectionTriage}), not damage. */
    private boolean triage;

    /** A reassembler with a budget of its own of {@link Limits#maxHeldBytes()}. */
    public TcpReassembler(Limits limits, FrameSink sink) {
        this(limits, sink, new HeldBytes(limits.maxHeldBytes()));
    }

    /** A reassembler whose held bytes count against {@code budget}, shared with the other reassemblers. */
    public TcpReassembler(Limits limits, FrameSink sink, HeldBytes budget) {
        this.limits = limits;
        this.sink = sink;
        this.budget = budget;
        budget.register(this);
        int keep = Math.max(16, limits.maxOpenStreams());
        this.closed = new LinkedHashMap<>(64, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<StreamKey, Ended> eldest) {
                return size() > keep;
            }
        };
    }

    /**
     * Tells JGroups connections from other traffic ({@link ConnectionTriage}): for a capture of a whole host, where
     * the user did not name JGroups' ports. Before the first segment.
     */
    public void sortOutOtherTraffic() {
        triage = true;
    }

    /** One captured segment; {@code packet} and {@code tsNanos} are those of the packet that carried it. */
    public void segment(TcpSegment s, long packet, long tsNanos) {
        boolean syn = s.has(TcpSegment.SYN), fin = s.has(TcpSegment.FIN), rst = s.has(TcpSegment.RST);
        TcpDirection d =
                last != null && last.key.src().equals(s.src()) && last.key.dst().equals(s.dst()) ? last : null;
        StreamKey key = d != null ? d.key : new StreamKey(s.src(), s.dst());
        if (d == null) d = open.get(key);
        TcpDirection rev = d != null ? d.reverse : open.get(key.reverse());
        if (rev != null) { // the peer's ACK and the passing time may each show a hole in the other direction final
            if (s.ack() >= 0) rev.acked(s.ack());
            rev.expire(tsNanos);
            if (rev.isClosed()) {
                retire(rev);
                rev = null;
            }
        }
        if (rst) {
            reset(s, d, rev, key, packet, tsNanos);
            return;
        }
        if (d != null && syn && d.isn != s.seq()) {
            if (s.length() > 0 && d.inWindow(s.seq())) { // a data segment whose SYN bit is wrong
                problem(
                        d,
                        packet,
                        tsNanos,
                        "SYN flag on a segment of " + s.length() + " bytes inside the stream (sequence number "
                                + s.seq() + ", next byte " + d.nextSeq() + "); taken as data");
                syn = false;
            } else { // a new connection on the same addresses (or a late SYN)
                end(d, packet, tsNanos, "a new connection's SYN in packet " + packet, How.NEW_SYN, false);
                d = null;
            }
        }
        if (d == null) {
            if (s.length() == 0 && !syn && !fin) return; // nothing to reassemble yet
            Ended was = closed.get(key);
            long first = s.seq();
            if (was != null) {
                if (!syn) {
                    long beyond = (int) (s.seq() + s.length() - was.endSeq);
                    if (beyond <= 0) {
                        duplicateOfClosed += s.length();
                        return;
                    }
                    sink.problem(
                            new FrameInfo(packet, tsNanos, key.src(), key.dst(), Transport.TCP),
                            ProblemKind.MALFORMED,
                            -1,
                            beyond + " bytes of new data after the stream " + key + " ended (" + was.how
                                    + "); the end is not trusted, framing goes on");
                    first = was.endSeq;
                }
                closed.remove(key);
            }
            d = create(key, first, syn, packet, tsNanos);
        }
        last = d;
        boolean ended = d.segment(s.seq(), syn, fin, s.data(), s.offset(), s.length(), packet, tsNanos);
        if (!ended) d.expire(tsNanos);
        if (d.isClosed()) retire(d);
    }

    /**
     * A RST from {@code key.src}: counts when its sequence number lies in the window of the sender's stream (any
     * when that stream is unknown). Its data is framed, then both directions end.
     */
    private void reset(TcpSegment s, TcpDirection d, TcpDirection rev, StreamKey key, long packet, long tsNanos) {
        Ended was = d == null ? closed.get(key) : null;
        boolean valid = d != null
                ? d.inWindow(s.seq())
                : was == null || (s.seq() - was.endSeq & 0xFFFF_FFFFL) < TcpDirection.MAX_WINDOW;
        if (!valid) {
            ignoredResets++;
            return;
        }
        String how = "connection reset by packet " + packet;
        if (d != null && s.length() > 0)
            d.segment(s.seq(), false, false, s.data(), s.offset(), s.length(), packet, tsNanos);
        if (d != null) end(d, packet, tsNanos, how, How.RST, true); // first: the side that reset it closed first
        if (rev != null && !rev.isClosed()) end(rev, packet, tsNanos, how, How.RST, false);
    }

    /** The capture ended: holes still open are reported as gaps, what they held is framed, every stream ends. */
    public void finish(long packet, long tsNanos) {
        for (TcpDirection d : new ArrayList<>(open.values())) end(d, packet, tsNanos, null, How.CAPTURE_END, false);
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

    /** RST segments ignored because their sequence number lay outside the window. */
    public long ignoredResets() {
        return ignoredResets;
    }

    @Override
    public long oldestPacket() {
        long p = Long.MAX_VALUE;
        for (TcpDirection d : open.values()) p = Math.min(p, d.oldestHeldPacket());
        return p;
    }

    @Override
    public boolean evictOldest(long packet, long tsNanos, String why) {
        TcpDirection oldest = null;
        for (TcpDirection d : open.values())
            if (oldest == null || d.oldestHeldPacket() < oldest.oldestHeldPacket()) oldest = d;
        if (oldest == null || oldest.heldBytes() == 0) return false;
        problem(
                oldest,
                packet,
                tsNanos,
                ProblemKind.LIMIT,
                why + ": the first hole of " + oldest.key + " is declared a gap");
        oldest.giveUpFirstHole();
        if (oldest.isClosed()) retire(oldest);
        return true;
    }

    private TcpDirection create(StreamKey key, long firstSeq, boolean syn, long packet, long tsNanos) {
        if (open.size() >= limits.maxOpenStreams()) {
            Iterator<TcpDirection> it = open.values().iterator();
            TcpDirection eldest = it.next();
            evicted++;
            problem(
                    eldest,
                    packet,
                    tsNanos,
                    ProblemKind.LIMIT,
                    "TCP streams open at once exceed the maximum (" + limits.maxOpenStreams()
                            + "): the least recently used, " + eldest.key + ", is ended");
            end(eldest, packet, tsNanos, "evicted", How.EVICTED, false);
        }
        TcpDirection rev = open.get(key.reverse());
        ConnectionTriage conn = null;
        if (triage)
            conn = rev != null && rev.out instanceof ConnectionTriage t && t.takesDirection()
                    ? t
                    : new ConnectionTriage(sink);
        FrameSink out = conn != null ? conn : sink;
        StreamFramer framer = new StreamFramer(key.src(), key.dst(), limits, out);
        if (conn != null) conn.add(framer);
        TcpDirection d = new TcpDirection(
                key,
                framer,
                firstSeq,
                syn,
                limits.maxStreamBuffer(),
                limits.maxStreamHoldMillis() * 1_000_000L,
                budget);
        d.out = out;
        if (rev != null) {
            d.reverse = rev;
            rev.reverse = d;
            framer.peer(rev.framer);
        } else if (closed.containsKey(key.reverse())) framer.peerEnded();
        open.put(key, d);
        return d;
    }

    private void problem(TcpDirection d, long packet, long tsNanos, String message) {
        problem(d, packet, tsNanos, ProblemKind.MALFORMED, message);
    }

    private void problem(TcpDirection d, long packet, long tsNanos, ProblemKind kind, String message) {
        d.out.problem(new FrameInfo(packet, tsNanos, d.key.src(), d.key.dst(), Transport.TCP), kind, -1, message);
    }

    /** Ends a direction; {@code bySender}: its own sender ended it (a reset it sent). */
    private void end(TcpDirection d, long packet, long tsNanos, String how, How ending, boolean bySender) {
        d.flush(packet, tsNanos, how, ending, bySender);
        retire(d);
    }

    /** Forgets a closed direction, saying once how it ended. */
    private void retire(TcpDirection d) {
        if (open.remove(d.key) != null) {
            duplicateOfRetired += d.duplicateBytes();
            FrameInfo at = new FrameInfo(d.endPacket(), d.endTsNanos(), d.key.src(), d.key.dst(), Transport.TCP);
            d.out.ended(new StreamEndRecord(at, d.ending()));
        }
        closed.put(d.key, new Ended(d.nextSeq(), d.how() == null ? "at the end of the capture" : d.how()));
        if (d.reverse != null && d.reverse.reverse == d) d.reverse.reverse = null;
        if (last == d) last = null;
    }
}
