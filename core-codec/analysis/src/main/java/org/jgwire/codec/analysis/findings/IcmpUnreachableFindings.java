package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.analysis.membership.MembershipEvent;
import org.jgwire.codec.analysis.membership.MembershipEvent.Kind;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;

/**
 * {@code icmp-unreachable}: JGroups datagrams that came back as ICMP destination unreachable (the decoder's bounce
 * records), grouped by the endpoint they could not reach and the member that owned it then: its physical address
 * as discovery announced it, else the member seen sending from it. A port closed while the view still holds its
 * member (a process killed, before failure detection excludes it) is a warning, and so are bounces that go on for
 * the threshold or longer after the member left the view ({@link Thresholds#ICMP_UNREACHABLE_MS} by default): something
 * still addresses a member that is gone. A few bounces right after a member left, or was excluded, are the messages
 * in flight to it: for information.
 */
public final class IcmpUnreachableFindings implements Detector {
    static final int MAX_FRAMES = 32;
    /** Endpoints whose owner or last datagram is remembered; the least recently learnt is forgotten past it. */
    static final int MAX_ENDPOINTS = 65_536;
    /** Bounces kept one by one per closed endpoint and owner; more are counted. */
    static final int MAX_KEPT = 10_000;
    /** Closed endpoints (with their owner then) followed; bounces to more are counted, not told. */
    static final int MAX_CLOSED = 4_096;

    private final MembershipTimeline timeline;
    private final long thresholdMs;
    private final List<Finding> findings = new ArrayList<>();

    private final Map<String, NodeAddress> owners = bounded();
    /** By endpoint and member: the last datagram it sent from there. */
    private final Map<String, Long> lastSent = bounded();

    private final Map<String, Closed> closed = new LinkedHashMap<>();
    private long untold;

    /** One bounced datagram: when, and who sent it. */
    private record Bounce(long packet, long tsNanos, NodeAddress sender) {}

    /** The bounces to one endpoint while one member owned it (or none was known). */
    private static final class Closed {
        final String endpoint;
        final NodeAddress owner;
        final List<Bounce> kept = new ArrayList<>();
        final Set<String> reasons = new LinkedHashSet<>(), reporters = new LinkedHashSet<>();
        long count, firstPacket = -1, firstNs = -1, lastPacket, lastNs;

        Closed(String endpoint, NodeAddress owner) {
            this.endpoint = endpoint;
            this.owner = owner;
        }
    }

    public IcmpUnreachableFindings(MembershipTimeline timeline, long thresholdMs) {
        this.timeline = timeline;
        this.thresholdMs = thresholdMs;
    }

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    @Override
    public void accept(Record r) {
        if (r instanceof MessageRecord m) learn(m);
        else if (r instanceof BounceRecord b) bounce(b);
    }

    /** Who sends from which endpoint, and where discovery says each member listens. */
    private void learn(MessageRecord m) {
        Endpoint src = m.frame().src();
        if (src != null && m.frame().transport() == Transport.UDP && !m.isReassembled()) {
            if (m.src() != null) {
                owners.put(src.toString(), m.src()); // a member restarted on it: the new one
                lastSent.put(src + "\u0000" + m.src().id(), m.frame().packet());
            }
        }
        for (Discovery d : m.discovery())
            if (d.physical() != null && d.address() != null) owners.put(d.physical(), d.address());
    }

    private void bounce(BounceRecord b) {
        String to = String.valueOf(b.frame().dst()),
                from = String.valueOf(b.frame().src());
        NodeAddress owner = owners.get(to);
        String key = to + "\u0000" + (owner != null ? owner.id() : "");
        Closed c = closed.get(key);
        if (c == null) {
            if (closed.size() >= MAX_CLOSED) {
                untold++;
                return;
            }
            c = new Closed(to, owner);
            closed.put(key, c);
        }
        NodeAddress sender = owners.get(from);
        if (c.kept.size() < MAX_KEPT)
            c.kept.add(new Bounce(b.frame().packet(), b.frame().tsNanos(), sender != null ? sender : ipAddress(from)));
        c.count++;
        if (c.firstPacket < 0) {
            c.firstPacket = b.frame().packet();
            c.firstNs = b.frame().tsNanos();
        }
        c.lastPacket = b.frame().packet();
        c.lastNs = b.frame().tsNanos();
        c.reasons.add(b.reason());
        c.reporters.add(b.reporter());
    }

    @Override
    public void finish() {
        for (Closed c : closed.values()) findings.add(finding(c, c.owner != null ? departure(c.owner, c) : null));
    }

    /** Bounces to endpoints past the ones followed ({@link #MAX_CLOSED}): counted, in no finding. */
    public long untold() {
        return untold;
    }

    // --- when the owner left the view ---

    /**
     * How the owner left the view: the first packet from which the view no longer held it (a leave counts from its
     * leave request), the time of the view that showed it, and how.
     */
    private record Departure(long packet, long tsNanos, Kind kind) {}

    /**
     * The owner's departure these bounces follow (it left and did not come back before the first) or, when the view
     * held it at the first bounce, the next departure, during or after them; null when the view held it throughout.
     */
    private Departure departure(NodeAddress owner, Closed c) {
        Departure before = null;
        for (MembershipEvent e : timeline.events()) {
            Departure d = leaves(e, owner);
            if (e.packet() > c.firstPacket && (d == null || d.packet() > c.firstPacket)) {
                if (before == null && d != null) return d;
                if (before == null) continue;
                return before;
            }
            if (d != null) before = d;
            else if (joins(e, owner)) before = null;
        }
        return before;
    }

