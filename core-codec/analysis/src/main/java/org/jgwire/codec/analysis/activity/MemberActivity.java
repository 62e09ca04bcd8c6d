package org.jgwire.codec.analysis.activity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.analysis.Analysis;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * When each member talked: per sender, its last message on the wire and the silences between its messages of at
 * least {@link #MIN_SILENCE_NS}, heartbeats and acknowledgements included. A member silent towards
 * everyone while the others went on is paused or dead; one that kept talking was alive, whatever the views say.
 *
 * <p>Messages as the wire carried them (each fragment counts); FD_SOCK's signals are no messages; records without a
 * capture time are left out. Bounded: at most {@link #MAX_TRACKED} members and {@link #MAX_SILENCES} silences per
 * member (the longest kept). Not thread-safe.
 */
public final class MemberActivity implements Analysis<Map<String, MemberActivity.Member>> {
    public static final long MIN_SILENCE_NS = 1_000_000_000L;
    static final int MAX_TRACKED = 65_536;
    static final int MAX_SILENCES = 1024;

    /** A time a member sent nothing: from its message at {@code fromPacket} to its next at {@code toPacket}. */
    public record Silence(long fromPacket, long fromNs, long toPacket, long toNs) {
        public long nanos() {
            return toNs - fromNs;
        }
    }

    /** One member's activity. */
    public static final class Member {
        private long lastPacket = -1, lastNs = -1;
        private long heartbeatNs = -1, heartbeatIntervalNs = -1;
        private final List<Silence> silences = new ArrayList<>();

        public long lastPacket() {
            return lastPacket;
        }

        public long lastNs() {
            return lastNs;
        }

        /** The interval between its last two heartbeats, -1 when it sent fewer than two. */
        public long heartbeatIntervalNs() {
            return heartbeatIntervalNs;
        }

        /** The silence that holds the time {@code ns} (it sent nothing from before it until after it), or null. */
        public Silence silenceAround(long ns) {
            for (Silence s : silences) if (s.fromNs() < ns && ns < s.toNs()) return s;
            return null;
        }
    }

    private final Map<String, Member> members = new HashMap<>();
    private long untracked;

    @Override
    public Input input() {
        return Input.WIRE;
    }

    @Override
    public void accept(Record r) {
        if (!(r instanceof MessageRecord m) || m.src() == null || m.isSignal() || m.isReassembled()) return;
        long ns = m.frame().tsNanos();
        if (ns < 0) return;
        Member a = members.get(m.src().id());
        if (a == null) {
            if (members.size() >= MAX_TRACKED) {
                untracked++;
                return;
            }
            members.put(m.src().id(), a = new Member());
        }
        long packet = m.frame().packet();
        if (a.lastNs >= 0 && ns - a.lastNs >= MIN_SILENCE_NS)
            silence(a, new Silence(a.lastPacket, a.lastNs, packet, ns));
        if (ns >= a.lastNs) {
            a.lastNs = ns;
            a.lastPacket = packet;
        }
        for (HeaderRecord h : m.headers())
            if (h.headerClass() == HeaderClass.HEARTBEAT) {
                // copies of one heartbeat (one per receiver over TCP) come less than 50 ms apart
                if (a.heartbeatNs >= 0 && ns - a.heartbeatNs < 50_000_000L) break;
                if (a.heartbeatNs >= 0) a.heartbeatIntervalNs = ns - a.heartbeatNs;
                a.heartbeatNs = ns;
                break;
            }
    }

    /** Keeps the longest {@link #MAX_SILENCES}: a capture is untrusted. */
    private static void silence(Member a, Silence s) {
        if (a.silences.size() < MAX_SILENCES) {
            a.silences.add(s);
            return;
        }
        int shortest = 0;
        for (int i = 1; i < a.silences.size(); i++)
            if (a.silences.get(i).nanos() < a.silences.get(shortest).nanos()) shortest = i;
        if (a.silences.get(shortest).nanos() >= s.nanos()) return;
        a.silences.remove(shortest);
        a.silences.add(s);
    }

    /** The member with this address id, or null when it sent nothing with a capture time. */
    public Member member(NodeAddress address) {
        return address == null ? null : members.get(address.id());
    }

    /** Every member that sent, by address id. */
    @Override
    public Map<String, Member> result() {
        return Map.copyOf(members);
    }

    /** Members not tracked past {@link #MAX_TRACKED}. */
    public long untracked() {
        return untracked;
    }
}
