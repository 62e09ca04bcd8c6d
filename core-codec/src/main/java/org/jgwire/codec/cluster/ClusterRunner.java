package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ThreadLocalRandom;

import org.jgwire.codec.runtime.JGroupsVersion;

/**
 * Starts a real JGroups test cluster of any bundled version on loopback, captures its traffic on {@code lo}
 * and writes a {@link Manifest} of what the members did.
 *
 * <p>Each member is a child JVM running the node program of its API family ({@code <adapter jar>:<jgroups jar>}
 * from the distribution), bound to 127.0.0.1 with diagnostics off, on ports picked at run time. The capture
 * starts before the first member and stops after the last one left. Every child is killed on failure, at the
 * end, and when this JVM shuts down.
 */
public final class ClusterRunner {
    /** Time for the last packets (leave acks, FIN) to reach the capture after the last member exits. */
    private static final long SETTLE_MILLIS = 300;
    private static final int LOG_TAIL_LINES = 15;

    private ClusterRunner() {}

    /**
     * Runs {@code spec} to the end.
     *
     * @throws ClusterFailure when the cluster does not form or deliver in time, a member fails, multicast does not
     *                        work on {@code lo} (udp), or capture rights are missing; the message says which and
     *                        quotes the members' logs
     */
    public static ClusterRun run(ClusterSpec spec) throws IOException, InterruptedException {
        JGroupsVersion version = JGroupsVersion.parse(spec.jgroupsVersion());
        Stack stack = Stack.of(spec.stack());
        LoadScenario load = LoadScenario.parse(spec.scenario());
        if (load == null && !spec.scenario().equals("chat"))
            throw new IllegalArgumentException("unknown scenario '" + spec.scenario() + "' (known: chat, "
                    + LoadScenario.SYNTAX + ")");
        ApiFamily family = ApiFamily.of(version);
        Distribution dist = new Distribution(spec.jgwireHome());
        List<Path> nodeClassPath = List.of(dist.adapterJar(family), dist.coreCodecJar(),
                dist.jgroupsJar(spec.jgroupsVersion()));
        long start = System.nanoTime();
        long deadline = start + spec.timeout().toNanos();
        String startedAt = Instant.now().toString();

        int n = spec.nodes();
        int[] ports = FreePorts.pick(n + 1);
        int extraPort = ports[n]; // multicast port (udp) or GossipRouter port (tunnel)
        String cluster = "jgwire-" + stack.id() + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt());
        String mcastAddr = "239.255." + ThreadLocalRandom.current().nextInt(256) + "."
                + (1 + ThreadLocalRandom.current().nextInt(254));
        List<Integer> clusterPorts = clusterPorts(stack, ports);
        String filter = bpf(stack, clusterPorts);

        Map<String, String> tokens = new HashMap<>();
        StringJoiner hosts = new StringJoiner(",");
        for (int i = 0; i < n; i++) hosts.add("127.0.0.1[" + ports[i] + "]");
        tokens.put("INITIAL_HOSTS", hosts.toString());
        tokens.put("MCAST_ADDR", mcastAddr);
        tokens.put("MCAST_PORT", Integer.toString(extraPort));
        tokens.put("ROUTER_PORT", Integer.toString(extraPort));

        if (stack == Stack.UDP) LoopbackMulticast.check(mcastAddr, extraPort);
        Path work = Files.createTempDirectory("jgwire-cluster-");

