package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code blocked-receiver} scenario: the last member's application holds every delivery for
 * {@value #BLOCK_MILLIS} ms (node command {@code block}), as a receiver stuck in its own code does, while the first
 * member multicasts {@value #MESSAGES} messages of {@value #SIZE} bytes under small flow-control credits (UFC and MFC
 * {@code max_credits} {@value #CREDITS} bytes, {@code max_block_time} {@value #MAX_BLOCK_MILLIS} ms): the blocked
 * member gives no credits back from its deliveries, so the sender blocks, asks it for credits each time it waited
 * {@code max_block_time}, and goes on only as far as each answer lets it. The manifest records steps {@code block}
 * and {@code unblock} (members: the blocked one) and the load counts.
 */
final class BlockedReceiverScenario implements Scenario {
    static final String NAME = "blocked-receiver";
    static final long BLOCK_MILLIS = 8_000;
    static final int CREDITS = 10_000;
    static final long MAX_BLOCK_MILLIS = 1_000;
    static final int MESSAGES = 600;
    static final int SIZE = 100;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int minNodes() {
        return 2;
    }

    @Override
    public Map<String, String> stackTokens() {
        return Map.of("FC_CREDITS", String.valueOf(CREDITS), "FC_ATTRS", "max_block_time=\"" + MAX_BLOCK_MILLIS + "\"");
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> all = cluster.names();
        String sender = all.get(0);
        String blocked = all.get(all.size() - 1);
        cluster.step("block", List.of(blocked), List.of());
        cluster.member(blocked).command("block " + BLOCK_MILLIS);
        cluster.log.await(
                blocked + " to hold its deliveries",
                cluster.deadlineNanos,
                events -> EventLog.of(events, blocked, "blocking").isEmpty() ? null : Boolean.TRUE);
        cluster.member(sender).command("load " + MESSAGES + " " + SIZE);
        cluster.log.await(
                blocked + " to take its deliveries again",
                cluster.deadlineNanos,
                events -> EventLog.of(events, blocked, "unblocked").isEmpty() ? null : Boolean.TRUE);
        cluster.step("unblock", List.of(blocked), List.of());
        cluster.log.await(
                "every member to receive " + sender + "'s " + MESSAGES + " messages", cluster.deadlineNanos, events -> {
                    Set<String> done = new HashSet<>();
                    for (NodeEvent e : EventLog.of(events, null, "load-received"))
                        if (sender.equals(e.text("from"))) done.add(e.node());
                    return done.size() >= all.size() ? Boolean.TRUE : null;
                });
    }
}
