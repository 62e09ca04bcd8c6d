package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code pause} scenario: the last member's JVM is frozen (SIGSTOP) once the view formed, as a long garbage
 * collection or a frozen VM freezes it: it sends nothing, heartbeats included, while its sockets stay open. Failure
 * detection with short timeouts ({@link CrashScenario#FAST_FAILURE_DETECTION}) makes the others install a view
 * without it; then the runner resumes it (SIGCONT), and MERGE3 (short intervals) brings it back in a merge view.
 * The manifest records steps {@code pause} and {@code resume} (members: the frozen one).
 */
final class PauseScenario implements Scenario {
    static final String NAME = "pause";

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
        t.put("MERGE_MIN", "1000");
        t.put("MERGE_MAX", "3000");
        return t;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> all = cluster.names();
        String frozen = all.get(all.size() - 1);
        cluster.signal(frozen, "pause", "STOP");
        cluster.awaitViews(List.of(all.subList(0, all.size() - 1)), frozen + " frozen");
        cluster.signal(frozen, "resume", "CONT");
        cluster.awaitViews(List.of(all), frozen + " resumed and merged back");
    }
}