        EventLog log = new EventLog();
        Cluster.NodeLauncher launcher = name -> {
            int index = name.charAt(0) - 'A';
            Map<String, String> own = new HashMap<>(tokens);
            own.put("BIND_PORT", Integer.toString(ports[index]));
            Path xml = work.resolve(name + ".xml");
            Files.writeString(xml, StackTemplate.render(stack, version, own), StandardCharsets.UTF_8);
            return ChildJvm.start(name, nodeClassPath, family.nodeMainClass(),
                    List.of(name, xml.toString(), cluster), Cluster.logFile(work, name), log);
        };
        Cluster members = new Cluster(log, deadline, launcher);
        ChildJvm router = null;
        LoopbackCapture capture = null;
        try {
            if (stack == Stack.TUNNEL) router = startRouter(dist, spec.jgroupsVersion(), version, extraPort, work, log,
                    deadline);
            if (spec.capture() != null) capture = LoopbackCapture.start(spec.capture(), filter,
                    load != null ? LoopbackCapture.LOAD_BUFFER_BYTES : LoopbackCapture.BUFFER_BYTES);
            long t0 = System.nanoTime();
            members.joinAll(n);
            long t1 = System.nanoTime();
            if (load != null) load.run(members);
            else ChatScenario.run(members);
            long t2 = System.nanoTime();
            members.leaveAll();
            long t3 = System.nanoTime();
            long packets = -1;
            long dropped = -1;
            if (capture != null) {
                Thread.sleep(SETTLE_MILLIS);
                LoopbackCapture c = capture;
                capture = null;
                long[] counts = c.stop();
                packets = counts[0];
                dropped = counts[1];
            }
            long end = System.nanoTime();
            Manifest manifest = ManifestBuilder.build(log.snapshot(), spec.jgroupsVersion(), stack.id(),
                    spec.scenario(), cluster, spec.capture() == null ? null : spec.capture().getFileName().toString(),
                    spec.capture() == null ? null : filter, clusterPorts, packets, dropped,
                    new Manifest.Timings(startedAt, ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(end - start)));
            Path manifestFile = spec.capture() != null ? Manifest.pathFor(spec.capture()) : work.resolve("manifest.json");
            manifest.write(manifestFile);
            if (spec.capture() == null) return new ClusterRun(manifest, manifestFile, null, work);
            deleteTree(work); // everything worth keeping is in the capture and the manifest beside it
            return new ClusterRun(manifest, manifestFile, spec.capture(), null);
        } catch (ClusterFailure | RuntimeException e) {
            String where = " [JGroups " + spec.jgroupsVersion() + ", stack " + stack.id() + ", work dir " + work + "]";
            String tails = members.logTails(LOG_TAIL_LINES) + (router == null ? ""
                    : "\n--- router (" + router.log + ") ---\n" + router.logTail(LOG_TAIL_LINES));
            throw new ClusterFailure(e.getMessage() + where + tails, e);
        } finally {
            members.killAll();
            if (router != null) router.kill();
            if (capture != null) {
                try {
                    capture.stop();
                } catch (ClusterFailure ignored) {
                    // the run failed already; that failure is the one to report
                }
            }
        }
    }

    /** The ports the capture filters on: the members' ports plus the multicast or router port. */
    private static List<Integer> clusterPorts(Stack stack, int[] ports) {
        List<Integer> out = new ArrayList<>();
        if (stack != Stack.TUNNEL) for (int i = 0; i < ports.length - 1; i++) out.add(ports[i]);
        out.add(ports[ports.length - 1]);
        return List.copyOf(out);
    }

    static String bpf(Stack stack, List<Integer> ports) {
        StringJoiner j = new StringJoiner(" or ", (stack == Stack.UDP ? "udp" : "tcp") + " and (", ")");
        for (int p : ports) j.add("port " + p);
        return j.toString();
    }

    /** A GossipRouter in its own JVM on 127.0.0.1; ready when its port listens. */
    private static ChildJvm startRouter(Distribution dist, String versionText, JGroupsVersion version, int port,
                                        Path work, EventLog log, long deadline) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("-port", Integer.toString(port), "-bind_addr", "127.0.0.1"));
        // 5.2 gave the GossipRouter a DiagnosticsHandler (enabled by default), like TP's diag component
        if (StackTemplate.hasDiagComponent(version)) args.addAll(List.of("-diag_enabled", "false"));
        // the router prints to stdout: only its exit matters here
        ChildJvm router = ChildJvm.start("router", List.of(dist.jgroupsJar(versionText)),
                "org.jgroups.stack.GossipRouter", args, work.resolve("router.log"), e -> {
                    if (e.event().equals("exited")) log.accept(e);
                });
        while (!Listening.on(port)) {
            if (!router.isAlive())
                throw new ClusterFailure("the GossipRouter exited at start:\n" + router.logTail(LOG_TAIL_LINES));
            if (System.nanoTime() > deadline) {
                router.kill();
                throw new ClusterFailure("the GossipRouter did not listen on 127.0.0.1:" + port + " in time");
            }
            Thread.sleep(50);
        }
        return router;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }

    private static long ms(long nanos) {
        return nanos / 1_000_000;
    }
}
