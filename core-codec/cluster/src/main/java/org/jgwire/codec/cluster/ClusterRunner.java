package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jgwire.codec.model.ApiFamily;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.UserJarVersion;

/**
 * Starts a real JGroups test cluster of any bundled version (or a user's jar) on loopback, captures its traffic on
 * {@code lo}, runs a {@link Scenario} and writes a {@link Manifest} of what the members did.
 *
 * <p>Each member is a child JVM running the node program of its API family (the family's node jar, this module's
 * jar and the JGroups jar, from the distribution), bound to 127.0.0.1 with diagnostics off, on ports picked at run
 * time. The capture starts before the first member and stops after the last one left. Every child is killed on
 * failure, at the end, and when this JVM shuts down (Ctrl-C). Members whose SSL_KEY_EXCHANGE hard-codes TLSv1
 * (4.0, 4.1) run with TLSv1 allowed again, and only they ({@link TlsV1Override}).
 *
 * <p>The steps of one run (namespace, router, capture, members, scenario, manifest) share the children that must all be
 * stopped whichever step fails.
 */
public final class ClusterRunner {
    /** Time for the last packets (leave acks, FIN) to reach the capture after the last member exits. */
    private static final long SETTLE_MILLIS = 300;

    private static final int LOG_TAIL_LINES = 15;
    private static final Pattern PROTOCOL = Pattern.compile("^\\s*<([A-Za-z0-9_.]+)", Pattern.MULTILINE);

    private ClusterRunner() {}

    // --- a run: the spec checked ---

    /**
     * Runs {@code spec} to the end.
     *
     * @throws IllegalArgumentException for a bad spec (unknown stack or scenario, too few members for the scenario,
     *                                  a version that cannot be loaded), before any JVM starts
     * @throws ClusterFailure when the cluster does not form or deliver in time, a member fails, a port is taken,
     *                        or multicast does not work on {@code lo} (udp); the message says which and quotes the
     *                        members' logs. Missing capture rights do not fail the run: see
     *                        {@link ClusterRun#captureProblem()}.
     */
    public static ClusterRun run(ClusterSpec spec) throws IOException, InterruptedException {
        Consumer<String> progress = spec.progress() != null ? spec.progress() : line -> {};
        Scenario scenario = Scenarios.parse(spec.scenario(), spec.duration());
        if (spec.nodes() < scenario.minNodes())
            throw new IllegalArgumentException("scenario " + scenario.name() + " needs at least " + scenario.minNodes()
                    + " members, got --nodes " + spec.nodes());
        if (scenario instanceof LeaveJoinScenario && spec.nodes() >= ClusterSpec.MAX_NODES)
            throw new IllegalArgumentException(
                    "scenario leave-join starts one more member: --nodes must be below " + ClusterSpec.MAX_NODES);
        if (scenario.needsNetnsPerMember() && !spec.netnsPerMember())
            throw new IllegalArgumentException("scenario " + scenario.name()
                    + " runs each member in a network namespace of its own: add --netns-per-member");
        if (spec.netnsPerMember() && !PER_MEMBER_STACKS.contains(spec.stack()))
            throw new IllegalArgumentException("--netns-per-member runs the stock stacks "
                    + String.join(", ", PER_MEMBER_STACKS) + ", not " + spec.stack());
        Distribution dist = new Distribution(spec.jgwireHome());
        Path jar = spec.jgroupsJar() != null ? spec.jgroupsJar() : dist.jgroupsJar(spec.jgroupsVersion());
        JGroupsVersion version = spec.jgroupsJar() != null
                ? UserJarVersion.read(spec.jgroupsJar())
                : JGroupsVersion.parse(spec.jgroupsVersion());
        String versionText = spec.jgroupsVersion() != null ? spec.jgroupsVersion() : version.toString();
        if (scenario instanceof LargeScenario large) large.checkVersion(version);
        ApiFamily family = NodePrograms.familyOf(version);
        UserStack user = UserStack.isFile(spec.stack()) ? UserStack.read(spec.stack(), jar) : null;
        StackPlan plan = user != null ? StackPlan.user(user) : StackPlan.stock(Stack.of(spec.stack()));
        if (user != null) user.checkPorts(spec.nodes());
        long start = System.nanoTime();
        long deadline = start + spec.timeout().toNanos();
        String startedAt = Instant.now().toString();

        int n = spec.nodes();
        boolean relay = plan.id().equals(Stack.RELAY2.id());
        if (relay && (n < 2 || !(scenario instanceof ChatScenario || scenario instanceof LoadScenario)))
            throw new IllegalArgumentException("stack relay2 runs the chat and load scenarios with at least 2 members"
                    + " (one site each), got scenario " + scenario.name() + " with --nodes " + n);
        // members' ports, the multicast/router port, and (relay2) the two site masters' bridge ports
        int[] ports = FreePorts.pick(n + (relay ? 3 : 1));
        int extraPort = ports[n]; // multicast port (udp) or GossipRouter port (tunnel)
        String cluster = "jgwire-" + plan.id() + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt());
        String mcastAddr = "239.255." + ThreadLocalRandom.current().nextInt(256) + "."
                + (1 + ThreadLocalRandom.current().nextInt(254));
        List<Integer> clusterPorts = new ArrayList<>(plan.capturePorts(ports, n));
        if (relay) {
            clusterPorts.remove(Integer.valueOf(extraPort)); // no multicast, no router
            clusterPorts.addAll(List.of(ports[n + 1], ports[n + 2]));
            clusterPorts = List.copyOf(clusterPorts);
        }
        String filter = plan.filter(clusterPorts);
        if (plan.udp()) filter = "(" + filter + ") or (" + icmpBounces(clusterPorts) + ")";
        List<Integer> sidePorts = plan.sidePorts(ports, n);
        if (!sidePorts.isEmpty()) filter = "(" + filter + ") or (" + bpf(false, sidePorts) + ")";
        // between namespaces the MTU is 1500: a datagram above it is split, and only its first fragment has the ports
        // the filter looks for; the rest are taken whole, as nothing but the run's members sends there
        if (plan.udp() && spec.netnsPerMember()) filter = "(" + filter + ") or (" + LATER_FRAGMENTS + ")";

