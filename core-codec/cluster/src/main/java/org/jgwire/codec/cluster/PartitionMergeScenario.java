package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code partition-merge} scenario: the members are split into two halves (A,B | C for three) by the DISCARD
 * protocol just above the transport, each member dropping everything from and to the other half. Failure detection
 * makes each half install a view of its own; then the runner heals the split and MERGE3 (short intervals here)
 * finds the two coordinators, and GMS installs a MergeView of everyone. The manifest records steps
 * {@code partition} (with the groups) and {@code heal}, and every member's views, the merge view with its
 * subgroups.
 */
final class PartitionMergeScenario implements Scenario {
    static final String NAME = "partition-merge";

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
        Map<String, String> t = new HashMap<>(CrashScenario.FAST_FAILURE_DETECTION);
        t.put("DISCARD", "<DISCARD/>");
        t.put("MERGE_MIN", "1000");
        t.put("MERGE_MAX", "3000");
        return t;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        splitInHalves(cluster);
        healBothWays(cluster);
    }

    /**
     * Splits the live members into halves (the first the larger), each dropping everything from and to the other
     * (step {@code partition} with the two groups), and waits until each half installed its own view.
     *
     * @return the two halves
     */
    static List<List<String>> splitInHalves(Cluster cluster) throws IOException, InterruptedException {
        List<List<String>> halves = halves(cluster.names());
        List<String> left = halves.get(0), right = halves.get(1);
        cluster.step("partition", List.of(), List.of(left, right));
        cluster.commandAll(left, "discard " + String.join(" ", right));
        cluster.commandAll(right, "discard " + String.join(" ", left));
        cluster.awaitViews(List.of(left, right), "the partition");
        return List.of(left, right);
    }

    /** The members in two halves, in join order, the first the larger (A,B | C). */
    static List<List<String>> halves(List<String> all) {
        int half = (all.size() + 1) / 2;
        return List.of(all.subList(0, half), all.subList(half, all.size()));
    }

    /** Heals a split both ways at once (step {@code heal}) and waits for the merge view of every live member. */
    static void healBothWays(Cluster cluster) throws IOException, InterruptedException {
        List<String> all = cluster.names();
        cluster.step("heal", List.of(), List.of());
        cluster.commandAll(all, "discard");
        cluster.awaitViews(List.of(all), "the merge");
    }
}
