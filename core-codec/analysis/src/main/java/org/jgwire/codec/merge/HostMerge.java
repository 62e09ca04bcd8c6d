package org.jgwire.codec.merge;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Observation;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;

/**
 * Several captures of one cluster, one per host, merged into one timeline: each message sent once is one record,
 * whatever the number of captures that saw it, with one {@link Observation} per sighting (the sender's host seeing it
 * leave, each receiver's seeing it arrive). Sightings are paired by {@link MessageIdentity}, never by time alone;
 * time only tells apart the copies of a message sent again unchanged (the newest copy sent before an arrival is the
 * one that arrived).
 *
 * <p>First each capture's first {@link #WARMUP_NANOS} (at most {@link #WARMUP_RECORDS} records) is read, keeping
 * numbers only ({@link FirstLook}): the host of each capture and the clock offsets ({@link ClockOffsets}) come from
 * it. Then
 * the captures are read side by side in merged time; a message is written out (and its links counted) once every
 * capture that should see it did, or {@link #WINDOW_NANOS} after it was first seen, in the order first seen: what
 * stays in memory is the messages of that window behind the oldest one still waiting, whatever the captures' length.
 */
public final class HostMerge {
    static final long WARMUP_NANOS = 30_000_000_000L;
    static final int WARMUP_RECORDS = 200_000;
    /** How long a message waits for its other sightings: far above a LAN's delay, below a retransmission's. */
    static final long WINDOW_NANOS = 2_000_000_000L;
    /** An arrival may come this much before its departure on the merged timeline: the offsets' own error. */
    static final long EARLY_NANOS = 5_000_000L;

    private final List<CaptureInput> inputs;
    private final List<RecordStream> streams = new ArrayList<>();
    private final Map<Integer, Long> given;
    private final Map<String, LinkStats> links = new LinkedHashMap<>();
    private List<CaptureClock> clocks;
    private String[] hosts;
    private final Map<String, Integer> captureOfHost = new HashMap<>();
    private long[] offsets;
    private long[] firstTs;
    private long[] lastTs;
    private boolean[] ended;
    private long merged;
    /** Records written, messages and the rest: each record's frame number on the merged timeline. */
    private long written;

    private long observations;
    private volatile boolean stopped;
    /** Each member's capture (its host's), by address: where its messages were seen leaving. */
    private final Map<String, Integer> captureOfMember = new HashMap<>();

    /** {@code given}: clock offsets the user set, by capture index, in nanoseconds. */
    public HostMerge(List<? extends CaptureInput> captures, Map<Integer, Long> given) {
        this.inputs = List.copyOf(captures);
        this.given = given;
    }

    // --- the run ---

    /** Merges the captures into {@code out}, in merged time; call once. */
    public void run(Consumer<Record> out) throws IOException, InterruptedException {
        int n = inputs.size();
        warmUp();
        try {
            for (CaptureInput in : inputs) streams.add(in.open());
            merge(n, out);
        } finally {
            for (RecordStream s : streams) s.close();
        }
    }

    private void merge(int n, Consumer<Record> out) throws IOException, InterruptedException {
        offsets = new long[n];
        for (int c = 0; c < n; c++) offsets[c] = clocks.get(c).offsetNanos();
        firstTs = new long[n];
        lastTs = new long[n];
        ended = new boolean[n];
        Arrays.fill(firstTs, Long.MIN_VALUE);
        PriorityQueue<Head> heads = new PriorityQueue<>(Comparator.comparingLong(Head::ts));
        for (int c = 0; c < n; c++) advance(heads, c);
        Map<Long, Deque<Sighting>> open = new HashMap<>();
        Deque<Pending> pending = new ArrayDeque<>();
        while (!heads.isEmpty() && !stopped) {
            Head h = heads.poll();
            long now = h.ts;
            flush(pending, open, now - WINDOW_NANOS, out);
            place(h, open, pending);
            advance(heads, h.capture);
        }
        flush(pending, open, Long.MAX_VALUE, out);
    }

    /** Each capture's first part: its host, then the clocks. */
    private void warmUp() throws IOException, InterruptedException {
        List<String> labels = new ArrayList<>();
        List<FirstLook> looks = new ArrayList<>();
        hosts = new String[inputs.size()];
        List<RecordStream> first = new ArrayList<>();
        try {
            for (CaptureInput in : inputs) first.add(in.open()); // all at once: each decodes on its own thread
            for (int c = 0; c < inputs.size(); c++) {
                labels.add(inputs.get(c).label());
                FirstLook look = new FirstLook();
                RecordStream s = first.get(c);
                Record r;
                for (int read = 0; read < WARMUP_RECORDS && (r = s.next()) != null; read++)
                    if (!look.accept(r, WARMUP_NANOS)) break;
                s.close();
                look.finish();
                hosts[c] = look.host();
                if (hosts[c] != null) captureOfHost.putIfAbsent(hosts[c], c);
                looks.add(look);
            }
        } finally {
            for (RecordStream s : first) s.close();
        }
        clocks = ClockOffsets.estimate(labels, looks, given);
    }

