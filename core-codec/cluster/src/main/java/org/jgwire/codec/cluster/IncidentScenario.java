package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code incident} scenario: three faults one after the other, as an operator meets them in one capture. The
 * last member is killed (SIGKILL, as {@code crash}); once the survivors installed a view without it, they are split
 * in halves by DISCARD (as {@code partition-merge}) and each half installs its own view; then the split heals and
 * MERGE3 leads to a MergeView of the survivors. Made for eight members (the viewer's membership chart is shown on
 * it); needs at least three. The manifest records the steps {@code crash}, {@code partition} and {@code heal}.
 */
final class IncidentScenario implements Scenario {
    static final String NAME = "incident";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int minNodes() {
        return 3;
    }

    @Override
    public Map<String, String> stackTokens() {
        Map<String, String> t = new HashMap<>(new PartitionMergeScenario().stackTokens());
        t.putAll(CrashScenario.FAST_FAILURE_DETECTION);
        return t;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> names = cluster.names();
        String victim = names.get(names.size() - 1);
        cluster.crash(victim);
        cluster.awaitViews(List.of(cluster.names()), victim + " crash");
        PartitionMergeScenario.splitInHalves(cluster);
        PartitionMergeScenario.healBothWays(cluster);
    }
}
