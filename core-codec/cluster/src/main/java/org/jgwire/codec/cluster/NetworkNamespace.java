package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A network namespace of the run's own ({@code ip netns add jgwire-<hex>}), with its loopback up and multicast on:
 * members, router and capture run in it ({@code ip netns exec NAME ...}), so nothing else on the host shares their
 * {@code lo}. Deleted at the end of the run, and when this JVM shuts down (Ctrl-C).
 */
final class NetworkNamespace implements AutoCloseable {
    private static final Set<String> LIVE = ConcurrentHashMap.newKeySet();
    private static final long COMMAND_SECONDS = 10;

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(() -> LIVE.forEach(NetworkNamespace::delete), "jgwire-netns-delete"));
    }

    final String name;

    private NetworkNamespace(String name) {
        this.name = name;
    }

    /** Creates a namespace with {@code lo} up and multicast on it. */
    static NetworkNamespace create() throws ClusterFailure, InterruptedException {
        String name =
                "jgwire-" + Integer.toHexString(ThreadLocalRandom.current().nextInt());
        run("ip", "netns", "add", name);
        NetworkNamespace ns = new NetworkNamespace(name);
        LIVE.add(name);
        try {
            run("ip", "netns", "exec", name, "ip", "link", "set", "lo", "up");
            run("ip", "netns", "exec", name, "ip", "link", "set", "lo", "multicast", "on");
        } catch (ClusterFailure | InterruptedException e) {
            ns.close();
            throw e;
        }
        return ns;
    }

    /** The command prefix that runs a program inside: {@code ip netns exec NAME}. */
    List<String> prefix() {
        return List.of("ip", "netns", "exec", name);
    }

    @Override
    public void close() {
        if (LIVE.remove(name)) delete(name);
    }

    private static void delete(String name) {
        try {
            run("ip", "netns", "del", name);
        } catch (ClusterFailure | InterruptedException ignored) {
            // exiting, or the namespace is gone already
        }
    }

    private static void run(String... cmd) throws ClusterFailure, InterruptedException {
        String out;
        int exit;
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new ClusterFailure("'" + String.join(" ", cmd) + "' did not finish in " + COMMAND_SECONDS + " s");
            }
            exit = p.exitValue();
        } catch (IOException e) {
            throw new ClusterFailure(
                    "cannot run '" + String.join(" ", cmd) + "' (" + e.getMessage()
                            + "): network namespaces need iproute2 ('ip') on the PATH",
                    e);
        }
        if (exit != 0)
            throw new ClusterFailure("'" + String.join(" ", new ArrayList<>(List.of(cmd))) + "' failed (" + out
                    + "): network namespaces need root (CAP_SYS_ADMIN); run without --netns to use the "
                    + "host's loopback");
    }
}
