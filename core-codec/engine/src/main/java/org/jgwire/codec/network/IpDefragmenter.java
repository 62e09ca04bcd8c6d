package org.jgwire.codec.network;

import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jgwire.codec.HeldBytes;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ProblemKind;

/**
 * Reassembles fragmented IPv4 and IPv6 datagrams. Fragments may arrive in any order and overlap (the bytes that
 * arrived last win, as in a capture both copies were on the wire); an overlap whose bytes differ is reported, as the
 * receiving host may have kept either copy. The datagram is handed back when the fragment
 * that completes it arrives, so it is attributed to that packet.
 *
 * <p>Bounded: at most {@link Limits#maxIpFragmentSets()} datagrams are open (the oldest is dropped beyond it,
 * with a LIMIT problem), and none grows past {@link Limits#maxIpFragmentBytes()}. Buffers grow with the data
 * that actually arrived, not with what a fragment claims, and count against the {@link HeldBytes} budget shared
 * with the other reassemblers.
 */
public final class IpDefragmenter implements HeldBytes.Holder {
    /** A reassembled datagram: {@code data[0, length)} is the IP payload, {@code protocol} what it carries. */
    public record Reassembled(byte[] data, int length, int protocol) {}

    /** Identifies one datagram: RFC 791 (src, dst, protocol, id) / RFC 8200 (src, dst, id). */
    private record Key(int version, long srcHi, long srcLo, long dstHi, long dstLo, long id, int protocol) {}

    private static final class Pending {
        byte[] buf = new byte[0];
        /** Covered 8-byte blocks. */
        final BitSet blocks = new BitSet();
        /** Length of the whole payload, -1 until the last fragment arrived. */
        int total = -1;

        int protocol;
        /** The packet of the first fragment seen, and its time. */
        long packet, ts;
        /** Bytes that arrived. */
        long received;
    }

    private final Limits limits;
    private final NetworkProblems problems;
    private final LinkedHashMap<Key, Pending> open = new LinkedHashMap<>();
    private final HeldBytes budget;

    public IpDefragmenter(Limits limits, NetworkProblems problems) {
        this(limits, problems, new HeldBytes(limits.maxHeldBytes()));
    }

    public IpDefragmenter(Limits limits, NetworkProblems problems, HeldBytes budget) {
        this.limits = limits;
        this.problems = problems;
        this.budget = budget;
        budget.register(this);
    }

    @Override
    public long oldestPacket() {
        return open.isEmpty() ? Long.MAX_VALUE : open.values().iterator().next().packet;
    }

    @Override
    public boolean evictOldest(long packet, long tsNanos, String why) {
        if (open.isEmpty()) return false;
        Map.Entry<Key, Pending> oldest = open.entrySet().iterator().next();
        forget(oldest.getKey());
        problems.problem(
                packet,
                tsNanos,
                ProblemKind.LIMIT,
                why + ": the oldest IP datagram in reassembly, IPv"
                        + oldest.getKey().version() + " id " + oldest.getKey().id() + " from packet "
                        + oldest.getValue().packet + ", is dropped");
        return true;
    }

    /** Stops reassembling {@code key}, giving its bytes back to the budget. */
    private Pending forget(Key key) {
        Pending s = open.remove(key);
        if (s != null) budget.add(-s.buf.length);
        return s;
    }

    /** Datagrams waiting for more fragments. */
    public int openCount() {
        return open.size();
    }

    /**
     * Adds the IPv4 fragment of the packet whose header is at {@code d[ip]}: payload {@code d[off, end)} at byte
     * {@code fragOffset} of the datagram, {@code more} when the MF flag is set.
     */
    Reassembled addV4(long packet, long ts, byte[] d, int ip, int off, int end, int fragOffset, boolean more) {
        long src = Bytes.u32(d, ip + 12), dst = Bytes.u32(d, ip + 16);
        int protocol = Bytes.u8(d, ip + 9);
        Key key = new Key(4, 0, src, 0, dst, Bytes.u16(d, ip + 4), protocol);
        return add(packet, ts, key, protocol, d, off, end, fragOffset, more);
    }

    /**
     * Adds the IPv6 fragment of the packet whose fixed header is at {@code d[ip]}: fragmentable part
     * {@code d[off, end)}, carrying {@code nextHeader} (from its Fragment header).
     */
    Reassembled addV6(
            long packet,
            long ts,
            byte[] d,
            int ip,
            long id,
            int nextHeader,
            int off,
            int end,
            int fragOffset,
            boolean more) {
        Key key = new Key(
                6, Bytes.s64(d, ip + 8), Bytes.s64(d, ip + 16), Bytes.s64(d, ip + 24), Bytes.s64(d, ip + 32), id, -1);
        return add(packet, ts, key, nextHeader, d, off, end, fragOffset, more);
    }

