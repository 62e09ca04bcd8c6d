package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The {@code slow-merge} scenario: a split healed in one direction first, as a firewall opened on one side only
 * heals it. The members split into halves (A,B | C) as in {@code partition-merge}; once each half installed a view
 * of its own, the first half lets the second's traffic through again (step {@code heal-one-way}) while the second
 * keeps dropping everything from the first for {@value #ONE_WAY_MILLIS} ms, longer than GMS's {@code merge_timeout}
 * (5 s) and two MERGE3 checks (4.8 s apart with these intervals). So the first half hears the second's MERGE3
 * information and its coordinator asks the other coordinator for its view at every check, unanswered; then the
 * second half heals too (step {@code heal}) and the next check merges them. The manifest records the three steps
 * and every member's views, the merge view with its subgroups.
 */
final class SlowMergeScenario implements Scenario {
    static final String NAME = "slow-merge";
    static final long ONE_WAY_MILLIS = 12_000;

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
        return new PartitionMergeScenario().stackTokens();
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<List<String>> halves = PartitionMergeScenario.splitInHalves(cluster);
        List<String> left = halves.get(0), right = halves.get(1);
        cluster.step("heal-one-way", left, List.of());
        cluster.commandAll(left, "discard");
        Thread.sleep(ONE_WAY_MILLIS);
        cluster.awaitViews(List.of(left, right), "no merge while one side still drops the other");
        cluster.step("heal", right, List.of());
        cluster.commandAll(right, "discard");
        cluster.awaitViews(List.of(cluster.names()), "the merge");
    }
}
