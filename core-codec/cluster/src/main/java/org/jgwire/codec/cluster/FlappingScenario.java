package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.List;

/**
 * The {@code flapping} scenario: the last member leaves and starts again under the same name on the same port,
 * {@value #RESTARTS} times, as a member in a restart loop does (a crash loop, a liveness probe that kills it): each
 * time the others install a view without it and then one with its new incarnation. The manifest records steps
 * {@code restart} (members: the restarting one) and {@code restarted}; its members list holds each incarnation.
 */
final class FlappingScenario implements Scenario {
    static final String NAME = "flapping";
    static final int RESTARTS = 3;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int minNodes() {
        return 2;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> names = cluster.names();
        String flapping = names.get(names.size() - 1);
        int port = cluster.portIndexOf(flapping);
        cluster.step("restart", List.of(flapping), List.of());
        for (int i = 0; i < RESTARTS; i++) {
            cluster.leave(flapping);
            cluster.join(flapping, port);
        }
        cluster.step("restarted", List.of(flapping), List.of());
    }
}
