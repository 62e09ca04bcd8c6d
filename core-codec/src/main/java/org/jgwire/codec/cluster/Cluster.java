package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The running members of one test cluster, for a scenario to drive: join them one by one, send commands, wait
 * for what they report, and let them leave one by one with the coordinator (the first member) last.
 */
final class Cluster {
    final EventLog log;
    final long deadlineNanos;
    private final NodeLauncher launcher;
    private final Map<String, ChildJvm> members = new LinkedHashMap<>();

    Cluster(EventLog log, long deadlineNanos, NodeLauncher launcher) {
        this.log = log;
        this.deadlineNanos = deadlineNanos;
        this.launcher = launcher;
    }

    /** Launches one member's JVM (class path, config, cluster name are the launcher's business). */
    interface NodeLauncher {
        ChildJvm launch(String name) throws IOException;
    }

    List<String> names() {
        return List.copyOf(members.keySet());
    }

    ChildJvm member(String name) {
        return members.get(name);
    }

    /** Starts the members one at a time; each must be started and seen in every started member's view. */
    void joinAll(int count) throws IOException, InterruptedException {
        for (int i = 0; i < count; i++) {
            String name = ClusterSpec.memberName(i);
            members.put(name, launcher.launch(name));
            List<String> expected = List.copyOf(members.keySet());
            log.await(name + " to join (every member's view " + expected + ")", deadlineNanos, events -> {
                if (EventLog.of(events, name, "started").isEmpty()) return null;
                for (String m : expected) if (!EventLog.lastView(events, m).equals(expected)) return null;
                return Boolean.TRUE;
            });
        }
    }

    /** The members leave one by one, the coordinator last; the others must see each leave in a new view. */
    void leaveAll() throws IOException, InterruptedException {
        List<String> remaining = new ArrayList<>(members.keySet());
        while (!remaining.isEmpty()) {
            String name = remaining.remove(remaining.size() - 1);
            ChildJvm child = members.get(name);
            log.expectExit(name);
            child.command("leave");
            log.await(name + " to leave", deadlineNanos,
                    events -> EventLog.of(events, name, "left").isEmpty() ? null : Boolean.TRUE);
            long left = (deadlineNanos - System.nanoTime()) / 1_000_000;
            if (!child.awaitExit(left)) throw new ClusterFailure(name + " did not exit after leaving");
            List<String> expected = List.copyOf(remaining);
            if (!expected.isEmpty())
                log.await(expected + " to see " + name + " leave", deadlineNanos, events -> {
                    for (String m : expected) if (!EventLog.lastView(events, m).equals(expected)) return null;
                    return Boolean.TRUE;
                });
        }
    }

    void killAll() {
        members.values().forEach(ChildJvm::kill);
    }

    /** The last lines of every member's stderr, for a failure report. */
    String logTails(int lines) {
        StringBuilder b = new StringBuilder();
        for (ChildJvm c : members.values())
            b.append("\n--- ").append(c.name).append(" (").append(c.log).append(") ---\n").append(c.logTail(lines));
        return b.toString();
    }

    static Path logFile(Path workDir, String name) {
        return workDir.resolve(name + ".log");
    }
}
