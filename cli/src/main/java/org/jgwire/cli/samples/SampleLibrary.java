package org.jgwire.cli.samples;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.Limits;
import org.jgwire.codec.cluster.Stack;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.VersionRuntime;

/**
 * What the sample library holds: for every bundled JGroups version, a {@code chat} capture on every stock stack the
 * version supports; for the newest version of each major line, the other scenarios ({@link #SCENARIOS}) on
 * {@code udp} too. Files:
 * {@code samples/<version>/<stack>-<scenario>.pcapng} with the run's manifest beside it ({@code .json}), and the
 * capture's decode in {@code samples/golden/<version>/<stack>-<scenario>.jsonl}.
 *
 * <p>The regeneration command, the golden test and the end-to-end matrix test all take their list from here.
 */
public final class SampleLibrary {
    /** The extension of the captures. */
    public static final String CAPTURE_EXTENSION = ".pcapng";

    /** Members in a sample: enough for a coordinator, a delta view and a unicast between two others. */
    public static final int NODES = 3;

    /**
     * Members on a stack: {@link #NODES}, and on {@code relay2} two per site (sites {@code lon} and {@code nyc} split
     * the members in halves): a member alone in its site never talks to anyone in it, so its name and views would not
     * be on the wire.
     */
    public static int nodes(String stack, int perCluster) {
        return stack.equals("relay2") ? 4 : perCluster;
    }

    /**
     * The scenarios beyond {@code chat} recorded for the newest version of each major line: the ones that show
     * protocol behaviour (RPCs, fragmentation, a crash, a partition and its merge, the same split made by a firewall
     * between members in network namespaces of their own, a merge slowed by a split healed
     * one way first, a frozen member, a lossy member, a member answering RPCs late, a receiver blocked in its
     * application, a member of another cluster or version on the group, a member that receives nothing, one that
     * restarts again and again, a leave and a join, and an incident of eight members: a crash, a partition and its
     * merge).
     * {@code load} is left out: its many similar messages add size, not wire formats.
     */
    public static final List<String> SCENARIOS = List.of(
            "rpc",
            "large",
            "crash",
            "partition-merge",
            "firewall-partition",
            "slow-merge",
            "pause",
            "lossy",
            "slow-rpc",
            "blocked-receiver",
            "other-cluster",
            "other-version",
            "lone-member",
            "flapping",
            "leave-join",
            "incident");

    /** Members of the samples of a scenario that needs more than {@link #NODES}: a chart of eight is the point. */
    private static final Map<String, Integer> SCENARIO_NODES = Map.of("incident", 8);

    /**
     * Captures beside the library's in a version's folder that a test makes, not the runner (each {@code .pcapng}
     * with its {@code .json}): {@code regenerate} keeps them. {@code 5.5.7/raft-election}: a jgroups-raft cluster,
     * made by {@code RaftClusterCaptureTest} with {@code -Djgwire.regenerate=true}.
     */
    public static final List<String> MADE_BY_TESTS = List.of("5.5.7/raft-election");

    private SampleLibrary() {}

    /** One sample. */
    public record Sample(String version, String stack, String scenario) {
        /** The file stem: {@code udp-chat}, {@code udp-load} (parameters are not part of the name). */
        public String stem() {
            int colon = scenario.indexOf(':');
            return stack + "-" + (colon < 0 ? scenario : scenario.substring(0, colon));
        }

        /** Members in this sample's cluster. */
        public int nodes() {
            return SampleLibrary.nodes(stack, SCENARIO_NODES.getOrDefault(scenario, NODES));
        }

        public Path capture(Path samples) {
            return samples.resolve(version).resolve(stem() + CAPTURE_EXTENSION);
        }

        public Path manifest(Path samples) {
            return samples.resolve(version).resolve(stem() + ".json");
        }

        public Path golden(Path samples) {
            return samples.resolve("golden").resolve(version).resolve(stem() + ".jsonl");
        }

        @Override
        public String toString() {
            return version + "/" + stem();
        }
    }

    /**
     * The stock stacks a version supports, with the reason a stack is left out where it is. Every stock stack's
     * protocols (UDP, TCP, TCP_NIO2, TUNNEL + GossipRouter, SYM_ENCRYPT, RELAY2) are in every bundled jar from 3.6.20
     * on and the runner has a template of each per API family, so today nothing is left out; a stack added later that
     * a line lacks goes into {@link #unsupported}.
     */
    public static List<String> stacks(String version) {
        List<String> out = new ArrayList<>();
        for (Stack s : Stack.values()) if (unsupported(version, s.id()) == null) out.add(s.id());
        return out;
    }

    /** Why a version cannot run a stock stack, or null when it can. */
    public static String unsupported(String version, String stack) {
        return null;
    }

    /** The bundled versions ({@code 3.6.20}, ...), oldest first. */
    public static List<String> bundledVersions(Path home) {
        List<String> out = new ArrayList<>();
        try (VersionRuntime rt = new VersionRuntime(home, null, null, Limits.DEFAULTS)) {
            for (String label : rt.bundledVersions())
                out.add(JGroupsVersion.parse(label).toString());
        }
        return out;
    }

    /** The newest bundled version of each major line (3.6.20, 4.2.30, 5.5.7). */
    public static List<String> newestPerMajor(List<String> versions) {
        Map<Integer, String> newest = new LinkedHashMap<>();
        for (String v : versions) {
            JGroupsVersion p = JGroupsVersion.parse(v);
            String cur = newest.get(p.major());
            if (cur == null || JGroupsVersion.parse(cur).compareTo(p) < 0) newest.put(p.major(), v);
        }
        return new ArrayList<>(newest.values());
    }

    /** Every sample of the library for these bundled versions. */
    public static List<Sample> all(List<String> versions) {
        List<Sample> out = new ArrayList<>();
        for (String v : versions) for (String s : stacks(v)) out.add(new Sample(v, s, "chat"));
        for (String v : newestPerMajor(versions)) for (String sc : SCENARIOS) out.add(new Sample(v, "udp", sc));
        return out;
    }
}
