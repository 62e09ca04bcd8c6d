package org.jgwire.codec.analysis.stats;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jgwire.codec.analysis.Analysis;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;

/**
 * Traffic figures from the messages as they were on the wire (fragments, not reassembled messages): messages and
 * bytes per sending member, per protocol and header type ({@code NAKACK2 MSG}), per message type, per second;
 * batch (message list) sizes; flow-control credit requests and replenishments (UFC/MFC {@code FcHeader}) per
 * member; heartbeat intervals per member (FD_ALL/FD_ALL2/FD_ALL3 {@code HeartbeatHeader}), measured per receiving
 * endpoint so that the copies of one heartbeat (TCP, TUNNEL) do not count as intervals.
 *
 * <p>Bytes are a message's bytes in its frame (headers and payload, without the frame's own version/flags/list
 * header). Bounded: at most {@link #MAX_KEYS} members, header types and message types, and {@link #MAX_SECONDS}
 * one-second buckets (later seconds are added to the last one). Not thread-safe.
 *
 * <p>For a rate chart, {@link #memberRates} and {@link #protocolRates} give messages per second per sending member
 * and per protocol of a message's first header (the top of its stack), for at most {@link #MAX_RATE_KEYS} each
 * (the rest together as {@code (other)}).
 */
public final class TrafficStats implements Analysis<TrafficStats.Snapshot> {
    static final int MAX_KEYS = 65_536, MAX_SECONDS = 7 * 86_400, MAX_RATE_KEYS = 64;

    private static class Counter {
        long messages, bytes;

        void add(long b) {
            messages++;
            bytes += b;
        }
    }

    /** A second's traffic, with each sender's bytes to find who flooded it (at most 256 senders a second). */
    private static final class SecondCounter extends Counter {
        final Map<NodeAddress, long[]> bySender = new HashMap<>(8);

        void add(NodeAddress src, long b) {
            add(b);
            if (src == null) return;
            long[] c = bySender.get(src);
            if (c == null && bySender.size() < 256) bySender.put(src, c = new long[1]);
            if (c != null) c[0] += b;
        }
    }

    private static final class Member {
        final NodeAddress address;
        final Counter sent = new Counter();
        long multicasts, unicasts, creditRequests, replenishments, heartbeats;
        /** Last heartbeat per receiving endpoint: a multicast over TCP or TUNNEL is one copy per path. */
        final Map<String, Long> lastHeartbeat = new HashMap<>(4);

        final Samples heartbeatIntervals = new Samples();

        Member(NodeAddress a) {
            address = a;
        }
    }

    /** One member's or protocol's messages per second (epoch second → messages). */
    private static final class RateCounter {
        NodeAddress member;
        long messages;
        final TreeMap<Long, Long> perSecond = new TreeMap<>();
    }

    private final Map<String, RateCounter> memberRates = new HashMap<>(), protocolRates = new HashMap<>();
    private final Map<String, Member> members = new LinkedHashMap<>();
    private final Map<String, Counter> headerTypes = new TreeMap<>();
    private final Map<String, Counter> messageTypes = new TreeMap<>();
    private final Map<Long, SecondCounter> seconds = new HashMap<>();
    private final Samples batchSizes = new Samples();
    /** TCP directions ended, by what ended them: resets show connections torn down rather than closed. */
    private final Map<StreamEndRecord.How, Long> streamEnds = new EnumMap<>(StreamEndRecord.How.class);

    private final Counter total = new Counter();
    private long firstTs = -1, lastTs = -1, errors, firstSecond = Long.MIN_VALUE;

