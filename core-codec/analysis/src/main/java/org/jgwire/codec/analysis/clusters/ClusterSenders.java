package org.jgwire.codec.analysis.clusters;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.analysis.Analysis;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * Who sent in which cluster: per cluster name (the one the transport writes with each message), every member that
 * sent a message under it, with its messages and the capture times of its first and last. It shows a member that
 * speaks under two cluster names, a capture that holds several clusters, and when each member went quiet.
 *
 * <p>Whole messages (a message sent in fragments counts once); FD_SOCK's signals are no messages. Bounded: at most
 * {@link #MAX_TRACKED} members in all, later ones are counted in {@link #untracked}. Not thread-safe.
 */
public final class ClusterSenders implements Analysis<List<ClusterSenders.Sender>> {
    static final int MAX_TRACKED = 65_536;

    /**
     * One member's messages under one cluster name.
     *
     * @param cluster      the cluster name, {@code ?} when the message carried none
     * @param firstTsNanos capture time of its first message, -1 when no message had a time (so is the last)
     */
    public record Sender(String cluster, NodeAddress member, long messages, long firstTsNanos, long lastTsNanos) {}

    private static final class Tally {
        final NodeAddress member;
        long messages, first = -1, last = -1;

        Tally(NodeAddress member) {
            this.member = member;
        }
    }

    /** Cluster name, then member id: in the order they first sent. */
    private final Map<String, Map<String, Tally>> clusters = new LinkedHashMap<>();

    private int tracked;
    private long untracked;

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    @Override
    public void accept(Record r) {
        if (!(r instanceof MessageRecord m) || m.src() == null || m.isSignal()) return;
        String cluster = m.cluster() != null ? m.cluster() : "?";
        Map<String, Tally> members = clusters.computeIfAbsent(cluster, c -> new LinkedHashMap<>());
        Tally t = members.get(m.src().id());
        if (t == null) {
            if (tracked == MAX_TRACKED) {
                untracked++;
                return;
            }
            tracked++;
            members.put(m.src().id(), t = new Tally(m.src()));
        }
        t.messages++;
        long ts = m.frame().tsNanos();
        if (ts >= 0) {
            if (t.first < 0) t.first = ts;
            t.last = Math.max(t.last, ts);
        }
    }

    /** Every cluster's senders, clusters and members in the order they first sent. */
    @Override
    public List<Sender> result() {
        List<Sender> out = new ArrayList<>(tracked);
        clusters.forEach((cluster, members) ->
                members.values().forEach(t -> out.add(new Sender(cluster, t.member, t.messages, t.first, t.last))));
        return out;
    }

    /** The cluster names each member sent under, for members seen under more than one (member id to names). */
    public Map<String, List<String>> membersOfSeveralClusters() {
        Map<String, List<String>> byMember = new HashMap<>();
        clusters.forEach((cluster, members) -> members.keySet()
                .forEach(id ->
                        byMember.computeIfAbsent(id, k -> new ArrayList<>()).add(cluster)));
        byMember.values().removeIf(names -> names.size() < 2);
        return byMember;
    }

    /** Messages from members beyond {@link #MAX_TRACKED}, not counted per member. */
    public long untracked() {
        return untracked;
    }
}
