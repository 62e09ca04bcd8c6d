package org.jgwire.codec.cluster;

import java.util.ArrayList;
import java.util.List;

/** Turns the members' events into a {@link Manifest}. */
final class ManifestBuilder {
    private ManifestBuilder() {}

    static Manifest build(List<NodeEvent> events, String version, String stack, String scenario, String cluster,
                          String capture, String filter, List<Integer> ports, long packets, long dropped,
                          Manifest.Timings timings) {
        List<Manifest.Member> members = new ArrayList<>();
        List<Manifest.SentMessage> sent = new ArrayList<>();
        List<Manifest.ReceivedMessage> received = new ArrayList<>();
        List<Manifest.InstalledView> views = new ArrayList<>();
        List<Manifest.LoadSent> loadSent = new ArrayList<>();
        List<Manifest.LoadReceived> loadReceived = new ArrayList<>();
        String reported = null;
        for (NodeEvent e : events) {
            switch (e.event()) {
                case "started" -> {
                    members.add(new Manifest.Member(e.text("name"), e.text("uuid"), e.text("physical")));
                    if (reported == null) reported = e.text("version");
                }
                case "sent" -> sent.add(new Manifest.SentMessage(e.node(), e.text("to"), e.text("text")));
                case "received" -> received.add(new Manifest.ReceivedMessage(e.node(), e.text("from"), e.text("to"),
                        e.text("text")));
                case "view" -> views.add(new Manifest.InstalledView(e.node(), EventLog.nameOfUuid(events, e.text("creator")),
                        e.number("id"), EventLog.named(events, e.list("members"))));
                case "load-sent" -> loadSent.add(new Manifest.LoadSent(e.node(), e.number("count"),
                        (int) e.number("size"), e.number("millis")));
                case "load-received" -> loadReceived.add(new Manifest.LoadReceived(e.node(), e.text("from"),
                        e.number("count")));
                default -> { }
            }
        }
        return new Manifest(reported != null ? reported : version, stack, scenario, cluster, capture, filter, ports,
                packets, dropped, List.copyOf(members), List.copyOf(sent), List.copyOf(received), List.copyOf(views), timings,
                List.copyOf(loadSent), List.copyOf(loadReceived));
    }
}
