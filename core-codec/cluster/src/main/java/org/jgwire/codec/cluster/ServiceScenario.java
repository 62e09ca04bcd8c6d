package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.List;

/**
 * The building-block scenarios, for traffic of the protocols behind JGroups' services; the stack must hold the
 * protocol (a stack XML of your own, or a shipped one that has it). Each member in turn, the first one first, makes
 * one call and reports it; the runner waits for each report before the next member's call:
 *
 * <ul>
 *   <li>{@code lock}: takes and releases the lock {@code lock} (CENTRAL_LOCK or CENTRAL_LOCK2; JGroups 3.6 and
 *       4.x: 5.4 dropped locking, and the 5.x node program has none);</li>
 *   <li>{@code counter}: increments the counter {@code counter} (COUNTER): the n-th member reads n;</li>
 *   <li>{@code state}: every member but the coordinator fetches its state (STATE_TRANSFER, STATE or STATE_SOCK),
 *       which is {@code state of A}.</li>
 * </ul>
 */
final class ServiceScenario implements Scenario {
    static final String LOCK = "lock", COUNTER = "counter", STATE = "state";

    private final String name;

    ServiceScenario(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int minNodes() {
        return name.equals(STATE) ? 2 : 1;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> names = cluster.names();
        String event = event();
        for (int i = name.equals(STATE) ? 1 : 0; i < names.size(); i++) {
            String me = names.get(i);
            cluster.member(me).command(name.equals(STATE) ? STATE : name + " " + name);
            NodeEvent e = cluster.log.await(me + " to report '" + event + "'", cluster.deadlineNanos, events -> {
                List<NodeEvent> mine = EventLog.of(events, me, event);
                return mine.isEmpty() ? null : mine.get(0);
            });
            check(e, i, names.get(0));
        }
    }

    private String event() {
        return switch (name) {
            case LOCK -> "locked";
            case COUNTER -> "counted";
            default -> STATE;
        };
    }

    /** The member's report: the counter counts the members so far, the state is the coordinator's. */
    private void check(NodeEvent e, int index, String coordinator) throws ClusterFailure {
        if (name.equals(COUNTER) && e.number("value") != index + 1)
            throw new ClusterFailure(e.node() + " counted " + e.number("value") + ", expected " + (index + 1));
        if (name.equals(STATE) && !("state of " + coordinator).equals(e.text("text")))
            throw new ClusterFailure(
                    e.node() + " got state '" + e.text("text") + "', expected 'state of " + coordinator + "'");
    }
}