    private Reassembled add(
            long packet, long ts, Key key, int protocol, byte[] d, int off, int end, int fragOffset, boolean more) {
        int len = end - off;
        long last = (long) fragOffset + len;
        if (last > limits.maxIpFragmentBytes()) {
            forget(key);
            problems.problem(
                    packet,
                    ts,
                    ProblemKind.LIMIT,
                    "IPv" + key.version() + " fragment (id " + key.id()
                            + ") reaches byte " + last + " of its datagram, beyond the maximum ("
                            + limits.maxIpFragmentBytes() + ", Limits.maxIpFragmentBytes); datagram dropped");
            return null;
        }
        Pending s = open.get(key);
        if (s == null) {
            if (open.size() >= Math.max(1, limits.maxIpFragmentSets())) evictOldest(packet, ts);
            s = new Pending();
            s.protocol = protocol;
            s.packet = packet;
            s.ts = ts;
            open.put(key, s);
        }
        if (!more) {
            if ((s.total >= 0 && s.total != last) || s.blocks.length() * 8L > roundUp8(last)) {
                return drop(
                        packet,
                        ts,
                        key,
                        "last fragment ends at " + last + " but the datagram already holds "
                                + Math.max(s.total, s.blocks.length() * 8));
            }
            s.total = (int) last;
        } else if (s.total >= 0 && last > s.total) {
            return drop(packet, ts, key, "fragment ends at " + last + ", past the datagram's end (" + s.total + ")");
        }
        if (last > s.buf.length) {
            int cap = (int) Math.min(limits.maxIpFragmentBytes(), Math.max(last, 2L * s.buf.length));
            budget.add(cap - s.buf.length);
            s.buf = Arrays.copyOf(s.buf, cap);
        }
        int conflict = firstConflict(s, d, off, fragOffset, (int) last);
        if (conflict >= 0)
            problems.problem(
                    packet,
                    ts,
                    ProblemKind.MALFORMED,
                    "IPv" + key.version() + " fragments (id " + key.id() + ") overlap with different bytes from byte "
                            + conflict + " of the datagram (conflicting data in fragment overlap); the bytes that"
                            + " arrived last are used");
        System.arraycopy(d, off, s.buf, fragOffset, len);
        s.received += len;
        // Only whole blocks count as covered, except at the datagram's end.
        int toBlock = more ? (int) (last >>> 3) : (int) (roundUp8(last) >>> 3);
        if (toBlock > fragOffset >>> 3) s.blocks.set(fragOffset >>> 3, toBlock);
        if (s.total < 0 || s.blocks.nextClearBit(0) * 8L < s.total) return null;
        forget(key);
        return new Reassembled(s.buf, s.total, s.protocol);
    }

    /** Reports every datagram still waiting for fragments, one INCOMPLETE problem each, and forgets them. */
    void finish() {
        for (Map.Entry<Key, Pending> e : open.entrySet()) {
            Pending s = e.getValue();
            problems.problem(
                    s.packet,
                    s.ts,
                    ProblemKind.INCOMPLETE,
                    "IPv" + e.getKey().version() + " datagram (id " + e.getKey().id() + ") still incomplete at the"
                            + " end of the capture: " + s.received + " bytes received"
                            + (s.total >= 0 ? " of " + s.total : ", its last fragment missing")
                            + "; datagram dropped");
        }
        for (Pending s : open.values()) budget.add(-s.buf.length);
        open.clear();
    }

    /**
     * The first byte of {@code [from, to)} that an earlier fragment already filled with another value, or -1. Only
     * covered blocks are compared: the rest of the buffer holds no data yet.
     */
    private static int firstConflict(Pending s, byte[] d, int off, int from, int to) {
        int end = Math.min(to, s.total >= 0 ? s.total : s.buf.length);
        for (int b = s.blocks.nextSetBit(from >>> 3); b >= 0 && b * 8 < end; b = s.blocks.nextSetBit(b + 1)) {
            for (int i = Math.max(b * 8, from), e = Math.min(b * 8 + 8, end); i < e; i++)
                if (s.buf[i] != d[off + i - from]) return i;
        }
        return -1;
    }

    private static long roundUp8(long n) {
        return (n + 7) & ~7L;
    }

    private Reassembled drop(long packet, long ts, Key key, String why) {
        forget(key);
        problems.problem(
                packet,
                ts,
                ProblemKind.MALFORMED,
                "IPv" + key.version() + " fragments (id " + key.id() + ") disagree: " + why + "; datagram dropped");
        return null;
    }

    private void evictOldest(long packet, long ts) {
        Map.Entry<Key, Pending> oldest = open.entrySet().iterator().next();
        forget(oldest.getKey());
        problems.problem(
                packet,
                ts,
                ProblemKind.LIMIT,
                "more than " + limits.maxIpFragmentSets()
                        + " IP datagrams in reassembly (Limits.maxIpFragmentSets); dropped the oldest, IPv"
                        + oldest.getKey().version() + " id " + oldest.getKey().id());
    }
}
