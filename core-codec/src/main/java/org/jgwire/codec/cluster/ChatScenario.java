package org.jgwire.codec.cluster;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code chat} scenario: once all members see the full view, each member sends {@link #MULTICASTS} multicasts
 * and one unicast to the next member ({@code chat A#1 to all}, {@code chat A#3 to B}), and the runner waits until
 * every copy was delivered (a multicast to every member, the sender included; a unicast to its destination).
 */
final class ChatScenario {
    static final int MULTICASTS = 2;

    private ChatScenario() {}

    static void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> names = cluster.names();
        Set<String> expected = new HashSet<>();
        int sends = 0;
        for (int i = 0; i < names.size(); i++) {
            String me = names.get(i);
            ChildJvm node = cluster.member(me);
            for (int k = 1; k <= MULTICASTS; k++) {
                String text = "chat " + me + "#" + k + " to all";
                node.command("mcast " + text);
                for (String r : names) expected.add(key(r, me, text));
                sends++;
            }
            if (names.size() > 1) {
                String next = names.get((i + 1) % names.size());
                String text = "chat " + me + "#" + (MULTICASTS + 1) + " to " + next;
                node.command("ucast " + next + " " + text);
                expected.add(key(next, me, text));
                sends++;
            }
        }
        int total = sends;
        cluster.log.await(total + " messages to be sent", cluster.deadlineNanos,
                events -> EventLog.of(events, null, "sent").size() >= total ? Boolean.TRUE : null);
        cluster.log.await(expected.size() + " deliveries", cluster.deadlineNanos, events -> {
            Set<String> missing = new HashSet<>(expected);
            for (NodeEvent e : EventLog.of(events, null, "received"))
                missing.remove(key(e.node(), e.text("from"), e.text("text")));
            return missing.isEmpty() ? Boolean.TRUE : null;
        });
    }

    private static String key(String receiver, String sender, String text) {
        return receiver + "\u0000" + sender + "\u0000" + text;
    }

}
