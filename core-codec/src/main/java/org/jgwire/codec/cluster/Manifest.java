package org.jgwire.codec.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * What a test cluster did, as its members reported it: written as JSON beside the capture and read back by
 * tests and {@code jgwire verify} to compare with what the decoder finds on the wire.
 *
 * @param jgroupsVersion the JGroups version the members ran, as the jar reports it ({@code Version.printVersion})
 * @param stack          {@code udp}, {@code tcp} or {@code tunnel}
 * @param scenario       e.g. {@code chat}
 * @param cluster        the cluster name passed to {@code JChannel.connect}
 * @param capture        the capture's file name (no directory), or null without capture
 * @param captureFilter  the BPF filter the capture used, or null
 * @param ports          the cluster's loopback ports: members' bind ports (tcp/udp), the multicast port (udp),
 *                       the GossipRouter's port (tunnel)
 * @param packets        packets written to the capture, -1 without capture
 * @param dropped        packets the kernel or libpcap dropped ({@code pcap_stats}), -1 when unknown
 * @param members        the members in join order
 * @param sent           every application message sent, in the order the runner saw them (load traffic excluded)
 * @param received       every application message delivered, per receiver (load traffic excluded)
 * @param views          every view each member installed, in order
 * @param timings        how long the phases took
 * @param loadSent       scenario {@code load}: what each member multicast, as counts; empty otherwise
 * @param loadReceived   scenario {@code load}: how many load messages each member delivered from each sender
 */
