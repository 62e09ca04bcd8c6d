package org.jgwire.codec.analysis.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

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
 */
public final class TrafficStats {
    static final int MAX_KEYS = 65_536, MAX_SECONDS = 7 * 86_400;

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

    private final Map<String, Member> members = new LinkedHashMap<>();
    private final Map<String, Counter> headerTypes = new TreeMap<>();
    private final Map<String, Counter> messageTypes = new TreeMap<>();
    private final Map<Long, SecondCounter> seconds = new HashMap<>();
    private final Samples batchSizes = new Samples();
    private final Counter total = new Counter();
    private long firstTs = -1, lastTs = -1, errors, firstSecond = Long.MIN_VALUE;

    /** Takes one record as it was on the wire; reassembled messages are ignored (their fragments were counted). */
    public void accept(Record r) {
        if (r instanceof ErrorRecord) errors++;
        if (!(r instanceof MessageRecord m) || m.isReassembled()) return;
        long bytes = Math.max(0, m.length());
        long ts = m.frame().tsNanos();
        total.add(bytes);
        if (ts >= 0) {
            if (firstTs < 0) firstTs = ts;
            lastTs = Math.max(lastTs, ts);
            second(ts).add(m.src(), bytes);
        }
        if (m.batchIndex() == 0) batchSizes.add(m.batchSize());
        bounded(messageTypes, m.type()).add(bytes);
        for (HeaderRecord h : m.headers()) {
            String type = HeaderFields.type(h);
            bounded(headerTypes, type != null ? h.protocol() + " " + type : h.protocol()).add(bytes);
        }
        if (m.src() == null) return;
        Member me = member(m.src());
        if (me == null) return;
        me.sent.add(bytes);
        if (m.dest() == null) me.multicasts++;
        else me.unicasts++;
        for (HeaderRecord h : m.headers()) {
            if (h.headerClass().equals("FcHeader")) {
                String t = HeaderFields.type(h, null, "REPLENISH", "CREDIT_REQUEST");
                if ("CREDIT_REQUEST".equals(t)) me.creditRequests++;
                else if ("REPLENISH".equals(t)) me.replenishments++;
            } else if (h.headerClass().equals("HeartbeatHeader")) {
                me.heartbeats++;
                if (ts < 0 || me.lastHeartbeat.size() >= 1024) continue;
                Long last = me.lastHeartbeat.put(String.valueOf(m.frame().dst()), ts);
                if (last != null && ts >= last) me.heartbeatIntervals.add((ts - last) / 1e6);
            }
        }
    }

    private SecondCounter second(long ts) {
        long s = ts / 1_000_000_000L;
        if (firstSecond == Long.MIN_VALUE) firstSecond = s;
        s = Math.min(Math.max(s, firstSecond), firstSecond + MAX_SECONDS - 1);
        return seconds.computeIfAbsent(s, x -> new SecondCounter());
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

    /** The figures so far; members sorted by bytes sent, most first. */
    public Snapshot snapshot() {
        List<MemberStats> ms = new ArrayList<>();
        for (Member m : members.values())
            ms.add(new MemberStats(m.address, m.sent.messages, m.sent.bytes, m.multicasts, m.unicasts, m.creditRequests,
                    m.replenishments, m.heartbeats, m.heartbeatIntervals.summary()));
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
        return new Snapshot(total.messages, total.bytes, errors, firstTs, lastTs, ms, ht, mt, ps, batchSizes.summary());
    }

    /**
     * @param firstTs  capture time of the first message (epoch ns), -1 without times
     * @param perSecond messages and bytes per whole second of capture time (epoch seconds), seconds without traffic
     *                  left out
     */
    public record Snapshot(long messages, long bytes, long errors, long firstTs, long lastTs, List<MemberStats> members,
                           List<Count> headerTypes, List<Count> messageTypes, List<Second> perSecond,
                           Samples.Summary batchSizes) {}

    /** One sending member: what it sent, its flow-control credit traffic, its heartbeat intervals (ms). */
    public record MemberStats(NodeAddress member, long messages, long bytes, long multicasts, long unicasts,
                              long creditRequests, long replenishments, long heartbeats,
                              Samples.Summary heartbeatIntervals) {}

    public record Count(String key, long messages, long bytes) {}

    /** One second of capture time; {@code top} is the member that sent the most bytes in it (null if none). */
    public record Second(long epochSecond, long messages, long bytes, NodeAddress top, long topBytes) {}
}