        Map<String, String> tokens = new HashMap<>(scenario.stackTokens());
        if (!spec.linkLosses().isEmpty()) {
            // a discovery response lost on a lossy link makes the joiner a cluster of its own: merge in seconds, as
            // the partition scenarios do, rather than after MERGE3's default 10 to 30 s
            tokens.putIfAbsent("MERGE_MIN", "1000");
            tokens.putIfAbsent("MERGE_MAX", "3000");
        }
        StringJoiner hosts = new StringJoiner(",");
        for (int i = 0; i < n; i++)
            hosts.add((spec.netnsPerMember() ? HostNetwork.address(i) : "127.0.0.1") + "[" + ports[i] + "]");
        tokens.put("INITIAL_HOSTS", hosts.toString());
        tokens.put("MCAST_ADDR", mcastAddr);
        tokens.put("MCAST_PORT", Integer.toString(extraPort));
        tokens.put("ROUTER_PORT", Integer.toString(extraPort));
        if (spec.diagnostics()) tokens.put(StackTemplate.DIAGNOSTICS, "on");

        // try-with-resources skips a null resource: no namespace, nothing to delete
        try (NetworkNamespace ns = spec.netns() ? NetworkNamespace.create() : null;
                HostNetwork hostNetwork = spec.netnsPerMember() ? HostNetwork.create() : null) {
            return run(
                    new Prepared(
                            spec,
                            progress,
                            scenario,
                            version,
                            versionText,
                            family,
                            plan,
                            jar,
                            dist,
                            ports,
                            mcastAddr,
                            cluster,
                            clusterPorts,
                            filter,
                            tokens,
                            start,
                            deadline,
                            startedAt,
                            relay),
                    ns,
                    hostNetwork);
        }
    }

    /** What {@link #run(ClusterSpec)} worked out from the spec before anything starts. */
    private record Prepared(
            ClusterSpec spec,
            Consumer<String> progress,
            Scenario scenario,
            JGroupsVersion version,
            String versionText,
            ApiFamily family,
            StackPlan plan,
            Path jar,
            Distribution dist,
            int[] ports,
            String mcastAddr,
            String cluster,
            List<Integer> clusterPorts,
            String filter,
            Map<String, String> tokens,
            long start,
            long deadline,
            String startedAt,
            boolean relay) {}

    // --- the run's steps ---

    /** The run proper, once the spec is checked and the namespace or the members' network (if asked for) exist. */
    private static ClusterRun run(Prepared p, NetworkNamespace ns, HostNetwork hostNetwork)
            throws IOException, InterruptedException {
        ClusterSpec spec = p.spec();
        Consumer<String> progress = p.progress();
        Scenario scenario = p.scenario();
        JGroupsVersion version = p.version();
        String versionText = p.versionText();
        StackPlan plan = p.plan();
        Distribution dist = p.dist();
        int[] ports = p.ports();
        String cluster = p.cluster();
        String filter = p.filter();
        Map<String, String> tokens = p.tokens();
        long start = p.start();
        long deadline = p.deadline();
        boolean relay = p.relay();
        int n = spec.nodes();
        int extraPort = ports[n];
        List<String> prefix = ns == null ? List.of() : ns.prefix();
        if (ns != null) progress.accept("network namespace " + ns.name + " (lo up, multicast on)");
        if (hostNetwork != null)
            progress.accept("members in network namespaces of their own at " + HostNetwork.SUBNET + ".1.." + n
                    + ", bridged in " + hostNetwork.bridge.name);
        ApiFamily family = p.family();
        Path jar = p.jar();
        List<Integer> clusterPorts = p.clusterPorts();
        List<Path> nodeClassPath = List.of(dist.nodeJar(family), dist.clusterJar(), jar);
        MemberCaptures memberCaptures = null;
        if (spec.capturePerMember() != null) {
            Files.createDirectories(spec.capturePerMember());
            memberCaptures = new MemberCaptures(
                    spec.capturePerMember(),
                    hostNetwork,
                    dist.libJars(),
                    filter,
                    scenario.captureBufferBytes(),
                    progress);
        }
        MemberCaptures hostCaptures = memberCaptures; // the launcher's, final
        if (plan.udp() && ns == null && hostNetwork == null) LoopbackMulticast.check(p.mcastAddr(), extraPort);
        Path work = Files.createTempDirectory("jgwire-cluster-");
        int lonSize = (n + 1) / 2;
        if (relay)
            tokens.put(
                    "RELAY_CONFIG",
                    RelayConfig.write(work, version, tokens, ports[n + 1], ports[n + 2])
                            .toString());
        if (plan.needsKeystore() && spec.keystore() != null) {
            ClusterSpec.SuppliedKeystore k = spec.keystore();
            tokens.put("KEYSTORE", k.file().toAbsolutePath().toString());
            tokens.put("KEYSTORE_PASSWORD", k.password());
            tokens.put("KEY_ALIAS", k.alias());
            tokens.put("KEYSTORE_TYPE", k.type());
        } else if (plan.needsKeystore()) {
            String password = Keystores.password();
            tokens.put(
                    "KEYSTORE",
                    Keystores.symmetric(work.resolve("sym.jceks"), LoopbackRewrites.KEY_ALIAS, password)
                            .toString());
            tokens.put("KEYSTORE_PASSWORD", password);
            tokens.put("KEY_ALIAS", LoopbackRewrites.KEY_ALIAS);
            tokens.put("KEYSTORE_TYPE", "JCEKS");
        }
        if (plan.needsKeystore())
            // SSL_KEY_EXCHANGE's TLS key and X509Token's certificate, under the store password of the run
            tokens.put(
                    "RSA_KEYSTORE",
                    Keystores.rsa(work.resolve("rsa.p12"), LoopbackRewrites.KEY_ALIAS, tokens.get("KEYSTORE_PASSWORD"))
                            .toString());

        EventLog log = new EventLog();
        Consumer<NodeEvent> events = e -> {
            log.accept(e);
            String line = ProgressLines.describe(e);
            if (line != null) progress.accept(line);
        };
        List<String> protocols = new ArrayList<>();
        List<String> memberOptions = new ArrayList<>(); // decided once, from the first member's stack
        Cluster.NodeLauncher launcher = (name, index, outsider) -> {
            Map<String, String> own = new HashMap<>(tokens);
            own.put("BIND_PORT", Integer.toString(ports[index]));
            if (relay) {
                boolean lon = index < lonSize;
                own.put("SITE", Stack.SITES.get(lon ? 0 : 1));
                StringJoiner site = new StringJoiner(",");
                for (int i = lon ? 0 : lonSize; i < (lon ? lonSize : n); i++) site.add("127.0.0.1[" + ports[i] + "]");
                own.put("INITIAL_HOSTS", site.toString());
            }
            if (outsider != null && outsider.deaf()) own.put("DISCARD", "<DISCARD up=\"1.0\"/>");
            // an outsider of another version runs that version's node program, jar and stack template
            JGroupsVersion v =
                    outsider != null && outsider.version() != null ? JGroupsVersion.parse(outsider.version()) : version;
            ApiFamily f = v == version ? family : NodePrograms.familyOf(v);
            List<Path> classPath = v == version
                    ? nodeClassPath
                    : List.of(dist.nodeJar(f), dist.clusterJar(), dist.jgroupsJar(outsider.version()));
            String xmlText = plan.render(v, own, ports[index]);
            if (hostNetwork != null) xmlText = HostNetwork.bindTo(xmlText, index);
            if (protocols.isEmpty()) {
                protocols.addAll(protocolsOf(xmlText));
                memberOptions.addAll(TlsV1Override.memberOptions(work, version, protocols, progress));
            }
            if (hostCaptures != null) startHostCapture(hostCaptures, index);
            Path xml = work.resolve(name + ".xml");
            Files.writeString(xml, xmlText, StandardCharsets.UTF_8);
            String clusterName = outsider != null && outsider.cluster() != null ? outsider.cluster() : cluster;
            List<String> args = new ArrayList<>(List.of(name, xml.toString(), clusterName));
            if (scenario.rpc()) args.add("rpc");
            return ChildJvm.start(
                    hostNetwork == null ? prefix : memberPrefix(hostNetwork, index),
                    name,
                    memberOptions,
                    classPath,
                    NodePrograms.mainClass(f),
                    args,
                    Cluster.logFile(work, name),
                    events);
        };
        Cluster members = new Cluster(log, start, deadline, cluster, versionText, launcher);
        if (relay) members.sites(name -> Stack.SITES.get(name.charAt(0) - 'A' < lonSize ? 0 : 1));
        if (hostNetwork != null) members.network(hostNetwork);
        ChildJvm router = null;
        PacketCapture capture = null;
        String captureProblem = null;
        try {
            if (plan.tunnel()) router = startRouter(prefix, jar, version, extraPort, work, log, deadline);
            if (hostNetwork != null && !spec.linkLosses().isEmpty()) {
                hostNetwork.lose(spec.linkLosses());
                for (Manifest.LinkLoss l : spec.linkLosses())
                    progress.accept("lossy link: " + l.percent() + " % of the packets from " + l.from() + "'s host to "
                            + l.to() + "'s dropped at random on the bridge");
            }
            if (spec.capture() != null) {
                try {
                    NetworkNamespace captureNs = hostNetwork != null ? hostNetwork.bridge : ns;
                    String device = hostNetwork != null ? HostNetwork.BRIDGE : "lo";
                    capture = captureNs != null
                            ? NamespaceCapture.start(
                                    captureNs,
                                    device,
                                    dist.libJars(),
                                    spec.capture(),
                                    filter,
                                    scenario.captureBufferBytes())
                            : LoopbackCapture.start(spec.capture(), filter, scenario.captureBufferBytes());
                    progress.accept("capturing on " + device + (captureNs == null ? "" : " in " + captureNs.name) + " ("
                            + filter + ") to " + spec.capture());
                } catch (ClusterFailure e) {
                    captureProblem = e.getMessage();
                    progress.accept("no capture: " + captureProblem + "; the cluster runs anyway");
                    if (spec.capture().stream() != null) spec.capture().stream().close();
                }
            }
            if (memberCaptures != null) {
                progress.accept("capturing each member's host (" + filter + ") to " + spec.capturePerMember());
                for (int i = 0; i < n; i++) memberCaptures.start(i);
            }
            long t0 = System.nanoTime();
            members.joinAll(n);
            long t1 = System.nanoTime();
            progress.accept("scenario " + spec.scenario() + " on " + members.names());
            scenario.run(members);
            long t2 = System.nanoTime();
            members.leaveAll();
            long t3 = System.nanoTime();
            long packets = -1;
            long dropped = -1;
            if (capture != null || memberCaptures != null) Thread.sleep(SETTLE_MILLIS);
            List<Manifest.MemberCapture> hostFiles = memberCaptures == null ? List.of() : memberCaptures.stop();
            if (capture != null) {
                PacketCapture c = capture;
                capture = null;
                long[] counts = c.stop();
                packets = counts[0];
                dropped = counts[1];
                progress.accept(packets + " packets captured, " + dropped + " dropped by the kernel");
            }
            long end = System.nanoTime();
            boolean captured = spec.capture() != null && captureProblem == null;
            boolean anyCapture = captured || !hostFiles.isEmpty();
            Path file = captured ? spec.capture().file() : null;
            Manifest manifest = ManifestBuilder.build(
                    log.snapshot(),
                    start,
                    versionText,
                    plan.id(),
                    spec.scenario(),
                    cluster,
                    !captured ? null : file != null ? file.getFileName().toString() : "-",
                    anyCapture ? filter : null,
                    clusterPorts,
                    packets,
                    dropped,
                    new Manifest.Timings(p.startedAt(), ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(end - start)),
                    protocols,
                    relay ? sites(n, lonSize) : List.of(),
                    hostFiles,
                    spec.linkLosses());
            Path manifestFile = spec.manifest() != null
                    ? spec.manifest()
                    : file != null
                            ? Manifest.pathFor(file)
                            : !hostFiles.isEmpty()
                                    ? spec.capturePerMember().resolve("manifest.json")
                                    : work.resolve("manifest.json");
            manifest.write(manifestFile);
            progress.accept("manifest written to " + manifestFile);
            if (file != null) SessionKeyLog.write(log.snapshot(), file, progress);
            for (Manifest.MemberCapture c : hostFiles)
                SessionKeyLog.write(log.snapshot(), spec.capturePerMember().resolve(c.file()), progress);
            boolean keep = spec.keepLogs() || manifestFile.startsWith(work) || !anyCapture;
            if (!keep) deleteTree(work); // everything worth keeping is in the capture and the manifest
            else progress.accept("stack XMLs and members' logs kept in " + work);
            return new ClusterRun(manifest, manifestFile, file, keep ? work : null, captureProblem);
        } catch (ClusterFailure | RuntimeException e) {
            String where = " [JGroups " + versionText + ", stack " + plan.id() + ", work dir " + work + "]"
                    + (String.valueOf(e.getMessage()).contains("Address already in use")
                            ? " (a port was taken by another program between picking and binding it: run again)"
                            : "");
            String tails = members.logTails(LOG_TAIL_LINES)
                    + (router == null
                            ? ""
                            : "\n--- router (" + router.log + ") ---\n" + router.logTail(LOG_TAIL_LINES));
            throw new ClusterFailure(e.getMessage() + where + tails, e);
        } finally {
            members.killAll();
            if (router != null) router.kill();
            if (memberCaptures != null) memberCaptures.close();
            if (capture != null) {
                try {
                    capture.stop();
                } catch (ClusterFailure ignored) {
                    // the run failed already; that failure is the one to report
                }
            }
        }
    }

    // --- versions, sites, protocols, the capture filter and the router ---

    /** IPv4 fragments after the first: a fragment offset other than 0. */
    static final String LATER_FRAGMENTS = "ip[6:2] & 0x1fff != 0";

    /** The stacks whose members can run in namespaces of their own: no router, no relay, no user XML. */
    static final List<String> PER_MEMBER_STACKS = List.of("udp", "tcp", "tcp-nio", "encrypt");

    /** {@code ip netns exec} into member {@code index}'s namespace, made on first use. */
    private static List<String> memberPrefix(HostNetwork net, int index) throws IOException {
        try {
            return net.member(index).prefix();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterFailure("interrupted while making " + ClusterSpec.memberName(index) + "'s namespace", e);
        }
    }

    /** Member {@code index}'s host capture, started before its JVM (a no-op when it runs already). */
    private static void startHostCapture(MemberCaptures captures, int index) throws IOException {
        try {
            captures.start(index);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterFailure("interrupted while starting " + ClusterSpec.memberName(index) + "'s capture", e);
        }
    }

    /** The JGroups versions bundled in the distribution at {@code jgwireHome}, oldest first. */
    public static List<String> bundledVersions(Path jgwireHome) throws IOException {
        return new Distribution(jgwireHome).bundledVersions();
    }

    private static List<Manifest.Site> sites(int n, int lonSize) {
        List<String> lon = new ArrayList<>(), nyc = new ArrayList<>();
        for (int i = 0; i < n; i++) (i < lonSize ? lon : nyc).add(ClusterSpec.memberName(i));
        return List.of(new Manifest.Site(Stack.SITES.get(0), lon), new Manifest.Site(Stack.SITES.get(1), nyc));
    }

    /** The protocol elements of a stack XML, bottom up. */
    static List<String> protocolsOf(String xml) {
        List<String> out = new ArrayList<>();
        String body = xml.substring(Math.max(0, xml.indexOf("<config")));
        body = body.substring(body.indexOf('>') + 1).replaceAll("(?s)<!--.*?-->", "");
        Matcher m = PROTOCOL.matcher(body.replace("><", ">\n<"));
        while (m.find()) {
            String p = m.group(1);
            out.add(p.substring(p.lastIndexOf('.') + 1));
        }
        return out;
    }

    static String bpf(boolean udp, List<Integer> ports) {
        StringJoiner j = new StringJoiner(" or ", (udp ? "udp" : "tcp") + " and (", ")");
        for (int p : ports) j.add("port " + p);
        return j.toString();
    }

    /**
     * ICMP destination-unreachable errors that quote a UDP datagram to or from one of {@code ports}: what the kernel
     * answers a member still sending to a port closed under it (a member killed). IPv4 only, as the members bind
     * 127.0.0.1: after the 8 bytes of the ICMP header, the quoted IP header (20 bytes, no options) names UDP at its
     * 10th byte, then come the UDP source and destination ports.
     */
    static String icmpBounces(List<Integer> ports) {
        StringJoiner j = new StringJoiner(" or ", "icmp[0] == 3 and icmp[17] == 17 and (", ")");
        for (int p : ports) j.add("icmp[28:2] == " + p + " or icmp[30:2] == " + p);
        return j.toString();
    }

    /** A GossipRouter in its own JVM on 127.0.0.1; ready when its port listens. */
    private static ChildJvm startRouter(
            List<String> prefix, Path jar, JGroupsVersion version, int port, Path work, EventLog log, long deadline)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("-port", Integer.toString(port), "-bind_addr", "127.0.0.1"));
        // 5.2 gave the GossipRouter a DiagnosticsHandler (enabled by default), like TP's diag component
        if (StackTemplate.hasDiagComponent(version)) args.addAll(List.of("-diag_enabled", "false"));
        // the router prints to stdout: only its exit matters here
        ChildJvm router = ChildJvm.start(
                prefix,
                "router",
                List.of(jar),
                "org.jgroups.stack.GossipRouter",
                args,
                work.resolve("router.log"),
                e -> {
                    if (e.event().equals("exited")) log.accept(e);
                });
        while (prefix.isEmpty() ? !Listening.on(port) : !Listening.on(port, router.pid())) {
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
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }

    private static long ms(long nanos) {
        return nanos / 1_000_000;
    }
}
