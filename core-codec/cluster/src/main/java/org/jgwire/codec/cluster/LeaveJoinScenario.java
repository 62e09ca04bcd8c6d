package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.List;

/**
 * The {@code leave-join} scenario: the last member leaves gracefully (a LEAVE request, a view without it), then a
 * new member, named by the next letter, joins on the port the leaver had. The manifest records steps {@code leave}
 * and {@code join}; its members list holds the leaver and the newcomer.
 */
final class LeaveJoinScenario implements Scenario {
    static final String NAME = "leave-join";

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
        String leaver = names.get(names.size() - 1);
        int port = cluster.portIndexOf(leaver);
        cluster.step("leave", List.of(leaver), List.of());
        cluster.leave(leaver);
        String newcomer = ClusterSpec.memberName(names.size());
        cluster.step("join", List.of(newcomer), List.of());
        cluster.join(newcomer, port);
    }
}