    /**
     * Takes one record as it was on the wire; reassembled messages are ignored (their fragments were counted), and so
     * are messages the stack step took out of another one's payload (SEQUENCER's FORWARD/FLUSH/WRAPPED_BCAST, a
     * message COMPRESS 5.x compressed whole): the carrier that travelled is counted, once. FD_SOCK's
     * ABNORMAL_TERMINATION is no traffic either: it stands for a close (counted with the TCP directions ended), and the
     * member it names sent nothing.
     */
    @Override
    public void accept(Record r) {
        if (r instanceof ErrorRecord) errors++;
        if (r instanceof StreamEndRecord e) streamEnds.merge(e.how(), 1L, Long::sum);
        if (!(r instanceof MessageRecord m) || m.isReassembled() || carried(m) || m.isAbnormalTermination()) return;
        long bytes = Math.max(0, m.length());
        long ts = m.frame().tsNanos();
        // FD_SOCK's signal names the members of its sockets, but no member sent a message: counted without a sender
        NodeAddress src = m.isSignal() ? null : m.src();
        total.add(bytes);
        if (ts >= 0) {
            if (firstTs < 0) firstTs = ts;
            lastTs = Math.max(lastTs, ts);
            long s = second(ts);
            seconds.computeIfAbsent(s, x -> new SecondCounter()).add(src, bytes);
            if (src != null) rate(memberRates, src.id(), s).member = src;
            if (!m.headers().isEmpty()) rate(protocolRates, m.headers().get(0).protocol(), s);
        }
        if (m.batchIndex() == 0) batchSizes.add(m.batchSize());
        bounded(messageTypes, m.type()).add(bytes);
        for (HeaderRecord h : m.headers()) {
            String type = HeaderFields.type(h);
            bounded(headerTypes, type != null ? h.protocol() + " " + type : h.protocol())
                    .add(bytes);
        }
        if (src == null) return;
        Member me = member(src);
        if (me == null) return;
        me.sent.add(bytes);
        if (m.dest() == null) me.multicasts++;
        else me.unicasts++;
        for (HeaderRecord h : m.headers()) {
            if (h.headerClass() == HeaderClass.FC) {
                String t = HeaderFields.type(h, null, "REPLENISH", "CREDIT_REQUEST");
                if ("CREDIT_REQUEST".equals(t)) me.creditRequests++;
                else if ("REPLENISH".equals(t)) me.replenishments++;
            } else if (h.headerClass() == HeaderClass.HEARTBEAT) {
                me.heartbeats++;
                if (ts < 0 || me.lastHeartbeat.size() >= 1024) continue;
                Long last = me.lastHeartbeat.put(String.valueOf(m.frame().dst()), ts);
                if (last != null && ts >= last) me.heartbeatIntervals.add((ts - last) / 1e6);
            }
        }
    }

    /** Whether the stack step decoded this message from a carrier's payload (StackStep.unwrap's lines). */
    static boolean carried(MessageRecord m) {
        for (String step : m.transformed())
            if (step.startsWith("SEQUENCER unwrapped") || step.endsWith("into a serialized message")) return true;
        return false;
    }

    /** The bucket's epoch second: within {@link #MAX_SECONDS} of the first. */
    private long second(long ts) {
        long s = ts / 1_000_000_000L;
        if (firstSecond == Long.MIN_VALUE) firstSecond = s;
        return Math.min(Math.max(s, firstSecond), firstSecond + MAX_SECONDS - 1);
    }

    private static RateCounter rate(Map<String, RateCounter> m, String key, long second) {
        RateCounter c = m.get(key);
        if (c == null) c = m.computeIfAbsent(m.size() < MAX_RATE_KEYS ? key : "(other)", k -> new RateCounter());
        c.messages++;
        c.perSecond.merge(second, 1L, Long::sum);
        return c;
    }

    private Member member(NodeAddress a) {
        Member me = members.get(a.id());
        if (me == null && members.size() < MAX_KEYS) members.put(a.id(), me = new Member(a));
        return me;
    }

    private static Counter bounded(Map<String, Counter> m, String key) {
        Counter c = m.get(key);
        if (c == null) {
            if (m.size() >= MAX_KEYS) key = "(other)";
            c = m.computeIfAbsent(key, k -> new Counter());
        }
        return c;
    }

    @Override
    public Input input() {
        return Input.WIRE;
    }

    @Override
    public Snapshot result() {
        return snapshot();
    }

