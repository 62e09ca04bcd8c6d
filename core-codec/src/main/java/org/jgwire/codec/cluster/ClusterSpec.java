package org.jgwire.codec.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * What test cluster to run.
 *
 * @param jgroupsVersion a JGroups version bundled in the distribution, e.g. {@code "5.5.7"}
 * @param stack          {@code udp}, {@code tcp} or {@code tunnel} (see {@link Stack})
 * @param nodes          number of members (1 to {@link #MAX_NODES}), named A, B, C, ...
 * @param scenario       what the members do: {@code chat}, or {@code load[:MESSAGES[:SIZE]]} (see
 *                       {@code LoadScenario})
 * @param capture        the pcap file to write; the manifest goes beside it with {@code .json} instead of
 *                       {@code .pcap}. Null: no capture, the manifest goes to the run's work directory.
 * @param jgwireHome     the distribution ({@code cli/target/jgwire}) holding {@code adapters/} and {@code jgroups/}
 * @param timeout        the whole run must finish within this; every child is killed when it does not
 */
public record ClusterSpec(String jgroupsVersion, String stack, int nodes, String scenario, Path capture,
                          Path jgwireHome, Duration timeout) {
    /** Members are named by letters; 26 is more than a loopback test needs. */
    public static final int MAX_NODES = 26;

    public ClusterSpec {
        Objects.requireNonNull(jgroupsVersion, "jgroupsVersion");
        Objects.requireNonNull(stack, "stack");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(jgwireHome, "jgwireHome");
        Objects.requireNonNull(timeout, "timeout");
        if (nodes < 1 || nodes > MAX_NODES)
            throw new IllegalArgumentException("nodes (" + nodes + ") must be 1 to " + MAX_NODES);
        if (timeout.isNegative() || timeout.isZero())
            throw new IllegalArgumentException("timeout (" + timeout + ") must be positive");
    }

    /** The name of member {@code index} (0-based): A, B, C, ... */
    public static String memberName(int index) {
        return String.valueOf((char) ('A' + index));
    }
}
