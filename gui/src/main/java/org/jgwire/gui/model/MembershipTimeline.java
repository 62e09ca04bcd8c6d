package org.jgwire.gui.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;

/**
 * Views over time per cluster, from the views the records carry (delta views already expanded by core-codec's
 * {@code ViewHistory}). Each view counts once, at the first message that carries it (a VIEW multicast and the
 * JOIN_RSPs repeat it). A member gone from a view left if it had sent a GMS LEAVE_REQ, else it is counted as
 * crashed (suspected, or removed without a leave request in the capture). Fed row by row, in capture order.
 */
public final class MembershipTimeline {
    private record ViewKey(String cluster, String creator, long id) {}

    private final Map<String, List<MembershipEvent>> byCluster = new LinkedHashMap<>();
    private final Map<String, List<NodeAddress>> current = new HashMap<>();
    private final Set<ViewKey> seen = new HashSet<>();
    private final Set<String> leaving = new HashSet<>();
    private final List<MembershipEvent> all = new ArrayList<>();

    /** Takes one row into account; returns the event it made, or null. */
    public MembershipEvent add(Row row) {
        MessageRecord m = row.message();
        if (m == null) return null;
        HeaderRecord gms = m.header("GMS");
        if (gms != null && "LEAVE_REQ".equals(String.valueOf(gms.field("type")))) {
            Object mbr = gms.field("mbr");
            if (mbr instanceof NodeAddress a) leaving.add(a.id());
            else if (m.src() != null) leaving.add(m.src().id());
        }
        ViewInfo v = m.view();
        if (v == null || v.members().isEmpty()) return null;
        String cluster = m.cluster() != null ? m.cluster() : "?";
        if (!seen.add(new ViewKey(cluster, v.creator() != null ? v.creator().id() : null, v.id()))) return null;
        List<NodeAddress> before = current.put(cluster, v.members());
        List<NodeAddress> joined = before == null ? List.of() : minus(v.members(), before);
        List<NodeAddress> left = before == null ? List.of() : minus(before, v.members());
        MembershipEvent.Kind kind;
        if (before == null) kind = MembershipEvent.Kind.FIRST;
        else if ("MERGE_VIEW".equals(v.kind())) kind = MembershipEvent.Kind.MERGE;
        else if (!joined.isEmpty() && !left.isEmpty()) kind = MembershipEvent.Kind.CHANGE;
        else if (!joined.isEmpty()) kind = MembershipEvent.Kind.JOIN;
        else if (!left.isEmpty() && left.stream().allMatch(a -> leaving.contains(a.id()))) kind = MembershipEvent.Kind.LEAVE;
        else if (!left.isEmpty()) kind = MembershipEvent.Kind.CRASH;
        else kind = MembershipEvent.Kind.CHANGE;
        MembershipEvent e = new MembershipEvent(kind, row.number(), m.frame().tsNanos(), cluster, v.creator(), v.id(),
                v.members(), joined, left);
        byCluster.computeIfAbsent(cluster, c -> new ArrayList<>()).add(e);
        all.add(e);
        return e;
    }

    private static List<NodeAddress> minus(List<NodeAddress> a, List<NodeAddress> b) {
        Set<String> ids = new HashSet<>();
        for (NodeAddress x : b) ids.add(x.id());
        List<NodeAddress> out = new ArrayList<>();
        for (NodeAddress x : a) if (!ids.contains(x.id())) out.add(x);
        return out;
    }

    /** The clusters seen, in order of their first view. */
    public List<String> clusters() {
        return List.copyOf(byCluster.keySet());
    }

    /** The events of one cluster, in capture order. */
    public List<MembershipEvent> events(String cluster) {
        return byCluster.getOrDefault(cluster, List.of());
    }

    /** Every event, in capture order. */
    public List<MembershipEvent> events() {
        return all;
    }
}
