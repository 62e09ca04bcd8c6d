package org.jgwire.codec.cluster;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Every event of every child, in arrival order, with a wait for a condition over all of them. A node's
 * {@code error} event, or its exit when it was not told to leave, fails the wait at once.
 */
final class EventLog implements Consumer<NodeEvent> {
    private static final long POLL_MILLIS = 200;
    private final List<NodeEvent> events = new ArrayList<>();
    private final Set<String> mayExit = new HashSet<>();

    @Override
    public synchronized void accept(NodeEvent e) {
        events.add(e);
        notifyAll();
    }

    /** From now on, {@code node} exiting is expected (it was told to leave, or is being stopped). */
    synchronized void expectExit(String node) {
        mayExit.add(node);
    }

    synchronized List<NodeEvent> snapshot() {
        return List.copyOf(events);
    }

    /**
     * Waits until {@code condition} returns non-null for the events so far, and returns that.
     *
     * @throws ClusterFailure when the deadline ({@link System#nanoTime()}) passes or a node fails first
     */
    synchronized <T> T await(String what, long deadlineNanos, Function<List<NodeEvent>, T> condition)
            throws ClusterFailure, InterruptedException {
        while (true) {
            for (NodeEvent e : events) {
                if (e.event().equals("error"))
                    throw new ClusterFailure(e.node() + " failed while waiting for " + what + ": " + e.text("message"));
                if (e.event().equals("exited") && !mayExit.contains(e.node()))
                    throw new ClusterFailure(e.node() + " exited unexpectedly while waiting for " + what);
            }
            T result = condition.apply(events);
            if (result != null) return result;
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) throw new ClusterFailure("timed out waiting for " + what + " (" + state() + ")");
            wait(Math.max(1, Math.min(POLL_MILLIS, left / 1_000_000)));
        }
    }

    /** Each node's last view and message counts, for a timeout message. */
    private String state() {
        Map<String, String> byNode = new TreeMap<>();
        for (NodeEvent e : events) {
            if (e.node().equals("router") || e.node().equals(Cluster.RUNNER)) continue;
            byNode.put(
                    e.node(),
                    "last view " + lastView(events, e.node()) + ", sent "
                            + of(events, e.node(), "sent").size() + ", received "
                            + of(events, e.node(), "received").size());
        }
        return byNode.toString();
    }

    /** The member names of the last view {@code node} installed, or an empty list. */
    /**
     * The member names of the last view {@code node} installed. A member whose logical name had not reached
     * {@code node} yet is printed by JGroups as its UUID: it is mapped back to its name through the members'
     * {@code started} events, so a late name does not look like a missing member.
     */
    static List<String> lastView(List<NodeEvent> events, String node) {
        List<String> last = List.of();
        for (NodeEvent e : events) if (e.node().equals(node) && e.event().equals("view")) last = e.list("members");
        return named(events, last);
    }

    /** Members as names: one printed as its UUID (its name had not reached the printer yet) is mapped back. */
    static List<String> named(List<NodeEvent> events, List<String> members) {
        List<String> named = new ArrayList<>(members.size());
        for (String m : members) named.add(nameOfUuid(events, m));
        return named;
    }

    static String nameOfUuid(List<NodeEvent> events, String member) {
        if (member == null) return null;
        for (NodeEvent e : events)
            if (e.event().equals("started") && member.equalsIgnoreCase(e.text("uuid"))) return e.node();
        return member;
    }

    static List<NodeEvent> of(List<NodeEvent> events, String node, String kind) {
        List<NodeEvent> out = new ArrayList<>();
        for (NodeEvent e : events)
            if (e.event().equals(kind) && (node == null || e.node().equals(node))) out.add(e);
        return out;
    }
}
