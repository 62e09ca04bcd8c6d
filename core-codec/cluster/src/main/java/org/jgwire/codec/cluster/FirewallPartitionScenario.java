package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code firewall-partition} scenario: a network split as it happens between hosts. Each member runs in a network
 * namespace of its own ({@code --netns-per-member}); the members are split into halves (A,B | C for three) by
 * nftables rules in their namespaces that drop every packet between the halves, so the members themselves change
 * nothing (unlike {@code partition-merge}, whose DISCARD sits inside the members). Failure detection makes each half
 * install a view of its own; then the rules are removed and MERGE3 (short intervals) finds the two coordinators, and
 * GMS installs a MergeView of everyone. The manifest records steps {@code partition} (with the groups) and
 * {@code heal}, and every member's views.
 */
final class FirewallPartitionScenario implements Scenario {
    static final String NAME = "firewall-partition";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int minNodes() {
        return 2;
    }

    @Override
    public boolean needsNetnsPerMember() {
        return true;
    }

    @Override
    public Map<String, String> stackTokens() {
        Map<String, String> t = new HashMap<>(new PartitionMergeScenario().stackTokens());
        t.remove("DISCARD");
        return t;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<List<String>> halves = PartitionMergeScenario.halves(cluster.names());
        List<String> left = halves.get(0), right = halves.get(1);
        cluster.firewallCut(left, right);
        cluster.awaitViews(List.of(left, right), "the partition");
        cluster.firewallHeal();
        cluster.awaitViews(List.of(cluster.names()), "the merge");
    }
}
