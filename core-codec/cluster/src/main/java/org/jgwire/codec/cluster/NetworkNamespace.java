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

    /** Creates a namespace named {@code jgwire-<hex>} with {@code lo} up and multicast on it. */
    static NetworkNamespace create() throws ClusterFailure, InterruptedException {
        return create(
                "jgwire-" + Integer.toHexString(ThreadLocalRandom.current().nextInt()));
    }

    /** Creates the namespace {@code name} with {@code lo} up and multicast on it. */
    static NetworkNamespace create(String name) throws ClusterFailure, InterruptedException {
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

    /** Runs {@code cmd} inside; a failure is a {@link ClusterFailure} quoting its output. */
    void exec(String... cmd) throws ClusterFailure, InterruptedException {
        execWithInput(null, cmd);
    }

    /** Runs {@code cmd} inside with {@code input} (or nothing) on its standard input. */
    void execWithInput(String input, String... cmd) throws ClusterFailure, InterruptedException {
        List<String> all = new ArrayList<>(prefix());
        all.addAll(List.of(cmd));
        runWithInput(input, all.toArray(String[]::new));
    }

    /** Runs {@code cmd} inside and ignores whether it worked (removing what may not be there). */
    void execQuietly(String... cmd) throws InterruptedException {
        try {
            exec(cmd);
        } catch (ClusterFailure ignored) {
            // nothing to remove
        }
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

    static void run(String... cmd) throws ClusterFailure, InterruptedException {
        runWithInput(null, cmd);
    }

    private static void runWithInput(String input, String... cmd) throws ClusterFailure, InterruptedException {
        String out;
        int exit;
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try (var stdin = p.getOutputStream()) {
                if (input != null) stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new ClusterFailure("'" + String.join(" ", cmd) + "' did not finish in " + COMMAND_SECONDS + " s");
            }
            exit = p.exitValue();
        } catch (IOException e) {
            throw new ClusterFailure(
                    "cannot run '" + String.join(" ", cmd) + "' (" + e.getMessage()
                            + "): network namespaces need iproute2 ('ip') on the PATH"
                            + (List.of(cmd).contains("nft") ? "; firewall rules need nftables ('nft')" : ""),
                    e);
        }
        if (exit != 0)
            throw new ClusterFailure("'" + String.join(" ", cmd) + "' failed (" + out + "): "
                    + (out.startsWith("exec of")
                            ? "install it (iproute2, nftables)"
                            : "network namespaces need root (CAP_SYS_ADMIN); run without --netns or "
                                    + "--netns-per-member to use the host's loopback"));
    }
}