    private static Departure leaves(MembershipEvent e, NodeAddress owner) {
        boolean out =
                switch (e.kind()) {
                    case LEAVE, CRASH, REMOVED, PARTITION -> has(e.subjects(), owner);
                    default -> false;
                };
        if (!out) return null;
        long at = e.packet(), ts = e.tsNanos();
        if (e.kind() == Kind.LEAVE) for (long sign : e.signs()) at = Math.min(at, sign); // from its leave request
        return new Departure(at, ts, e.kind());
    }

    private static boolean joins(MembershipEvent e, NodeAddress owner) {
        return switch (e.kind()) {
            case JOIN -> has(e.subjects(), owner);
            case VIEW, MERGE -> e.view() != null && has(e.view().members(), owner);
            default -> false;
        };
    }

    private static boolean has(List<NodeAddress> list, NodeAddress a) {
        for (NodeAddress x : list) if (x.id().equals(a.id())) return true;
        return false;
    }

    // --- the finding ---

    private Finding finding(Closed c, Departure left) {
        List<NodeAddress> members = new ArrayList<>(List.of(c.owner != null ? c.owner : ipAddress(c.endpoint)));
        Map<NodeAddress, Long> bySender = new LinkedHashMap<>();
        List<Long> frames = new ArrayList<>();
        long whileInView = 0;
        for (Bounce b : c.kept) {
            int i = index(members, b.sender());
            if (i < 0) {
                i = members.size();
                members.add(b.sender());
            }
            bySender.merge(members.get(i), 1L, Long::sum);
            if (frames.size() < MAX_FRAMES) frames.add(b.packet());
            if (c.owner != null && (left == null || b.packet() < left.packet())) whileInView++;
        }
        // timed from the view that showed it: never longer than the time since the leave request
        long afterMs = left != null && c.lastPacket >= left.packet() ? millis(c.lastNs - left.tsNanos()) : -1;
        long spanMs = millis(c.lastNs - c.firstNs);
        boolean stillSending =
                c.owner != null && lastSent.getOrDefault(c.endpoint + "\u0000" + c.owner.id(), -1L) > c.firstPacket;
        Severity severity = whileInView > 0 || afterMs >= thresholdMs || c.owner == null && spanMs >= thresholdMs
                ? Severity.WARNING
                : Severity.INFO;

        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("endpoint", c.endpoint);
        fields.put("bounces", c.count);
        fields.put("while_in_view", whileInView);
        fields.put("bounces_by_sender", bySender);
        fields.put("icmp", List.copyOf(c.reasons));
        fields.put("reporters", List.copyOf(c.reporters));
        if (left != null) {
            fields.put("left", left.kind().label());
            fields.put("left_at_frame", left.packet());
            if (afterMs >= 0) fields.put("after_leaving_ms", afterMs);
        }
        fields.put("still_sending", stillSending);
        fields.put("span_ms", spanMs);
        fields.put("threshold_ms", thresholdMs);
        return new Finding(
                FindingCode.ICMP_UNREACHABLE,
                severity,
                members,
                c.firstNs,
                c.lastNs,
                frames,
                summary(c, members.size(), left, whileInView, afterMs, stillSending),
                fields);
    }

    private String summary(Closed c, int members, Departure left, long whileInView, long afterMs, boolean sending) {
        List<String> senders = new ArrayList<>();
        for (int i = 1; i < members; i++) senders.add("{" + i + "}");
        String sent = RetransmissionFindings.listed(senders) + " sent " + count(c.count) + " to " + c.endpoint;
        String back = "came back as ICMP " + String.join(", ", c.reasons)
                + (c.count == 1
                        ? " (frame #" + c.firstPacket + ")"
                        : " over " + seconds(c.lastNs - c.firstNs) + " (frames #" + c.firstPacket + " to #"
                                + c.lastPacket + ")");
        String why;
        if (sending)
            why = ", yet {0} kept sending from that endpoint: its port is not closed, something on the way answers"
                    + " for it (a firewall rule that rejects).";
        else if (c.owner == null) why = ": no member of the capture was seen there, and nothing listens on it.";
        else if (whileInView > 0)
            why = ", " + (c.count == 1 ? "" : whileInView == c.count ? "all " : whileInView + " of them ") + "before "
                    + (left == null ? "any view left {0} out" : how(left) + " (frame #" + left.packet() + ")")
                    + ": {0}'s port was closed, its process gone, while the cluster still counted it a member.";
        else if (afterMs >= thresholdMs)
            why = ", still " + seconds(afterMs * 1_000_000L) + " after " + how(left) + " (frame #" + left.packet()
                    + "), the threshold being " + seconds(thresholdMs * 1_000_000L)
                    + ": something still addresses a member that is gone.";
        else
            why = ", " + (c.count == 1 ? "" : "all ") + "after " + how(left) + " (frame #" + left.packet()
                    + "): the last messages in flight to a" + " member gone, whose port is closed.";
        String owner = c.owner == null ? "" : " ({0}'s)";
        return sent + owner + " that " + back + why;
    }

    private static String how(Departure left) {
        return left.kind() == Kind.LEAVE ? "{0} asked to leave" : "a view left {0} out";
    }

    private static String count(long n) {
        return n == 1 ? "1 datagram" : n + " datagrams";
    }

    private static int index(List<NodeAddress> members, NodeAddress a) {
        for (int i = 0; i < members.size(); i++) if (members.get(i).id().equals(a.id())) return i;
        return -1;
    }

    /** An endpoint no member was learnt at, shown as its address. */
    private static NodeAddress ipAddress(String endpoint) {
        return new NodeAddress(endpoint, "IpAddress", null, null);
    }

    private static long millis(long nanos) {
        return Math.round(nanos / 1e6);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    private static <V> Map<String, V> bounded() {
        return new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > MAX_ENDPOINTS;
            }
        };
    }

    @Override
    public List<Finding> result() {
        return List.copyOf(findings);
    }
}
