package org.jgwire.codec.analysis.membership;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.analysis.Analysis;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.analysis.membership.MembershipEvent.Kind;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * The membership story of each cluster in a capture, built from the record stream (delta views already expanded
 * by the decoder's view history):
 *
 * <ul>
 *   <li>views (GMS VIEW, JOIN_RSP, INSTALL_MERGE_VIEW, ...), each once however many copies the wire carries; the
 *       previous view of a new one is the view its coordinator was in, so partitions keep separate lines;</li>
 *   <li>who joined, who left after a GMS LEAVE_REQ, who crashed (gone without leaving, after a suspicion: FD_SOCK /
 *       FD_SOCK2 / FD SUSPECT, VERIFY_SUSPECT ARE_YOU_DEAD sent to it), who was removed without either;</li>
 *   <li>merges (GMS MERGE_REQ, then the merge view with its subgroups) and coordinator changes.</li>
 * </ul>
 *
 * <p>Streaming: state is per cluster and per member (bounded by {@link #MAX_TRACKED}); the event list is bounded by
 * {@link #MAX_EVENTS}, beyond which events are counted, not kept. Not thread-safe: one consumer of the stream.
 *
 * <p>Views, suspicions, leaves and crashes are read from different headers but decide together what happened to a
 * member, on one per-cluster state.
 */
public final class MembershipTimeline implements Analysis<List<MembershipEvent>> {
    public static final int MAX_EVENTS = 100_000;
    static final int MAX_TRACKED = 65_536;

    private static final String[] VERIFY_TYPES = {null, "ARE_YOU_DEAD", "I_AM_NOT_DEAD"};

    private record ViewKey(String creator, long id) {}

    /** A member's most recent sign of trouble or intent. */
    private record Sign(long packet, long tsNanos, NodeAddress by, String how) {}

    private static final class Cluster {
        final Map<String, ViewInfo> viewOf = new HashMap<>(); // member id -> the view it is in
        final Set<ViewKey> seen = new HashSet<>();
        final Map<String, Sign> suspected = new HashMap<>();
        final Map<String, Sign> leaving = new HashMap<>();
        /** Members the coordinator answered LEAVE_RSP, until a view without them shows. */
        final Map<String, MessageRecord> leaveRsp = new LinkedHashMap<>();

        final Map<String, Sign> lastHeartbeat = new HashMap<>();
        /** Per member: the interval between its last two heartbeats (copies less than 50 ms apart are one). */
        final Map<String, Long> heartbeatInterval = new HashMap<>();

        final Set<String> suspicionsShown = new HashSet<>();
    }

    private final Map<String, Cluster> clusters = new LinkedHashMap<>();
    private final List<MembershipEvent> events = new ArrayList<>();
    private long dropped;

    // --- records in, events out ---

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    /** Takes the next record of the stream, in capture order. */
    @Override
    public void accept(Record r) {
        if (!(r instanceof MessageRecord m)) return;
        Cluster c = null;
        for (HeaderRecord h : m.headers()) {
            String p = h.protocol();
            if (p.equals("GMS")) {
                c = cluster(m);
                gms(c, m, h);
            } else if (h.headerClass() == HeaderClass.HEARTBEAT) {
                if (m.src() != null) heartbeat(cluster(m), m, p);
            } else if (p.startsWith("VERIFY_SUSPECT")) {
                verify(cluster(m), m, h);
            } else if (p.startsWith("FD")) {
                String type = HeaderFields.type(h);
                if ("SUSPECT".equals(type) || "UNSUSPECT".equals(type))
                    suspicion(cluster(m), m, HeaderFields.addresses(h, "mbrs"), m.src(), p, type.equals("SUSPECT"));
            }
        }
        if (m.view() != null) view(c != null ? c : cluster(m), m, m.view());
    }

    /**
     * Ends the stream: a member the coordinator answered (GMS LEAVE_RSP) but whose leaving no view on the wire showed
     * (the last view of a TCP cluster holds only the coordinator and goes to nobody) leaves at the LEAVE_RSP.
     */
    @Override
    public void finish() {
        partitions();
        for (Cluster c : clusters.values()) {
            for (MessageRecord rsp : c.leaveRsp.values()) {
                Sign leave = c.leaving.remove(rsp.dest().id());
                MembershipEvent e = event(
                        rsp,
                        Kind.LEAVE,
                        null,
                        false,
                        List.of(rsp.dest()),
                        leave != null ? leave.by() : null,
                        "GMS LEAVE_REQ " + (leave != null ? at(leave) : "") + ", LEAVE_RSP at #"
                                + rsp.frame().packet() + " (no view without it in the capture)",
                        leave != null ? List.of(leave.packet()) : List.of());
                int i = events.size();
                while (i > 0 && events.get(i - 1).packet() > e.packet()) i--;
                if (events.size() < MAX_EVENTS) events.add(i, e);
                else dropped++;
            }
            c.leaveRsp.clear();
        }
    }

    /** A crash or removal whose members are back in a later merge view of the cluster was a partition. */
    private void partitions() {
        for (int j = 0; j < events.size(); j++) {
            MembershipEvent merge = events.get(j);
            if (merge.kind() != Kind.MERGE) continue;
            Set<String> back = ids(merge.view().members(), new HashSet<>());
            for (int i = 0; i < j; i++) {
                MembershipEvent e = events.get(i);
                if ((e.kind() != Kind.CRASH && e.kind() != Kind.REMOVED)
                        || !e.cluster().equals(merge.cluster())) continue;
                if (!back.containsAll(ids(e.subjects(), new HashSet<>()))) continue;
                events.set(
                        i,
                        new MembershipEvent(
                                e.packet(),
                                e.tsNanos(),
                                e.cluster(),
                                Kind.PARTITION,
                                e.view(),
                                e.firstView(),
                                e.subjects(),
                                e.by(),
                                e.detail() + "; back in the merge view at #" + merge.packet(),
                                signs(e.signs(), merge.packet())));
            }
        }
    }

    /** The events so far, in capture order (at most {@link #MAX_EVENTS}). */
    public List<MembershipEvent> events() {
        return List.copyOf(events);
    }

    @Override
    public List<MembershipEvent> result() {
        return events();
    }

    /** Events not kept because there were more than {@link #MAX_EVENTS}. */
    public long droppedEvents() {
        return dropped;
    }

    // --- what GMS, VERIFY_SUSPECT and views say ---

    private Cluster cluster(MessageRecord m) {
        String name = m.cluster() != null ? m.cluster() : "?";
        Cluster c = clusters.get(name);
        if (c == null && clusters.size() < MAX_TRACKED) clusters.put(name, c = new Cluster());
        return c != null ? c : clusters.values().iterator().next();
    }

    private void gms(Cluster c, MessageRecord m, HeaderRecord h) {
        String type = HeaderFields.type(h);
        if ("LEAVE_REQ".equals(type)) {
            NodeAddress who = HeaderFields.address(h, "mbr");
            if (who == null) who = m.src();
            if (who != null) bounded(c.leaving).put(who.id(), sign(m, m.src(), "GMS LEAVE_REQ"));
        } else if ("LEAVE_RSP".equals(type) && m.dest() != null) {
            if (c.leaving.containsKey(m.dest().id()))
                bounded(c.leaveRsp).putIfAbsent(m.dest().id(), m);
        } else if ("MERGE_REQ".equals(type)) {
            add(
                    m,
                    Kind.MERGE_START,
                    null,
                    m.dest() != null ? List.of(m.dest()) : List.of(),
                    m.src(),
                    "GMS MERGE_REQ" + (h.field("merge_id") != null ? " merge_id=" + h.field("merge_id") : ""));
        }
    }

    private void verify(Cluster c, MessageRecord m, HeaderRecord h) {
        String type = HeaderFields.type(h, VERIFY_TYPES);
        // VERIFY_SUSPECT.VerifyHeader: ARE_YOU_DEAD goes to the suspect; I_AM_NOT_DEAD comes from it
        if ("ARE_YOU_DEAD".equals(type) && m.dest() != null)
            suspicion(c, m, List.of(m.dest()), m.src(), h.protocol() + " ARE_YOU_DEAD", true);
        else if ("I_AM_NOT_DEAD".equals(type) && m.src() != null)
            suspicion(c, m, List.of(m.src()), m.dest(), h.protocol() + " I_AM_NOT_DEAD", false);
    }

    private void suspicion(
            Cluster c, MessageRecord m, List<NodeAddress> who, NodeAddress by, String how, boolean suspect) {
        for (NodeAddress a : who) {
            String shown = (by != null ? by.id() : "?") + ">" + a.id();
            if (suspect) {
                bounded(c.suspected).put(a.id(), sign(m, by, how));
                if (!bounded(c.suspicionsShown).add(shown)) continue; // repeats (VERIFY_SUSPECT num_msgs, each member)
                add(m, Kind.SUSPECT, null, List.of(a), by, how);
            } else {
                c.suspected.remove(a.id());
                c.suspicionsShown.remove(shown);
                add(m, Kind.UNSUSPECT, null, List.of(a), by, how);
            }
        }
    }

    private void view(Cluster c, MessageRecord m, ViewInfo v) {
        if (v.members().isEmpty()) return; // a delta whose reference the capture never showed
        if (!c.seen.add(new ViewKey(v.creator() != null ? v.creator().id() : null, v.id()))) return;
        if (c.seen.size() > MAX_TRACKED) c.seen.clear();
        NodeAddress coord = v.members().get(0);
        ViewInfo prev = v.creator() != null ? c.viewOf.get(v.creator().id()) : null;
        if (prev == null) prev = c.viewOf.get(coord.id());
        if (v.kind().equals("MERGE_VIEW"))
            add(m, Kind.MERGE, v, List.of(), coord, v.subgroups().size() + " subgroups");
        else add(m, Kind.VIEW, v, prev == null, List.of(), coord, prev == null ? "first view seen" : "", List.of());
        if (prev != null) {
            Set<String> now = ids(v.members(), new HashSet<>());
            Set<String> before = ids(prev.members(), new HashSet<>());
            List<NodeAddress> joined = new ArrayList<>();
            if (!v.kind().equals("MERGE_VIEW"))
                for (NodeAddress a : v.members()) if (!before.contains(a.id())) joined.add(a);
            if (!joined.isEmpty()) add(m, Kind.JOIN, v, joined, coord, "");
            for (NodeAddress a : prev.members()) {
                if (now.contains(a.id())) continue;
                Sign leave = c.leaving.remove(a.id()), suspect = c.suspected.remove(a.id());
                c.leaveRsp.remove(a.id());
                Sign hb = c.lastHeartbeat.get(a.id());
                if (leave != null)
                    add(m, Kind.LEAVE, v, List.of(a), leave.by(), leave.how() + " " + at(leave), signs(leave));
                else if (m.src() != null && a.id().equals(m.src().id()))
                    // a coordinator that leaves sends the view without itself (3.6): no LEAVE_REQ on the wire
                    add(m, Kind.LEAVE, v, List.of(a), a, "it sent the view without itself", List.of());
                else if (suspect != null)
                    add(
                            m,
                            Kind.CRASH,
                            v,
                            List.of(a),
                            suspect.by(),
                            "suspected (" + suspect.how() + ") " + at(suspect) + heartbeat(c, a, m),
                            signs(suspect, hb));
                else if (heartbeatsStopped(c, a, m))
                    add(
                            m,
                            Kind.CRASH,
                            v,
                            List.of(a),
                            null,
                            "no leave request; its heartbeats had stopped" + heartbeat(c, a, m),
                            signs(hb));
                else
                    add(
                            m,
                            Kind.REMOVED,
                            v,
                            List.of(a),
                            coord,
                            "no leave request nor suspicion in the capture" + heartbeat(c, a, m),
                            signs(hb));
            }
            NodeAddress oldCoord = prev.members().get(0);
            if (!oldCoord.id().equals(coord.id())) add(m, Kind.COORDINATOR, v, List.of(coord), oldCoord, "");
        }
        for (NodeAddress a : v.members()) bounded(c.viewOf).put(a.id(), v);
        c.suspicionsShown.clear();
    }

    // --- heartbeats and the signs before an event ---

    private void heartbeat(Cluster c, MessageRecord m, String protocol) {
        String id = m.src().id();
        Sign last = c.lastHeartbeat.get(id);
        long ts = m.frame().tsNanos();
        if (last != null && ts >= 0 && last.tsNanos() >= 0 && ts - last.tsNanos() < 50_000_000L) return; // a copy
        if (last != null && ts >= 0 && last.tsNanos() >= 0)
            bounded(c.heartbeatInterval).put(id, ts - last.tsNanos());
        bounded(c.lastHeartbeat).put(id, sign(m, m.src(), protocol));
    }

    /**
     * Whether a member's heartbeats (FD_ALL, FD_ALL2, FD_ALL3) had stopped before {@code m}: silent for more than
     * twice its interval (3 s when unknown). The failure detector suspects such a member locally, which the wire
     * does not show when nothing can reach it (VERIFY_SUSPECT's ARE_YOU_DEAD over a dead TCP connection).
     */
    private static boolean heartbeatsStopped(Cluster c, NodeAddress a, MessageRecord m) {
        Sign hb = c.lastHeartbeat.get(a.id());
        long ts = m.frame().tsNanos();
        if (hb == null || ts < 0 || hb.tsNanos() < 0) return false;
        Long interval = c.heartbeatInterval.get(a.id());
        return ts - hb.tsNanos() > (interval != null ? 2 * interval : 3_000_000_000L);
    }

    private static String heartbeat(Cluster c, NodeAddress a, MessageRecord m) {
        Sign hb = c.lastHeartbeat.get(a.id());
        return hb == null ? "" : "; last heartbeat " + at(hb) + before(hb, m);
    }

    /** Seconds from one sign to a message, for people: {@code 5.2 s before}. */
    private static String before(Sign s, MessageRecord m) {
        if (s.tsNanos() < 0 || m.frame().tsNanos() < 0) return "";
        return String.format(Locale.ROOT, " (%.1f s before)", (m.frame().tsNanos() - s.tsNanos()) / 1e9);
    }

    private static String at(Sign s) {
        return "at #" + s.packet();
    }

    private static Sign sign(MessageRecord m, NodeAddress by, String how) {
        return new Sign(m.frame().packet(), m.frame().tsNanos(), by, how);
    }

    // --- events, within bounds ---

    private void add(
            MessageRecord m, Kind kind, ViewInfo view, List<NodeAddress> subjects, NodeAddress by, String detail) {
        add(m, kind, view, false, subjects, by, detail, List.of());
    }

    private void add(
            MessageRecord m,
            Kind kind,
            ViewInfo view,
            List<NodeAddress> subjects,
            NodeAddress by,
            String detail,
            List<Long> signs) {
        add(m, kind, view, false, subjects, by, detail, signs);
    }

    private void add(
            MessageRecord m,
            Kind kind,
            ViewInfo view,
            boolean firstView,
            List<NodeAddress> subjects,
            NodeAddress by,
            String detail,
            List<Long> signs) {
        if (events.size() >= MAX_EVENTS) {
            dropped++;
            return;
        }
        events.add(event(m, kind, view, firstView, subjects, by, detail, signs));
    }

    private static MembershipEvent event(
            MessageRecord m,
            Kind kind,
            ViewInfo view,
            boolean firstView,
            List<NodeAddress> subjects,
            NodeAddress by,
            String detail,
            List<Long> signs) {
        return new MembershipEvent(
                m.frame().packet(),
                m.frame().tsNanos(),
                m.cluster() != null ? m.cluster() : "?",
                kind,
                view,
                firstView,
                List.copyOf(subjects),
                by,
                detail,
                signs);
    }

    /** The packets of the signs that are there, in capture order. */
    private static List<Long> signs(Sign... signs) {
        List<Long> out = new ArrayList<>();
        for (Sign s : signs) if (s != null && !out.contains(s.packet())) out.add(s.packet());
        out.sort(null);
        return List.copyOf(out);
    }

    private static List<Long> signs(List<Long> before, long more) {
        List<Long> out = new ArrayList<>(before);
        if (!out.contains(more)) out.add(more);
        out.sort(null);
        return List.copyOf(out);
    }

    private static Set<String> ids(List<NodeAddress> l, Set<String> out) {
        for (NodeAddress a : l) out.add(a.id());
        return out;
    }

    /** Per-member maps and sets stop growing at {@link #MAX_TRACKED}: a capture is untrusted. */
    private static <T extends Collection<?>> T bounded(T s) {
        if (s.size() >= MAX_TRACKED) s.clear();
        return s;
    }

    private static <K, V> Map<K, V> bounded(Map<K, V> m) {
        if (m.size() >= MAX_TRACKED) m.clear();
        return m;
    }
}
