package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A member that does not belong, started on the cluster's multicast group: {@code other-cluster} (the same JGroups
 * version under another cluster name, as when two applications share a group by mistake), {@code other-version}
 * (the same cluster name on a JGroups version of another line: {@value #OTHER_FOR_5} beside 5.x,
 * {@value #OTHER_FOR_OLDER} beside older ones, as in a rolling upgrade across an incompatible version) and
 * {@code lone-member} (the same cluster and version, but receiving nothing: its DISCARD drops all that arrives, as a
 * host firewall dropping incoming traffic would, so the answers to its discovery never reach it). The last member
 * leaves to free its port, then the outsider {@value #NAME_OF_OUTSIDER} starts there: its discovery reaches the
 * members, but what they send never gets through (dropped as another cluster's or version's, or by its DISCARD), so
 * it stays alone in a view of its own. Then the first member and the outsider each multicast a text, and the
 * outsider leaves. The manifest records steps {@code outsider} and {@code outsider-left} (members: the outsider).
 */
final class OutsiderScenario implements Scenario {
    static final String OTHER_CLUSTER = "other-cluster";
    static final String OTHER_VERSION = "other-version";
    static final String LONE_MEMBER = "lone-member";
    static final String NAME_OF_OUTSIDER = "X";
    static final String OTHER_FOR_5 = "4.2.30";
    static final String OTHER_FOR_OLDER = "5.5.7";
    /** How long both sides go on after their texts: heartbeats and MERGE3's information of both reach the other. */
    static final long TALK_MILLIS = 4_000;

    private final String name;

    OutsiderScenario(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int minNodes() {
        return 2;
    }

    @Override
    public Map<String, String> stackTokens() {
        // MERGE3 sends its information every second or two, so both sides see the other's
        return Map.of("MERGE_MIN", "1000", "MERGE_MAX", "2000");
    }

    /** The outsider's version beside a run of {@code runVersion}. */
    static String otherVersion(String runVersion) {
        return runVersion.startsWith("5.") ? OTHER_FOR_5 : OTHER_FOR_OLDER;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> all = cluster.names();
        String freed = all.get(all.size() - 1);
        String first = all.get(0);
        int port = cluster.portIndexOf(freed);
        cluster.leave(freed);
        Cluster.Outsider outsider = name.equals(OTHER_CLUSTER)
                ? new Cluster.Outsider(cluster.clusterName() + "-other", null, false)
                : name.equals(OTHER_VERSION)
                        ? new Cluster.Outsider(null, otherVersion(cluster.versionText()), false)
                        : new Cluster.Outsider(null, null, true);
        cluster.step("outsider", List.of(NAME_OF_OUTSIDER), List.of());
        cluster.startOutsider(NAME_OF_OUTSIDER, port, outsider);
        cluster.member(first).command("mcast hello from " + first);
        cluster.outsider(NAME_OF_OUTSIDER).command("mcast hello from " + NAME_OF_OUTSIDER);
        cluster.log.await(
                first + " and " + NAME_OF_OUTSIDER + " to send",
                cluster.deadlineNanos,
                events -> EventLog.of(events, first, "sent").isEmpty()
                                || EventLog.of(events, NAME_OF_OUTSIDER, "sent").isEmpty()
                        ? null
                        : Boolean.TRUE);
        Thread.sleep(TALK_MILLIS);
        cluster.stopOutsider(NAME_OF_OUTSIDER);
        cluster.step("outsider-left", List.of(NAME_OF_OUTSIDER), List.of());
    }
}
