package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The {@code lossy} scenario: the last member loses a fifth of what it receives ({@value #RATE}, the DISCARD
 * protocol right above the transport, its up rate), as a member behind a bad link or with a full receive buffer
 * does, while every member multicasts {@value #MESSAGES} messages of {@value #SIZE} bytes ({@link LoadScenario}):
 * NAKACK2 on the lossy member asks the senders for retransmissions, UNICAST3 resends what it did not acknowledge.
 * The loss stops before the members leave. The manifest records steps {@code loss} and {@code heal} (members: the
 * lossy one) and the load counts.
 */
final class LossyScenario implements Scenario {
    static final String NAME = "lossy";
    static final String RATE = "0.2";
    static final int MESSAGES = 120;
    static final int SIZE = 300;

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
        return Map.of("DISCARD", "<DISCARD/>");
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> all = cluster.names();
        String lossy = all.get(all.size() - 1);
        cluster.step("loss", List.of(lossy), List.of());
        cluster.member(lossy).command("lose " + RATE);
        cluster.log.await(
                lossy + " to lose what it receives",
                cluster.deadlineNanos,
                events -> EventLog.of(events, lossy, "losing").isEmpty() ? null : Boolean.TRUE);
        new LoadScenario(MESSAGES, SIZE).run(cluster);
        cluster.step("heal", List.of(lossy), List.of());
        cluster.member(lossy).command("lose 0");
        cluster.log.await(
                lossy + " to receive everything again",
                cluster.deadlineNanos,
                events -> EventLog.of(events, lossy, "losing").size() < 2 ? null : Boolean.TRUE);
    }
}
