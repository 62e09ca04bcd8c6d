package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterStepTest {
    /**
     * Seen in CI: the runner split the cluster in the millisecond it read C's full view, and the manifest, which
     * counts whole milliseconds, put that view after the split. A step's millisecond is its own.
     */
    @Test
    void eventsReadJustBeforeOrAfterAStepFallInOtherMillisecondsOfTheManifest() {
        EventLog log = new EventLog();
        long start = System.nanoTime();
        Cluster cluster = new Cluster(log, start, start + 60_000_000_000L, "test", "5.5.7", (name, port, outsider) -> {
            throw new AssertionError("no member is launched here");
        });
        for (int i = 0; i < 100; i++) {
            log.accept(new NodeEvent("C", "view", Map.of(), System.nanoTime()));
            cluster.step("partition", List.of(), List.of(List.of("A", "B"), List.of("C")));
            log.accept(new NodeEvent("C", "view", Map.of(), System.nanoTime()));
        }
        List<NodeEvent> events = log.snapshot();
        for (int i = 0; i < events.size(); i += 3) {
            long before = millis(events.get(i), start), step = millis(events.get(i + 1), start);
            long after = millis(events.get(i + 2), start);
            assertTrue(before < step && step < after, "ms " + before + ", step at " + step + ", then " + after);
        }
    }

    private static long millis(NodeEvent e, long start) {
        return (e.atNanos() - start) / 1_000_000;
    }
}
