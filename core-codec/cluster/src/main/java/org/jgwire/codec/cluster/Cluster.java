package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * The running members of one test cluster, for a scenario to drive: join them one by one, send commands, wait
 * for what they report, crash or stop one, and let them leave one by one with the coordinator (the first member)
 * last. What the runner itself does to the cluster (a crash, a partition) goes into the event log as a
 * {@code step} event of the pseudo-node {@value #RUNNER}, so the manifest can say when it happened.
 */
final class Cluster {
    /** The node name of the runner's own events. */
    static final String RUNNER = "runner";

    /** How much of a hanging member's JGroups threads a leave timeout shows. */
    private static final int LEAVE_STACK_LINES = 60;

    final EventLog log;
    final long deadlineNanos;
    /** When the run started ({@link System#nanoTime()}): {@code atMillis} values count from here. */
    final long startNanos;

    private final NodeLauncher launcher;
    private final Map<String, ChildJvm> members = new LinkedHashMap<>();
    private final Map<String, Integer> portIndex = new LinkedHashMap<>();
    /** The members' own namespaces and their bridge ({@code --netns-per-member}); null on one loopback. */
    private HostNetwork network;

    /** The site of each member (stack relay2); null: one site, every member sees every other. */
    private Function<String, String> sites;

    /** The run's cluster name and JGroups version ({@code 5.5.7}), for a scenario that starts an outsider. */
    private final String clusterName, versionText;

    Cluster(
            EventLog log,
            long startNanos,
            long deadlineNanos,
            String clusterName,
            String versionText,
            NodeLauncher launcher) {
        this.log = log;
        this.clusterName = clusterName;
        this.versionText = versionText;
        this.startNanos = startNanos;
        this.deadlineNanos = deadlineNanos;
        this.launcher = launcher;
    }

    /** Launches one member's JVM (class path, config, cluster name are the launcher's business). */
    interface NodeLauncher {
        /**
         * @param port     which of the run's member ports (0-based) the member binds
         * @param outsider null for a member of the run's cluster, else what makes it an outsider
         */
        ChildJvm launch(String name, int port, Outsider outsider) throws IOException;
    }

    /**
     * A member that is not of the run's cluster, started on its multicast group: another cluster name, or another
     * JGroups version (the run's when null), or one that receives nothing ({@code deaf}: DISCARD drops all that
     * arrives, as a host firewall dropping incoming traffic does), so that it never joins.
     */
    record Outsider(String cluster, String version, boolean deaf) {}

    /** The outsiders running, by name: no view of the run's cluster holds them. */
    private final Map<String, ChildJvm> outsiders = new LinkedHashMap<>();

    // --- what the members run in: sites, their own network ---

    /** Splits the members into sites (RELAY2): each member's views hold its own site's members only. */
    void sites(Function<String, String> siteOf) {
        this.sites = siteOf;
    }

    /** Gives the cluster the network its members run in, each in a namespace of its own. */
    void network(HostNetwork net) {
        this.network = net;
    }

    /**
     * Cuts the network between two groups of members with firewall rules in their namespaces (step {@code
     * partition} with the groups): everything between the groups is dropped, inside each group nothing.
     */
    void firewallCut(List<String> left, List<String> right) throws IOException, InterruptedException {
        HostNetwork net = hostNetwork();
        step("partition", List.of(), List.of(left, right));
        net.cut(
                left.stream().map(this::portIndexOf).toList(),
                right.stream().map(this::portIndexOf).toList());
    }

    /** Removes the firewall rules (step {@code heal}). */
    void firewallHeal() throws IOException, InterruptedException {
        HostNetwork net = hostNetwork();
        step("heal", List.of(), List.of());
        net.heal();
    }

    private HostNetwork hostNetwork() {
        if (network == null)
            throw new IllegalStateException("firewall rules need each member in a namespace of its own");
        return network;
    }

    /** The member's site, or null without sites. */
    String siteOf(String name) {
        return sites == null ? null : sites.apply(name);
    }

    /** The live members of each site (one group without sites), each in join order. */
    List<List<String>> siteGroups() {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (String n : members.keySet())
            groups.computeIfAbsent(String.valueOf(siteOf(n)), k -> new ArrayList<>())
                    .add(n);
        return List.copyOf(groups.values());
    }

    // --- the members: who they are, joining, leaving, faults ---

    String clusterName() {
        return clusterName;
    }

    String versionText() {
        return versionText;
    }

    /** The live members in join order. */
    List<String> names() {
        return List.copyOf(members.keySet());
    }

    ChildJvm member(String name) {
        return members.get(name);
    }

    /** Which of the run's member ports {@code name} was given. */
    int portIndexOf(String name) {
        return portIndex.get(name);
    }

    /** Starts the members one at a time; each must be started and seen in every started member's view. */
    void joinAll(int count) throws IOException, InterruptedException {
        for (int i = 0; i < count; i++) join(ClusterSpec.memberName(i), i);
    }

    /** Starts one member on member port {@code port}; returns once every live member's view is all live members. */
    void join(String name, int port) throws IOException, InterruptedException {
        members.put(name, launcher.launch(name, port, null));
        portIndex.put(name, port);
        List<List<String>> groups = siteGroups();
        log.await(name + " to join (every member's view " + groups + ")", deadlineNanos, events -> {
            if (EventLog.of(events, name, "started").isEmpty()) return null;
            for (List<String> expected : groups)
                for (String m : expected) {
                    // any order: when discovery misses the coordinator under load, MERGE3 joins the two clusters
                    // and may make the newcomer the coordinator ([B, A])
                    List<String> last = EventLog.lastView(events, m);
                    if (last.size() != expected.size() || !last.containsAll(expected)) return null;
                }
            return Boolean.TRUE;
        });
    }

    /**
     * Starts an outsider on member port {@code port} (one a member left free); returns once it is in a view of its
     * own, alone: the run's members do not take it in.
     */
    void startOutsider(String name, int port, Outsider outsider) throws IOException, InterruptedException {
        outsiders.put(name, launcher.launch(name, port, outsider));
        log.await(name + " to start in a view of its own", deadlineNanos, events -> {
            if (EventLog.of(events, name, "started").isEmpty()) return null;
            return EventLog.lastView(events, name).equals(List.of(name)) ? Boolean.TRUE : null;
        });
    }

    ChildJvm outsider(String name) {
        return outsiders.get(name);
    }

    /** The outsider leaves (its own cluster) and exits. */
    void stopOutsider(String name) throws IOException, InterruptedException {
        ChildJvm child = outsiders.get(name);
        log.expectExit(name);
        child.command("leave");
        log.await(
                name + " to leave",
                deadlineNanos,
                events -> EventLog.of(events, name, "left").isEmpty() ? null : Boolean.TRUE);
        if (!child.awaitExit((deadlineNanos - System.nanoTime()) / 1_000_000))
            throw new ClusterFailure(name + " did not exit after leaving");
        outsiders.remove(name);
    }

    /** The members leave one by one, the coordinator last; the others must see each leave in a new view. */
    void leaveAll() throws IOException, InterruptedException {
        for (String o : List.copyOf(outsiders.keySet())) stopOutsider(o);
        List<String> remaining = names();
        for (int i = remaining.size() - 1; i >= 0; i--) leave(remaining.get(i));
    }

    /** {@code name} leaves gracefully and exits; the others must see it go in a new view. */
    void leave(String name) throws IOException, InterruptedException {
        ChildJvm child = members.get(name);
        log.expectExit(name);
        child.command("leave");
        try {
            log.await(
                    name + " to leave",
                    deadlineNanos,
                    events -> EventLog.of(events, name, "left").isEmpty() ? null : Boolean.TRUE);
        } catch (ClusterFailure e) {
            // a leave that never ends hangs inside JGroups: say where
            throw new ClusterFailure(e.getMessage() + "\n--- " + name + "'s threads in JGroups ---\n"
                    + child.jgroupsThreads(LEAVE_STACK_LINES));
        }
        long left = (deadlineNanos - System.nanoTime()) / 1_000_000;
        if (!child.awaitExit(left)) throw new ClusterFailure(name + " did not exit after leaving");
        members.remove(name);
        awaitViews(siteGroups(), name + " leave");
    }

    /** Sends {@code name}'s JVM the signal ({@code STOP}, {@code CONT}), recorded as step {@code action}. */
    void signal(String name, String action, String signal) throws IOException, InterruptedException {
        step(action, List.of(name), List.of());
        members.get(name).signal(signal);
    }

    /** Kills {@code name} at once (SIGKILL: no leave, no FIN from JGroups), recorded as step {@code crash}. */
    void crash(String name) {
        log.expectExit(name);
        step("crash", List.of(name), List.of());
        members.remove(name).kill();
    }

    /**
     * Waits until each live member's last view holds exactly the members of its group, in any order (a merge or
     * a suspicion decides the order, not the runner).
     */
    void awaitViews(List<List<String>> groups, String what) throws ClusterFailure, InterruptedException {
        Map<String, Set<String>> want = new LinkedHashMap<>();
        for (List<String> g : groups) for (String m : g) want.put(m, new HashSet<>(g));
        log.await(groups + " to see " + what, deadlineNanos, events -> {
            for (Map.Entry<String, Set<String>> w : want.entrySet()) {
                List<String> last = EventLog.lastView(events, w.getKey());
                if (last.size() != w.getValue().size() || !w.getValue().containsAll(last)) return null;
            }
            return Boolean.TRUE;
        });
    }

    /** Records something the runner did to the cluster now: {@code action} on {@code members} or {@code groups}. */
    void step(String action, List<String> members, List<List<String>> groups) {
        List<String> joined = new ArrayList<>();
        for (List<String> g : groups) joined.add(String.join(",", g));
        // The manifest counts whole milliseconds, and a step often follows at once the event that ended a wait:
        // a step gets a millisecond of its own, so an event the manifest puts at or after it happened after it.
        waitOneMillisecond();
        log.accept(new NodeEvent(
                RUNNER,
                "step",
                Map.of("action", action, "members", List.copyOf(members), "groups", List.copyOf(joined)),
                System.nanoTime()));
        waitOneMillisecond();
    }

    private static void waitOneMillisecond() {
        long until = System.nanoTime() + 1_000_000;
        while (System.nanoTime() < until) LockSupport.parkNanos(until - System.nanoTime());
    }

    /** Sends one command to every member in {@code names}. */
    void commandAll(List<String> names, String command) throws IOException {
        for (String n : names) members.get(n).command(command);
    }

    void killAll() {
        members.values().forEach(ChildJvm::kill);
        outsiders.values().forEach(ChildJvm::kill);
    }

    /** The last lines of every member's stderr, for a failure report. */
    String logTails(int lines) {
        StringBuilder b = new StringBuilder();
        List<ChildJvm> all = new ArrayList<>(members.values());
        all.addAll(outsiders.values());
        for (ChildJvm c : all)
            b.append("\n--- ")
                    .append(c.name)
                    .append(" (")
                    .append(c.log)
                    .append(") ---\n")
                    .append(c.logTail(lines));
        return b.toString();
    }

    static Path logFile(Path workDir, String name) {
        return workDir.resolve(name + ".log");
    }
}
