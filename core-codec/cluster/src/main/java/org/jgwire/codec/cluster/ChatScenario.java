package org.jgwire.codec.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code chat} scenario: once all members see the full view, each member sends {@link #MULTICASTS} multicasts
 * and one unicast to the next member ({@code chat A#1 to all}, {@code chat A#3 to B}), and the runner waits until
 * every copy was delivered (a multicast to every member, the sender included; a unicast to its destination).
 * With a duration, rounds follow each other ({@code chat A#4 to all}, ...) every {@link #ROUND_PAUSE_MILLIS} ms
 * until it has passed.
 */
final class ChatScenario implements Scenario {
    static final String NAME = "chat";
    static final int MULTICASTS = 2;
    /** Between rounds of a timed chat: a conversation, not a load test. */
    static final long ROUND_PAUSE_MILLIS = 200;

    private final Duration duration;

    /** @param duration how long to keep talking; null: one round */
    ChatScenario(Duration duration) {
        this.duration = duration;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        awaitBridges(cluster);
        long until = duration == null ? 0 : System.nanoTime() + duration.toNanos();
        int round = 0;
        do {
            if (round > 0) Thread.sleep(ROUND_PAUSE_MILLIS);
            round(cluster, round++);
        } while (System.nanoTime() < until);
    }

    private static void round(Cluster cluster, int round) throws IOException, InterruptedException {
        List<String> names = cluster.names();
        Set<String> expected = new HashSet<>();
        int before = EventLog.of(cluster.log.snapshot(), null, "sent").size();
        int sends = 0;
        int first = round * (MULTICASTS + 1);
        for (int i = 0; i < names.size(); i++) {
            String me = names.get(i);
            ChildJvm node = cluster.member(me);
            for (int k = 1; k <= MULTICASTS; k++) {
                String text = "chat " + me + "#" + (first + k) + " to all";
                node.command("mcast " + text);
                for (String r : names) expected.add(key(r, me, text));
                sends++;
            }
            String otherSite = otherSite(cluster, me);
            if (otherSite != null) {
                String text = "chat " + me + "#" + (first + MULTICASTS + 1) + " to SiteMaster(" + otherSite + ")";
                node.command("ucast-site " + otherSite + " " + text);
                expected.add(key(siteMaster(cluster, otherSite), me, text));
                sends++;
            } else if (names.size() > 1) {
                String next = names.get((i + 1) % names.size());
                String text = "chat " + me + "#" + (first + MULTICASTS + 1) + " to " + next;
                node.command("ucast " + next + " " + text);
                expected.add(key(next, me, text));
                sends++;
            }
        }
        int total = before + sends;
        cluster.log.await(
                sends + " messages to be sent",
                cluster.deadlineNanos,
                events -> EventLog.of(events, null, "sent").size() >= total ? Boolean.TRUE : null);
        cluster.log.await(expected.size() + " deliveries", cluster.deadlineNanos, events -> {
            Set<String> missing = new HashSet<>(expected);
            for (NodeEvent e : EventLog.of(events, null, "received"))
                missing.remove(key(e.node(), EventLog.nameOfUuid(events, e.text("from")), e.text("text")));
            return missing.isEmpty() ? Boolean.TRUE : null;
        });
    }

    /** relay2: each site master waits until RELAY2 has a route to the other site (the bridge cluster formed). */
    private static void awaitBridges(Cluster cluster) throws IOException, InterruptedException {
        List<List<String>> sites = cluster.siteGroups();
        if (sites.size() < 2) return;
        for (List<String> site : sites) {
            String master = site.get(0);
            cluster.member(master).command("await-route " + otherSite(cluster, master));
        }
        cluster.log.await("the site masters' routes to each other", cluster.deadlineNanos, events -> {
            List<NodeEvent> routes = EventLog.of(events, null, "route");
            for (NodeEvent r : routes)
                if (!"true".equals(r.text("up")))
                    throw new IllegalStateException(r.node() + " found no route to site " + r.text("site"));
            return routes.size() >= sites.size() ? Boolean.TRUE : null;
        });
    }

    /** relay2: the site that is not {@code member}'s; null without sites. */
    private static String otherSite(Cluster cluster, String member) {
        String mine = cluster.siteOf(member);
        if (mine == null) return null;
        for (List<String> site : cluster.siteGroups()) {
            String s = cluster.siteOf(site.get(0));
            if (!s.equals(mine)) return s;
        }
        return null;
    }

    /** The site master of {@code site}: its coordinator, the first of its members (max_site_masters=1). */
    private static String siteMaster(Cluster cluster, String site) {
        for (List<String> members : cluster.siteGroups())
            if (site.equals(cluster.siteOf(members.get(0)))) return members.get(0);
        throw new IllegalStateException("no site " + site);
    }

    private static String key(String receiver, String sender, String text) {
        return receiver + "\u0000" + sender + "\u0000" + text;
    }
}
