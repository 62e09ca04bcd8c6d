package org.jgwire.codec.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns the members' events (and the runner's {@code step}s) into a {@link Manifest}. */
final class ManifestBuilder {
    private ManifestBuilder() {}

    /**
     * @param startNanos the run's start ({@link System#nanoTime()}): event times count from it
     * @param protocols  the stack's protocols bottom up
     */
    static Manifest build(
            List<NodeEvent> events,
            long startNanos,
            String version,
            String stack,
            String scenario,
            String cluster,
            String capture,
            String filter,
            List<Integer> ports,
            long packets,
            long dropped,
            Manifest.Timings timings,
            List<String> protocols,
            List<Manifest.Site> sites,
            List<Manifest.MemberCapture> memberCaptures,
            List<Manifest.LinkLoss> linkLosses) {
        List<Manifest.Member> members = new ArrayList<>();
        List<Manifest.SentMessage> sent = new ArrayList<>();
        List<Manifest.ReceivedMessage> received = new ArrayList<>();
        List<Manifest.InstalledView> views = new ArrayList<>();
        List<Manifest.LoadSent> loadSent = new ArrayList<>();
        List<Manifest.LoadReceived> loadReceived = new ArrayList<>();
        List<Manifest.Step> steps = new ArrayList<>();
        List<Manifest.RpcCall> rpcCalls = new ArrayList<>();
        List<Manifest.RpcHandled> rpcHandled = new ArrayList<>();
        List<Manifest.LargeSent> largeSent = new ArrayList<>();
        List<Manifest.LargeReceived> largeReceived = new ArrayList<>();
        String reported = null;
        for (NodeEvent e : events) {
            long at = (e.atNanos() - startNanos) / 1_000_000;
            switch (e.event()) {
                case "started" -> {
                    members.add(new Manifest.Member(e.text("name"), e.text("uuid"), e.text("physical")));
                    if (reported == null) reported = e.text("version");
                }
                case "sent" -> sent.add(new Manifest.SentMessage(e.node(), e.text("to"), e.text("text")));
                case "received" -> received.add(new Manifest.ReceivedMessage(
                        e.node(),
                        EventLog.nameOfUuid(events, e.text("from")),
                        EventLog.nameOfUuid(events, e.text("to")),
                        e.text("text")));
                case "view" -> views.add(new Manifest.InstalledView(
                        e.node(),
                        EventLog.nameOfUuid(events, e.text("creator")),
                        e.number("id"),
                        EventLog.named(events, e.list("members")),
                        groups(events, e.list("subgroups")),
                        at));
                case "load-sent" -> loadSent.add(
                        new Manifest.LoadSent(e.node(), e.number("count"), (int) e.number("size"), e.number("millis")));
                case "load-received" -> loadReceived.add(
                        new Manifest.LoadReceived(e.node(), e.text("from"), e.number("count")));
                case "step" -> steps.add(
                        new Manifest.Step(at, e.text("action"), e.list("members"), groups(events, e.list("groups"))));
                case "rpc-called" -> {
                    Map<String, String> replies = new LinkedHashMap<>();
                    for (String r : e.list("replies")) {
                        int eq = r.indexOf('=');
                        int bang = r.indexOf('!');
                        int cut = eq < 0 ? bang : bang < 0 ? eq : Math.min(eq, bang);
                        if (cut < 0) continue;
                        replies.put(
                                EventLog.nameOfUuid(events, r.substring(0, cut)),
                                cut == bang ? r.substring(cut) : r.substring(cut + 1));
                    }
                    rpcCalls.add(new Manifest.RpcCall(
                            e.node(), e.text("to"), e.text("text"), Collections.unmodifiableMap(replies)));
                }
                case "rpc-handled" -> rpcHandled.add(new Manifest.RpcHandled(e.node(), e.text("text")));
                case "large-sent" -> largeSent.add(new Manifest.LargeSent(
                        e.node(), e.text("to"), (int) e.number("size"), e.text("sha256"), e.text("head")));
                case "large-received" -> largeReceived.add(new Manifest.LargeReceived(
                        e.node(),
                        EventLog.nameOfUuid(events, e.text("from")),
                        EventLog.nameOfUuid(events, e.text("to")),
                        (int) e.number("size"),
                        e.text("sha256"),
                        e.text("head")));
                default -> {}
            }
        }
        return new Manifest(
                reported != null ? reported : version,
                stack,
                scenario,
                cluster,
                capture,
                filter,
                ports,
                packets,
                dropped,
                List.copyOf(members),
                List.copyOf(sent),
                List.copyOf(received),
                List.copyOf(views),
                timings,
                List.copyOf(loadSent),
                List.copyOf(loadReceived),
                List.copyOf(protocols),
                List.copyOf(steps),
                List.copyOf(rpcCalls),
                List.copyOf(rpcHandled),
                List.copyOf(largeSent),
                List.copyOf(largeReceived),
                List.copyOf(sites),
                List.copyOf(memberCaptures),
                List.copyOf(linkLosses));
    }

    /** Groups written as comma-joined names ({@code "A,B"}), each name mapped back from a UUID where needed. */
    private static List<List<String>> groups(List<NodeEvent> events, List<String> joined) {
        List<List<String>> out = new ArrayList<>();
        for (String g : joined) out.add(EventLog.named(events, g.isEmpty() ? List.of() : Arrays.asList(g.split(","))));
        return List.copyOf(out);
    }
}