public record Manifest(String jgroupsVersion, String stack, String scenario, String cluster, String capture,
                       String captureFilter, List<Integer> ports, long packets, long dropped, List<Member> members,
                       List<SentMessage> sent, List<ReceivedMessage> received, List<InstalledView> views,
                       Timings timings, List<LoadSent> loadSent, List<LoadReceived> loadReceived) {

    /** A manifest without load traffic (every scenario but {@code load}). */
    public Manifest(String jgroupsVersion, String stack, String scenario, String cluster, String capture,
                    String captureFilter, List<Integer> ports, long packets, long dropped, List<Member> members,
                    List<SentMessage> sent, List<ReceivedMessage> received, List<InstalledView> views,
                    Timings timings) {
        this(jgroupsVersion, stack, scenario, cluster, capture, captureFilter, ports, packets, dropped, members, sent,
                received, views, timings, List.of(), List.of());
    }

    /** A member: its logical name, its UUID in standard form ({@code UUID.toStringLong}), its physical address. */
    public record Member(String name, String uuid, String physical) {}

    /** An application message as sent: {@code destination} is a member name, or null for a multicast. */
    public record SentMessage(String sender, String destination, String text) {
        public boolean multicast() {
            return destination == null;
        }
    }

    /** An application message as delivered to {@code receiver}. */
    public record ReceivedMessage(String receiver, String sender, String destination, String text) {}

    /**
     * Load traffic one member multicast: {@code messages} payloads of {@code size} bytes, in {@code millis} from
     * the first send to the return of the last ({@code load A#1/N } to {@code load A#N/N }).
     */
    public record LoadSent(String sender, long messages, int size, long millis) {}

    /**
     * Load messages {@code receiver} delivered from {@code sender}, counted when the sender's last one arrived
     * (NAKACK2 delivers a sender's multicasts in order).
     */
    public record LoadReceived(String receiver, String sender, long messages) {}

    /** A view as {@code member} installed it: creator and counter of the view id, member names in order. */
    public record InstalledView(String member, String creator, long id, List<String> members) {}

    /**
     * @param startedAt ISO-8601 instant the run started
     * @param joinMillis from the first member's start to every member seeing the full view
     * @param scenarioMillis the scenario's traffic until every copy was received
     * @param leaveMillis from the first leave to the last member's exit
     * @param totalMillis the whole run, capture start to capture stop
     */
    public record Timings(String startedAt, long joinMillis, long scenarioMillis, long leaveMillis, long totalMillis) {}

    /** The member with this name, or null. */
    public Member member(String name) {
        for (Member m : members) if (m.name().equals(name)) return m;
        return null;
    }

    /** The manifest file for a capture: {@code x.pcap} becomes {@code x.json}. */
    public static Path pathFor(Path capture) {
        String n = capture.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return capture.resolveSibling((dot > 0 ? n.substring(0, dot) : n) + ".json");
    }

    /** Writes this manifest as pretty-printed JSON. */
    public void write(Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
             JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("jgroupsVersion", jgroupsVersion);
            g.writeStringField("stack", stack);
            g.writeStringField("scenario", scenario);
            g.writeStringField("cluster", cluster);
            g.writeStringField("capture", capture);
            g.writeStringField("captureFilter", captureFilter);
            g.writeArrayFieldStart("ports");
            for (int p : ports) g.writeNumber(p);
            g.writeEndArray();
            g.writeNumberField("packets", packets);
            g.writeNumberField("dropped", dropped);
            g.writeArrayFieldStart("members");
            for (Member m : members) {
                g.writeStartObject();
                g.writeStringField("name", m.name());
                g.writeStringField("uuid", m.uuid());
                g.writeStringField("physical", m.physical());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("sent");
            for (SentMessage m : sent) {
                g.writeStartObject();
                g.writeStringField("sender", m.sender());
                g.writeStringField("destination", m.destination());
                g.writeStringField("text", m.text());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("received");
            for (ReceivedMessage m : received) {
                g.writeStartObject();
                g.writeStringField("receiver", m.receiver());
                g.writeStringField("sender", m.sender());
                g.writeStringField("destination", m.destination());
                g.writeStringField("text", m.text());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("views");
            for (InstalledView v : views) {
                g.writeStartObject();
                g.writeStringField("member", v.member());
                g.writeStringField("creator", v.creator());
                g.writeNumberField("id", v.id());
                g.writeArrayFieldStart("members");
                for (String n : v.members()) g.writeString(n);
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("loadSent");
            for (LoadSent l : loadSent) {
                g.writeStartObject();
                g.writeStringField("sender", l.sender());
                g.writeNumberField("messages", l.messages());
                g.writeNumberField("size", l.size());
                g.writeNumberField("millis", l.millis());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("loadReceived");
            for (LoadReceived l : loadReceived) {
                g.writeStartObject();
                g.writeStringField("receiver", l.receiver());
                g.writeStringField("sender", l.sender());
                g.writeNumberField("messages", l.messages());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeObjectFieldStart("timings");
            g.writeStringField("startedAt", timings.startedAt());
            g.writeNumberField("joinMillis", timings.joinMillis());
            g.writeNumberField("scenarioMillis", timings.scenarioMillis());
            g.writeNumberField("leaveMillis", timings.leaveMillis());
            g.writeNumberField("totalMillis", timings.totalMillis());
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    /** Reads a manifest written by {@link #write}. */
    public static Manifest read(Path file) throws IOException {
        Map<String, Object> o = JsonValues.object(JsonValues.read(file), file.toString());
        List<Member> members = new ArrayList<>();
        for (Map<String, Object> m : JsonValues.objects(o, "members"))
            members.add(new Member(JsonValues.str(m, "name"), JsonValues.str(m, "uuid"), JsonValues.str(m, "physical")));
        List<SentMessage> sent = new ArrayList<>();
        for (Map<String, Object> m : JsonValues.objects(o, "sent"))
            sent.add(new SentMessage(JsonValues.str(m, "sender"), JsonValues.str(m, "destination"),
                    JsonValues.str(m, "text")));
        List<ReceivedMessage> received = new ArrayList<>();
        for (Map<String, Object> m : JsonValues.objects(o, "received"))
            received.add(new ReceivedMessage(JsonValues.str(m, "receiver"), JsonValues.str(m, "sender"),
                    JsonValues.str(m, "destination"), JsonValues.str(m, "text")));
        List<InstalledView> views = new ArrayList<>();
        for (Map<String, Object> v : JsonValues.objects(o, "views"))
            views.add(new InstalledView(JsonValues.str(v, "member"), JsonValues.str(v, "creator"),
                    JsonValues.num(v, "id"), JsonValues.strings(v, "members")));
        List<LoadSent> loadSent = new ArrayList<>();
        for (Map<String, Object> l : JsonValues.objects(o, "loadSent")) // absent before the load scenario existed
            loadSent.add(new LoadSent(JsonValues.str(l, "sender"), JsonValues.num(l, "messages"),
                    (int) JsonValues.num(l, "size"), JsonValues.num(l, "millis")));
        List<LoadReceived> loadReceived = new ArrayList<>();
        for (Map<String, Object> l : JsonValues.objects(o, "loadReceived"))
            loadReceived.add(new LoadReceived(JsonValues.str(l, "receiver"), JsonValues.str(l, "sender"),
                    JsonValues.num(l, "messages")));
        Map<String, Object> t = JsonValues.object(o.get("timings"), "timings");
        Timings timings = new Timings(JsonValues.str(t, "startedAt"), JsonValues.num(t, "joinMillis"),
                JsonValues.num(t, "scenarioMillis"), JsonValues.num(t, "leaveMillis"), JsonValues.num(t, "totalMillis"));
        List<Integer> ports = new ArrayList<>();
        for (String p : JsonValues.strings(o, "ports")) ports.add(Integer.parseInt(p));
        return new Manifest(JsonValues.str(o, "jgroupsVersion"), JsonValues.str(o, "stack"),
                JsonValues.str(o, "scenario"), JsonValues.str(o, "cluster"), JsonValues.str(o, "capture"),
                JsonValues.str(o, "captureFilter"), List.copyOf(ports), JsonValues.num(o, "packets"), JsonValues.num(o, "dropped"),
                List.copyOf(members), List.copyOf(sent), List.copyOf(received), List.copyOf(views), timings,
                List.copyOf(loadSent), List.copyOf(loadReceived));
    }
}