    /** The figures so far; members sorted by bytes sent, most first. */
    public Snapshot snapshot() {
        List<MemberStats> ms = new ArrayList<>();
        for (Member m : members.values())
            ms.add(new MemberStats(
                    m.address,
                    m.sent.messages,
                    m.sent.bytes,
                    m.multicasts,
                    m.unicasts,
                    m.creditRequests,
                    m.replenishments,
                    m.heartbeats,
                    m.heartbeatIntervals.summary()));
        ms.sort((a, b) -> Long.compare(b.bytes(), a.bytes()));
        List<Count> ht = new ArrayList<>();
        headerTypes.forEach((k, v) -> ht.add(new Count(k, v.messages, v.bytes)));
        ht.sort((a, b) -> Long.compare(b.messages(), a.messages()));
        List<Count> mt = new ArrayList<>();
        messageTypes.forEach((k, v) -> mt.add(new Count(k, v.messages, v.bytes)));
        List<Second> ps = new ArrayList<>();
        new TreeMap<>(seconds).forEach((s, c) -> {
            NodeAddress top = null;
            long topBytes = 0;
            for (Map.Entry<NodeAddress, long[]> e : c.bySender.entrySet())
                if (top == null || e.getValue()[0] > topBytes) {
                    top = e.getKey();
                    topBytes = e.getValue()[0];
                }
            ps.add(new Second(s, c.messages, c.bytes, top, topBytes));
        });
        List<Count> ends = new ArrayList<>();
        streamEnds.forEach((how, n) -> ends.add(new Count(how.text(), n, 0)));
        return new Snapshot(
                total.messages, total.bytes, errors, firstTs, lastTs, ms, ht, mt, ps, batchSizes.summary(), ends);
    }

    /** Messages per second per sending member, most messages first (messages without a capture time left out). */
    public List<Rate> memberRates() {
        return rates(memberRates);
    }

    /** Messages per second per protocol of the first header, most messages first. */
    public List<Rate> protocolRates() {
        return rates(protocolRates);
    }

    private static List<Rate> rates(Map<String, RateCounter> m) {
        List<Rate> out = new ArrayList<>();
        m.forEach((k, c) ->
                out.add(new Rate(k, "(other)".equals(k) ? null : c.member, c.messages, new TreeMap<>(c.perSecond))));
        out.sort((a, b) -> Long.compare(b.messages(), a.messages()));
        return out;
    }

    /**
     * @param firstTs  capture time of the first message (epoch ns), -1 without times
     * @param perSecond messages and bytes per whole second of capture time (epoch seconds), seconds without traffic
     *                  left out
     * @param streamEnds TCP directions ended, per way they ended (FIN, RST, ...; {@code messages} is the count, in
     *                   the order of {@link StreamEndRecord.How}), ways that ended none left out
     */
    public record Snapshot(
            long messages,
            long bytes,
            long errors,
            long firstTs,
            long lastTs,
            List<MemberStats> members,
            List<Count> headerTypes,
            List<Count> messageTypes,
            List<Second> perSecond,
            Samples.Summary batchSizes,
            List<Count> streamEnds) {}

    /** One sending member: what it sent, its flow-control credit traffic, its heartbeat intervals (ms). */
    public record MemberStats(
            NodeAddress member,
            long messages,
            long bytes,
            long multicasts,
            long unicasts,
            long creditRequests,
            long replenishments,
            long heartbeats,
            Samples.Summary heartbeatIntervals) {}

    public record Count(String key, long messages, long bytes) {}

    /**
     * Messages per second of one member or protocol.
     *
     * @param key       the member's address id or the protocol, or {@code (other)}
     * @param member    the member, for a member's rate (null for a protocol or {@code (other)})
     * @param perSecond epoch second → messages; seconds without messages left out
     */
    public record Rate(String key, NodeAddress member, long messages, SortedMap<Long, Long> perSecond) {}

    /** One second of capture time; {@code top} is the member that sent the most bytes in it (null if none). */
    public record Second(long epochSecond, long messages, long bytes, NodeAddress top, long topBytes) {}
}
