package org.jgwire.codec.analysis.reliability;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.analysis.Analysis;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.analysis.stats.Samples;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * Sequence tracking of the reliable protocols, per sender, from the wire:
 *
 * <ul>
 *   <li>NAKACK2/NAKACK3/NAKACK4 ({@code NakAckHeader2}/{@code NakAckHeader}: MSG seqno, XMIT_REQ with the original
 *       sender in {@code sender} and the missing seqnos in a payload jgwire does not decode, XMIT_RSP = a copy of
 *       the original with its seqno and {@code src}, {@code NAKACK2.sendXmitRsp}), one stream per sender and
 *       receiving endpoint (a TCP multicast is one copy per member);</li>
 *   <li>UNICAST3/UNICAST4 (DATA seqno per connection {@code conn_id}; a DATA seqno seen again is a resend,
 *       UNICAST3 retransmits by sending the same message; ACK, XMIT_REQ, SEND_FIRST_SEQNO, CLOSE counted);</li>
 *   <li>STABLE: STABLE_GOSSIP and STABILITY messages per member (the digests are in payloads, not decoded).</li>
 * </ul>
 *
 * Feed it the messages as they were on the wire: fragments, not reassembled messages (those carry a copy of the
 * first fragment's headers). Retransmission delay: from the original's first appearance on the wire to the
 * resend, or, when the original never showed, from the first XMIT_REQ for that sender since the previous resend.
 * Bounded: at most {@link #MAX_STREAMS} streams. Not thread-safe.
 */
public final class ReliabilityTracker implements Analysis<List<ReliabilityTracker.SenderStats>> {
    static final int MAX_STREAMS = 65_536;

    private static final String[] NAKACK_TYPES = {null, "MSG", "XMIT_REQ", "XMIT_RSP", "HIGHEST_SEQNO", "ACK"};
    private static final String[] UNICAST_TYPES = {"DATA", "ACK", "SEND_FIRST_SEQNO", "XMIT_REQ", "CLOSE"};

    private record Key(String protocol, String sender, String receiver) {}

    private final Map<Key, SeqnoStream> streams = new LinkedHashMap<>();
    private final Map<String, Sender> senders = new LinkedHashMap<>();
    private final Map<Key, Path> paths = new LinkedHashMap<>();
    private long overflow;

    /** Frames kept per path as the proof of its retransmissions. */
    static final int PATH_FRAMES = 16;

    /** Retransmission traffic between one receiver and the sender whose messages it lost, per protocol. */
    private static final class Path {
        final String protocol;
        final NodeAddress receiver, sender;
        long requests, answers, resends, firstNs = -1, lastNs = -1;
        final List<Long> frames = new ArrayList<>();

        Path(String protocol, NodeAddress receiver, NodeAddress sender) {
            this.protocol = protocol;
            this.receiver = receiver;
            this.sender = sender;
        }

        void saw(MessageRecord m) {
            long ts = m.frame().tsNanos();
            if (ts >= 0 && firstNs < 0) firstNs = ts;
            if (ts >= 0) lastNs = Math.max(lastNs, ts);
            if (frames.size() < PATH_FRAMES) frames.add(m.frame().packet());
        }
    }

    /** Per sender (the original sender for NAKACK, the connection's sender for UNICAST) and protocol. */
    private static final class Sender {
        final String protocol;
        final NodeAddress address;
        final List<SeqnoStream> streams = new ArrayList<>();
        long xmitReqs, xmitRsps, acks, sendFirstSeqno, closes, highestSeqnoMsgs, stable;
        long pendingReqTs = -1;
        final Samples delays = new Samples();

        Sender(String protocol, NodeAddress address) {
            this.protocol = protocol;
            this.address = address;
        }
    }

    // --- messages in: NAKACK, UNICAST, STABLE ---

    @Override
    public Input input() {
        return Input.WIRE;
    }

    /** Takes one message as it was on the wire; other records are ignored. */
    @Override
    public void accept(Record r) {
        if (!(r instanceof MessageRecord m) || m.isReassembled()) return;
        for (HeaderRecord h : m.headers()) {
            String p = h.protocol();
            if (p.startsWith("NAKACK")) nakack(m, h);
            else if (p.startsWith("UNICAST")) unicast(m, h);
            else if (p.equals("STABLE") && m.src() != null) sender("STABLE", m.src()).stable++;
        }
    }

    private void nakack(MessageRecord m, HeaderRecord h) {
        String type = HeaderFields.type(h, NAKACK_TYPES);
        long ts = m.frame().tsNanos();
        switch (type == null ? "" : type) {
            case "MSG" -> {
                if (m.src() == null) return;
                stream(h.protocol(), m, m.src()).add(HeaderFields.number(h, "seqno", -1), ts);
            }
            case "XMIT_REQ" -> {
                NodeAddress original = HeaderFields.address(h, "sender");
                if (original == null) original = m.dest();
                if (original == null) return;
                Sender s = sender(h.protocol(), original);
                s.xmitReqs++;
                if (s.pendingReqTs < 0) s.pendingReqTs = ts;
                Path path = path(h.protocol(), m.src(), original);
                if (path != null) {
                    path.requests++;
                    path.saw(m);
                }
            }
            case "XMIT_RSP" -> {
                if (m.src() == null) return;
                long seqno = HeaderFields.number(h, "seqno", -1);
                Sender s = sender(h.protocol(), m.src());
                s.xmitRsps++;
                Path path = path(h.protocol(), m.dest(), m.src());
                if (path != null) {
                    path.answers++;
                    path.saw(m);
                }
                long sent = -1;
                for (SeqnoStream st : s.streams) {
                    long t = st.firstSeen(seqno);
                    if (t >= 0 && (sent < 0 || t < sent)) sent = t;
                    st.fill(seqno);
                }
                if (sent < 0) sent = s.pendingReqTs;
                if (sent >= 0 && ts >= 0) s.delays.add((ts - sent) / 1e6);
                s.pendingReqTs = -1;
            }
            case "HIGHEST_SEQNO" -> {
                if (m.src() != null) sender(h.protocol(), m.src()).highestSeqnoMsgs++;
            }
            case "ACK" -> {
                if (m.src() != null) sender(h.protocol(), m.src()).acks++;
            }
            default -> {}
        }
    }

    private void unicast(MessageRecord m, HeaderRecord h) {
        if (m.src() == null) return;
        String type = HeaderFields.type(h, UNICAST_TYPES);
        Sender s = sender(h.protocol(), m.src());
        long ts = m.frame().tsNanos();
        switch (type == null ? "" : type) {
            case "DATA" -> {
                String conn = (m.dest() != null ? m.dest().id() : "?") + "#" + HeaderFields.number(h, "conn_id", 0);
                SeqnoStream st = stream(h.protocol(), m, m.src(), conn);
                long seqno = HeaderFields.number(h, "seqno", -1);
                long sent = st.firstSeen(seqno);
                SeqnoStream.Seen seen = st.add(seqno, ts);
                if (seen == SeqnoStream.Seen.DUPLICATE) {
                    s.xmitRsps++; // UNICAST3 resends the DATA message itself
                    Path path = path(h.protocol(), m.dest(), m.src());
                    if (path != null) {
                        path.resends++;
                        path.saw(m);
                    }
                    if (sent < 0) sent = s.pendingReqTs;
                    if (sent >= 0 && ts >= 0) s.delays.add((ts - sent) / 1e6);
                    s.pendingReqTs = -1;
                }
            }
            case "ACK" -> s.acks++;
            case "XMIT_REQ" -> { // sent by the receiver to the sender: counts for the sender it asks
                if (m.dest() == null) return;
                Sender asked = sender(h.protocol(), m.dest());
                asked.xmitReqs++;
                if (asked.pendingReqTs < 0) asked.pendingReqTs = ts;
                Path path = path(h.protocol(), m.src(), m.dest());
                if (path != null) {
                    path.requests++;
                    path.saw(m);
                }
            }
            case "SEND_FIRST_SEQNO" -> s.sendFirstSeqno++;
            case "CLOSE" -> s.closes++;
            default -> {}
        }
    }

    // --- streams, senders and paths, within bounds ---

    private SeqnoStream stream(String protocol, MessageRecord m, NodeAddress sender) {
        return stream(protocol, m, sender, "");
    }

    /** One stream per sender, connection and receiving endpoint (the same message reaches each member once). */
    private SeqnoStream stream(String protocol, MessageRecord m, NodeAddress sender, String conn) {
        String receiver = (m.frame().dst() != null ? m.frame().dst().toString() : "?") + conn;
        Key k = new Key(protocol, sender.id(), receiver);
        SeqnoStream st = streams.get(k);
        if (st == null) {
            if (streams.size() >= MAX_STREAMS) {
                overflow++;
                return new SeqnoStream(); // counted nowhere: the table is full
            }
            streams.put(k, st = new SeqnoStream());
            sender(protocol, sender).streams.add(st);
        }
        return st;
    }

    /** The path from {@code sender} to {@code receiver}, or null when either is unknown or the table is full. */
    private Path path(String protocol, NodeAddress receiver, NodeAddress sender) {
        if (receiver == null || sender == null) return null;
        Key k = new Key(protocol, sender.id(), receiver.id());
        Path p = paths.get(k);
        if (p == null) {
            if (paths.size() >= MAX_STREAMS) return null;
            paths.put(k, p = new Path(protocol, receiver, sender));
        }
        return p;
    }

    private Sender sender(String protocol, NodeAddress a) {
        String key = protocol + "\u0000" + a.id();
        Sender s = senders.get(key);
        if (s == null) {
            if (senders.size() >= MAX_STREAMS) return new Sender(protocol, a);
            senders.put(key, s = new Sender(protocol, a));
        }
        return s;
    }

    // --- results ---

    @Override
    public List<SenderStats> result() {
        return snapshot();
    }

    /** What the reliable protocols did, per protocol and sender, in the order senders appeared. */
    public List<SenderStats> snapshot() {
        List<SenderStats> out = new ArrayList<>();
        for (Sender s : senders.values()) {
            long msgs = 0, gaps = 0, filled = 0, missing = 0, dups = 0, highest = -1;
            for (SeqnoStream st : s.streams) {
                msgs += st.messages;
                gaps += st.gaps;
                filled += st.filled;
                missing += st.stillMissing();
                dups += st.duplicates;
                highest = Math.max(highest, st.highest);
            }
            out.add(new SenderStats(
                    s.protocol,
                    s.address,
                    s.streams.size(),
                    msgs,
                    highest,
                    gaps,
                    filled,
                    missing,
                    dups,
                    s.xmitReqs,
                    s.xmitRsps,
                    s.acks,
                    s.highestSeqnoMsgs,
                    s.sendFirstSeqno,
                    s.closes,
                    s.stable,
                    s.delays.summary()));
        }
        return out;
    }

    /**
     * Per protocol, receiver and sender: the retransmissions the receiver asked of the sender (XMIT_REQ), the
     * messages sent to it again in answer (NAKACK XMIT_RSP: one XMIT_REQ asks for many) and those its sender resent
     * unasked (UNICAST DATA), with the first {@value #PATH_FRAMES} frames of them; in the order the paths appeared.
     */
    public List<LossPath> paths() {
        List<LossPath> out = new ArrayList<>();
        for (Path p : paths.values())
            out.add(new LossPath(
                    p.protocol,
                    p.receiver,
                    p.sender,
                    p.requests,
                    p.answers,
                    p.resends,
                    p.firstNs,
                    p.lastNs,
                    List.copyOf(p.frames)));
        return out;
    }

    /**
     * Retransmissions on one path: {@code receiver} lost messages of {@code sender}.
     *
     * @param requests XMIT_REQ the receiver sent for the sender's messages
     * @param answers  the sender's messages sent again to the receiver because it asked (NAKACK XMIT_RSP)
     * @param resends  the sender's messages resent to the receiver unasked (UNICAST DATA seen again)
     * @param firstNs  capture time of the first of them, -1 without times (so is {@code lastNs})
     * @param frames   packet numbers of the first of them (at most {@value #PATH_FRAMES})
     */
    public record LossPath(
            String protocol,
            NodeAddress receiver,
            NodeAddress sender,
            long requests,
            long answers,
            long resends,
            long firstNs,
            long lastNs,
            List<Long> frames) {}

    /** Streams not tracked because {@link #MAX_STREAMS} were open. */
    public long overflow() {
        return overflow;
    }

    /**
     * One sender's reliability figures for one protocol.
     *
     * @param streams      receivers (NAKACK: receiving endpoints; UNICAST: connections) its seqnos were tracked to
     * @param messages     MSG / DATA messages seen (every copy)
     * @param highestSeqno the highest seqno seen
     * @param gaps         seqnos skipped on the wire (summed over streams)
     * @param filled       of those, seen later (retransmitted or out of order)
     * @param stillMissing holes never filled by the end of the capture
     * @param duplicates   seqnos seen again on the same stream (UNICAST resends, duplicated frames)
     * @param xmitRequests XMIT_REQ messages asking this sender's messages again
     * @param retransmissions NAKACK XMIT_RSP from this sender's messages, UNICAST DATA resent
     * @param delays       retransmission delays in ms
     */
    public record SenderStats(
            String protocol,
            NodeAddress sender,
            int streams,
            long messages,
            long highestSeqno,
            long gaps,
            long filled,
            long stillMissing,
            long duplicates,
            long xmitRequests,
            long retransmissions,
            long acks,
            long highestSeqnoMessages,
            long sendFirstSeqno,
            long closes,
            long stableMessages,
            Samples.Summary delays) {}
}
