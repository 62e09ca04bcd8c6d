package org.jgwire.cluster.node.ispn;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.CacheMode;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.remoting.transport.jgroups.JGroupsAddress;
import org.jgroups.Address;
import org.jgroups.util.UUID;

/**
 * One member of a real embedded Infinispan cluster, for the end-to-end test that captures its traffic: a cache
 * manager on one of Infinispan's own stack files (the JGroups settings come from system properties the stack file
 * reads: bind address, ports, multicast group, TTL, diagnostics) with a replicated cache {@code repl} and a
 * distributed one {@code dist} (two owners), both synchronous.
 *
 * <p>Usage: {@code InfinispanNode NAME CLUSTER STACK_RESOURCE MEMBERS}. It prints {@code ready UUID NAME} once the
 * view has {@code MEMBERS} members and both caches run, then obeys one command a line on stdin, answering on
 * stdout: {@code put CACHE KEY VALUE} ({@code put KEY}), {@code get CACHE KEY} ({@code got KEY VALUE}),
 * {@code members} ({@code members NAME,NAME,...}), {@code stop} (leaves, prints {@code stopped}, exits 0).
 */
public final class InfinispanNode {
    private static final long JOIN_MILLIS = TimeUnit.MINUTES.toMillis(3);

    private InfinispanNode() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: InfinispanNode NAME CLUSTER STACK_RESOURCE MEMBERS");
            System.exit(2);
        }
        GlobalConfigurationBuilder global = GlobalConfigurationBuilder.defaultClusteredBuilder();
        global.transport().clusterName(args[1]).nodeName(args[0]).addProperty("configurationFile", args[2]);
        ConfigurationBuilder repl = new ConfigurationBuilder();
        repl.clustering().cacheMode(CacheMode.REPL_SYNC);
        ConfigurationBuilder dist = new ConfigurationBuilder();
        dist.clustering().cacheMode(CacheMode.DIST_SYNC).hash().numOwners(2);
        try (DefaultCacheManager manager = new DefaultCacheManager(global.build())) {
            manager.defineConfiguration("repl", repl.build());
            manager.defineConfiguration("dist", dist.build());
            awaitMembers(manager, Integer.parseInt(args[3]));
            manager.getCache("repl");
            manager.getCache("dist");
            Address self = ((JGroupsAddress) manager.getAddress()).getJGroupsAddress();
            say("ready " + (self instanceof UUID u ? u.toStringLong() : self.toString()) + " " + args[0]);
            serve(manager);
        }
        say("stopped");
    }

    private static void awaitMembers(DefaultCacheManager manager, int count) throws InterruptedException {
        long deadline = System.currentTimeMillis() + JOIN_MILLIS;
        while (manager.getMembers() == null || manager.getMembers().size() < count) {
            if (System.currentTimeMillis() > deadline)
                throw new IllegalStateException("no view of " + count + " members: " + manager.getMembers());
            Thread.sleep(100);
        }
    }

    /** Commands until {@code stop} or the end of stdin; a failed command is answered with {@code error ...}. */
    private static void serve(DefaultCacheManager manager) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String[] w = line.trim().split(" ");
            try {
                switch (w[0]) {
                    case "put" -> {
                        Cache<String, String> cache = manager.getCache(w[1]);
                        cache.put(w[2], w[3]);
                        say("put " + w[2]);
                    }
                    case "get" -> {
                        Cache<String, String> cache = manager.getCache(w[1]);
                        say("got " + w[2] + " " + cache.get(w[2]));
                    }
                    case "members" -> say("members "
                            + String.join(
                                    ",",
                                    manager.getMembers().stream()
                                            .map(Object::toString)
                                            .toList()));
                    case "stop" -> {
                        return;
                    }
                    default -> say("error unknown command: " + line);
                }
            } catch (RuntimeException e) {
                say("error " + line + ": " + e);
            }
        }
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
