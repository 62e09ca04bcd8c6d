package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * The {@code large} scenario: messages far bigger than the stack's {@code frag_size} (60K), so that the
 * fragmentation protocol cuts them: the first member multicasts {@value #SMALL} and {@value #BIG} bytes, the
 * second sends {@value #SMALL} bytes to the first. Each payload is a {@code LargePayload} (a head naming sender,
 * number and size, then a-z repeated); sender and receivers report its size and SHA-256, and the runner waits
 * until every addressee got every message with the hash it was sent with.
 *
 * <p>Spelled {@code large} (the stack's FRAG: FRAG2 before 5.0, FRAG4 since), or {@code large:frag2},
 * {@code large:frag3} (4.0+), {@code large:frag4} (5.0+) to choose the protocol for this run.
 */
final class LargeScenario implements Scenario {
    static final String NAME = "large";
    static final String SYNTAX = "large[:frag2|frag3|frag4]";
    static final int SMALL = 100_000;
    static final int BIG = 200_000;
    private static final JGroupsVersion FRAG3_SINCE = JGroupsVersion.of(4, 0, 0);
    private static final JGroupsVersion FRAG4_SINCE = JGroupsVersion.of(5, 0, 0);

    private final String frag;

    /** @param frag FRAG2, FRAG3 or FRAG4, or null for the stack's own */
    private LargeScenario(String frag) {
        this.frag = frag;
    }

    static LargeScenario parse(String spec) {
        if (spec.equals(NAME)) return new LargeScenario(null);
        String frag = spec.substring(NAME.length() + 1);
        if (!List.of("frag2", "frag3", "frag4").contains(frag))
            throw new IllegalArgumentException("scenario '" + spec + "': expected " + SYNTAX);
        return new LargeScenario(frag.toUpperCase(Locale.ROOT));
    }

    @Override
    public String name() {
        return frag == null ? NAME : NAME + ":" + frag.toLowerCase(Locale.ROOT);
    }

    /** Refuses a FRAG protocol the version does not have. */
    void checkVersion(JGroupsVersion v) {
        if ("FRAG3".equals(frag) && v.compareTo(FRAG3_SINCE) < 0
                || "FRAG4".equals(frag) && v.compareTo(FRAG4_SINCE) < 0)
            throw new IllegalArgumentException("JGroups " + v + " has no " + frag + " (FRAG3 since 4.0, FRAG4 since"
                    + " 5.0; FRAG2 is in every version)");
    }

    @Override
    public Map<String, String> stackTokens() {
        return frag == null ? Map.of() : Map.of("FRAG", frag);
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> names = cluster.names();
        String first = names.get(0);
        Set<String> expected = new HashSet<>();
        cluster.member(first).command("large * 1 " + SMALL);
        cluster.member(first).command("large * 2 " + BIG);
        for (String r : names) {
            expected.add(r + " " + first + "#1");
            expected.add(r + " " + first + "#2");
        }
        int sends = 2;
        if (names.size() > 1) {
            String second = names.get(1);
            cluster.member(second).command("large " + first + " 3 " + SMALL);
            expected.add(first + " " + second + "#3");
            sends++;
        }
        int total = sends;
        cluster.log.await(
                total + " large messages to be sent",
                cluster.deadlineNanos,
                events -> EventLog.of(events, null, "large-sent").size() >= total ? Boolean.TRUE : null);
        cluster.log.await(expected.size() + " large deliveries", cluster.deadlineNanos, events -> {
            Set<String> missing = new HashSet<>(expected);
            for (NodeEvent e : EventLog.of(events, null, "large-received")) {
                String head = e.text("head"); // large A#1 150000
                String[] w = head.split(" ");
                missing.remove(e.node() + " " + w[1]);
            }
            return missing.isEmpty() ? Boolean.TRUE : null;
        });
        for (NodeEvent r : EventLog.of(cluster.log.snapshot(), null, "large-received")) {
            boolean matches = false;
            for (NodeEvent s : EventLog.of(cluster.log.snapshot(), null, "large-sent"))
                matches |= s.text("head").equals(r.text("head"))
                        && s.text("sha256").equals(r.text("sha256"));
            if (!matches)
                throw new ClusterFailure(r.node() + " received '" + r.text("head") + "' with SHA-256 "
                        + r.text("sha256") + ", which no member sent");
        }
    }
}
