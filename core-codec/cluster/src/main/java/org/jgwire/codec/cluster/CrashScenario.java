package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The {@code crash} scenario: the last member is killed (SIGKILL: no leave request, no graceful close) once the
 * view formed. Failure detection with short timeouts ({@link #FAST_FAILURE_DETECTION}) suspects it, VERIFY_SUSPECT
 * checks, and the coordinator installs a view without it, which every survivor must install. The manifest records
 * the crash as step {@code crash} with its time.
 */
final class CrashScenario implements Scenario {
    static final String NAME = "crash";
    /** Heartbeats every second, suspicion after 3 s without one, 1 s to verify: a new view within ~6 s. */
    static final Map<String, String> FAST_FAILURE_DETECTION =
            Map.of("FD_TIMEOUT", "3000", "FD_INTERVAL", "1000", "VERIFY_TIMEOUT", "1000");

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
        return FAST_FAILURE_DETECTION;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> names = cluster.names();
        String victim = names.get(names.size() - 1);
        cluster.crash(victim);
        cluster.awaitViews(List.of(cluster.names()), victim + " crash");
    }
}
