package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.List;

/**
 * The {@code slow-rpc} scenario: the last member answers RPCs {@value #DELAY_MILLIS} ms late (its {@code echo} is
 * stuck, as a member waiting on a slow database or a lock is), longer than the callers' timeout of 10 s; every other
 * member calls {@code echo} on all members at once. The callers get the fast members' answers and give up on the
 * slow one, whose responses still go out after the delay. The manifest records steps {@code slow} and {@code heal}
 * (members: the slow one).
 */
final class SlowRpcScenario implements Scenario {
    static final String NAME = "slow-rpc";
    static final long DELAY_MILLIS = 12_000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int minNodes() {
        return 2;
    }

    @Override
    public boolean rpc() {
        return true;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> all = cluster.names();
        String slow = all.get(all.size() - 1);
        List<String> callers = all.subList(0, all.size() - 1);
        cluster.step("slow", List.of(slow), List.of());
        cluster.member(slow).command("slow " + DELAY_MILLIS);
        cluster.log.await(
                slow + " to answer late",
                cluster.deadlineNanos,
                events -> EventLog.of(events, slow, "slowed").isEmpty() ? null : Boolean.TRUE);
        for (String caller : callers) cluster.member(caller).command("rpc * slow call by " + caller);
        cluster.log.await(
                callers.size() + " calls to return without " + slow + "'s answer",
                cluster.deadlineNanos,
                events -> EventLog.of(events, null, "rpc-called").size() >= callers.size() ? Boolean.TRUE : null);
        for (NodeEvent e : EventLog.of(cluster.log.snapshot(), null, "rpc-called")) {
            List<String> replies = e.list("replies");
            for (String r : replies) {
                boolean fromSlow = r.startsWith(slow + "=") || r.startsWith(slow + "!");
                if (fromSlow != r.startsWith(slow + "!"))
                    throw new ClusterFailure(e.node() + "'s call got " + replies + ": expected " + slow
                            + " to time out and every other member to answer");
            }
        }
        cluster.log.await(
                slow + " to send its late answers",
                cluster.deadlineNanos,
                events ->
                        EventLog.of(events, slow, "rpc-answered-late").size() >= callers.size() ? Boolean.TRUE : null);
        cluster.step("heal", List.of(slow), List.of());
        cluster.member(slow).command("slow 0");
        cluster.log.await(
                slow + " to answer at once again",
                cluster.deadlineNanos,
                events -> EventLog.of(events, slow, "slowed").size() < 2 ? null : Boolean.TRUE);
    }
}