    /** Whether {@code m} left the capture's own host (its frame's source is the host). */
    static boolean sentBy(MessageRecord m, String host) {
        Endpoint src = m.frame().src();
        return host != null && src != null && host.equals(src.ip());
    }

    private record Head(int capture, Record record, long ts) {}

    private void advance(PriorityQueue<Head> heads, int c) throws IOException, InterruptedException {
        Record r = streams.get(c).next();
        if (r == null) {
            ended[c] = true;
            return;
        }
        long raw = r.frame().tsNanos();
        long ts = raw < 0 ? lastTs[c] : raw - offsets[c];
        if (firstTs[c] == Long.MIN_VALUE) firstTs[c] = ts;
        lastTs[c] = Math.max(lastTs[c], ts);
        heads.add(new Head(c, r, ts));
    }

    // --- pairing sightings ---

    /** One message as sent once: its sightings so far. */
    private static final class Sighting {
        final long id;
        final long firstTs;
        MessageRecord record;
        int sender = -1;
        long sentTs;
        long sentPacket;
        String dstIp;
        final List<Observation> seen = new ArrayList<>(2);
        long seenBy; // bit per capture (the first 64)

        Sighting(long id, long firstTs) {
            this.id = id;
            this.firstTs = firstTs;
        }

        boolean has(int capture) {
            return capture < 64 && (seenBy & (1L << capture)) != 0;
        }
    }

    /** A record waiting for its turn to be written: a message's sightings, or anything else as it came. */
    private record Pending(long ts, Sighting sighting, Record other, String capture) {}

    private void place(Head h, Map<Long, Deque<Sighting>> open, Deque<Pending> pending) {
        if (!(h.record instanceof MessageRecord m) || m.isSignal()) {
            // errors and the other kinds: in merged order, numbered and timed on the merged timeline when written
            pending.add(new Pending(h.ts, null, h.record, streams.get(h.capture).label()));
            return;
        }
        observations++;
        long id = MessageIdentity.of(m);
        boolean sent = sentBy(m, hosts[h.capture]);
        Deque<Sighting> copies = open.computeIfAbsent(id, k -> new ArrayDeque<>());
        Sighting s = sent ? departureOf(copies, h) : arrivalOf(copies, h);
        if (s == null) {
            s = new Sighting(id, h.ts);
            copies.addLast(s);
            pending.add(new Pending(h.ts, s, null, null));
        }
        if (sent) {
            if (m.src() != null) captureOfMember.putIfAbsent(m.src().id(), h.capture);
            s.sender = h.capture;
            s.sentTs = h.ts;
            s.sentPacket = m.frame().packet();
            s.record = m;
            Endpoint dst = m.frame().dst();
            s.dstIp = dst == null || dst.isMulticast() ? null : dst.ip();
        } else if (s.record == null) s.record = m;
        if (s.has(h.capture)) link(s.sender, h.capture).duplicate();
        if (h.capture < 64) s.seenBy |= 1L << h.capture;
        s.seen.add(new Observation(streams.get(h.capture).label(), m.frame().packet(), h.ts, sent));
    }

    /** An open copy whose arrivals came a little before this departure (offsets' error), else none. */
    private static Sighting departureOf(Deque<Sighting> copies, Head h) {
        for (Sighting s : copies) if (s.sender < 0 && !s.has(h.capture) && h.ts - s.firstTs <= EARLY_NANOS) return s;
        return null;
    }

    /** The newest copy sent before this arrival (and not by this host), else none. */
    private static Sighting arrivalOf(Deque<Sighting> copies, Head h) {
        Sighting again = null;
        for (Iterator<Sighting> it = copies.descendingIterator(); it.hasNext(); ) {
            Sighting s = it.next();
            if (s.sender == h.capture || (s.sender >= 0 && s.sentTs > h.ts + EARLY_NANOS)) continue;
            if (!s.has(h.capture)) return s;
            if (again == null) again = s; // a second arrival of a copy: a duplicate, unless an older copy waits
        }
        return again;
    }

    // --- writing out, counting links ---

