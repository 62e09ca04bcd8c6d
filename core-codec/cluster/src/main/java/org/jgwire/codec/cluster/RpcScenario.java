package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.List;

/**
 * The {@code rpc} scenario: every member has an RpcDispatcher serving {@code echo(String)}; each member calls it
 * synchronously on every member ({@code rpc A#1 to all}, the caller included) and then on the next member
 * ({@code rpc A#2 to B}). Every reply ({@code B got rpc A#1 to all}) must come back; the manifest records each call,
 * its target and its replies, and each member's handling of it.
 */
final class RpcScenario implements Scenario {
    static final String NAME = "rpc";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean rpc() {
        return true;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> names = cluster.names();
        int calls = 0;
        for (int i = 0; i < names.size(); i++) {
            String me = names.get(i);
            cluster.member(me).command("rpc * rpc " + me + "#1 to all");
            calls++;
            if (names.size() > 1) {
                String next = names.get((i + 1) % names.size());
                cluster.member(me).command("rpc " + next + " rpc " + me + "#2 to " + next);
                calls++;
            }
        }
        int total = calls;
        cluster.log.await(
                total + " RPCs to return",
                cluster.deadlineNanos,
                events -> EventLog.of(events, null, "rpc-called").size() >= total ? Boolean.TRUE : null);
        for (NodeEvent e : EventLog.of(cluster.log.snapshot(), null, "rpc-called")) {
            List<String> replies = e.list("replies");
            int expected = e.text("to") == null ? names.size() : 1;
            long good = replies.stream()
                    .filter(r -> r.contains("=") && (r.indexOf('!') < 0 || r.indexOf('=') < r.indexOf('!')))
                    .count();
            if (good != expected)
                throw new ClusterFailure(e.node() + "'s call '" + e.text("text") + "' got " + good
                        + " replies, expected " + expected + ": " + replies);
        }
    }
}