    private void flush(Deque<Pending> pending, Map<Long, Deque<Sighting>> open, long before, Consumer<Record> out) {
        while (!pending.isEmpty() && ready(pending.peekFirst(), before)) {
            Pending p = pending.pollFirst();
            if (p.other != null) {
                out.accept(onTimeline(p.other, ++written, p.ts, p.capture));
                continue;
            }
            Sighting s = p.sighting;
            Deque<Sighting> copies = open.get(s.id);
            copies.remove(s);
            if (copies.isEmpty()) open.remove(s.id);
            count(s);
            merged++;
            long ts = s.sender >= 0 ? s.sentTs : s.firstTs;
            out.accept(onTimeline(s.record, ++written, ts).toBuilder()
                    .observations(List.copyOf(s.seen))
                    .build());
        }
    }

    /** Whether the oldest record waiting can go: not a message, complete, or waited long enough. */
    private boolean ready(Pending p, long before) {
        return p.sighting == null || p.ts < before || complete(p.sighting);
    }

    /**
     * Whether every capture that should see {@code s} did: all of them for a multicast, the destination host's for a
     * unicast (at once when no capture was taken there).
     */
    private boolean complete(Sighting s) {
        if (s.sender < 0) return false;
        if (s.dstIp == null) return streams.size() <= 64 && Long.bitCount(s.seenBy) == streams.size();
        Integer to = captureOfHost.get(s.dstIp);
        return to == null || s.has(to);
    }

    /** The arrivals and losses of one message on each link from its sender's host. */
    private void count(Sighting s) {
        if (s.sender < 0) return;
        for (int c = 0; c < streams.size(); c++) {
            if (c == s.sender) continue;
            // a multicast reaches every host, a unicast its destination's; either only while that capture ran
            boolean expected = (s.dstIp == null || s.dstIp.equals(hosts[c])) && covers(c, s.sentTs);
            Observation arrival = null;
            for (Observation o : s.seen)
                if (!o.sent() && o.capture().equals(streams.get(c).label())) {
                    arrival = o;
                    break;
                }
            if (arrival != null) link(s.sender, c).arrived(arrival.tsNanos() - s.sentTs);
            else if (expected) link(s.sender, c).lost(s.sentPacket);
        }
    }

    /** Whether capture {@code c} was running from before {@code ts} until its message could have arrived. */
    private boolean covers(int c, long ts) {
        return firstTs[c] != Long.MIN_VALUE && firstTs[c] <= ts && (!ended[c] || lastTs[c] >= ts + WINDOW_NANOS / 4);
    }

    private LinkStats link(int from, int to) {
        String a = from < 0 ? "?" : streams.get(from).label(),
                b = streams.get(to).label();
        return links.computeIfAbsent(a + "\u0000" + b, k -> new LinkStats(a, b));
    }

    /**
     * The message as the merged timeline numbers it: its frame is its place among the merged records (what findings
     * name as proof), its time the merged time; each capture's own packet numbers are in its observations.
     */
    private static MessageRecord onTimeline(MessageRecord m, long number, long ts) {
        FrameInfo f = m.frame();
        return m.toBuilder()
                .frame(new FrameInfo(number, ts, f.src(), f.dst(), f.transport()))
                .build();
    }

    /** Ends the run after the record being written (a count of records reached): what is open is written. */
    public void stop() {
        stopped = true;
    }

    /**
     * A record of one capture alone (an error, a gossip or stream end, a bounce) on the merged timeline, numbered and
     * timed as the messages; an error says in which capture and packet it was.
     */
    private static Record onTimeline(Record r, long number, long ts, String capture) {
        FrameInfo f = r.frame();
        FrameInfo merged = new FrameInfo(number, ts, f.src(), f.dst(), f.transport());
        if (r instanceof MessageRecord m) return m.toBuilder().frame(merged).build(); // an FD_SOCK signal
        if (r instanceof ErrorRecord e)
            return new ErrorRecord(
                    merged, e.problem(), e.offset(), e.message() + " [" + capture + "#" + f.packet() + "]");
        if (r instanceof GossipRecord g)
            return new GossipRecord(merged, g.type(), g.group(), g.address(), g.discovery(), g.version());
        if (r instanceof StreamEndRecord end) return new StreamEndRecord(merged, end.how());
        if (r instanceof BounceRecord b) return new BounceRecord(merged, b.reporter(), b.v6(), b.code());
        return r;
    }

    // --- what it found ---

    /** Each capture's host and clock; after {@link #run}. */
    public List<CaptureClock> clocks() {
        return clocks;
    }

    /** Every link a message was seen leaving on, sender's capture first; after {@link #run}. */
    public List<LinkStats> links() {
        return List.copyOf(links.values());
    }

    /** The label of the capture taken on {@code member}'s host, or null when none saw it send. */
    public String captureOf(NodeAddress member) {
        Integer c = member == null ? null : captureOfMember.get(member.id());
        return c == null ? null : streams.get(c).label();
    }

    /** Messages written out, each once. */
    public long merged() {
        return merged;
    }

    /** Sightings of messages in all captures. */
    public long observations() {
        return observations;
    }
}
