package org.jgwire.codec.cluster;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a test cluster did, as its members reported it: written as JSON beside the capture and read back by
 * tests and {@code jgwire verify} to compare with what the decoder finds on the wire.
 *
 * <p>The manifest's schema (its fields, their nested records, reading and writing them) lives in one place so that a
 * field is added to all three at once; {@code ManifestWriteTest} holds them together.
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
 * @param protocols      the stack's protocols bottom up, as in the members' XML ({@code UDP}, {@code DISCARD},
 *                       {@code PING}, ..., {@code FRAG4}); empty in manifests written before this field existed
 * @param steps          what the runner did to the cluster during the scenario (crash, partition, heal, leave, join)
 * @param rpcCalls       scenario {@code rpc}: every call as the caller saw it return
 * @param rpcHandled     scenario {@code rpc}: every call as a member executed it
 * @param largeSent      scenario {@code large}: every large message sent, by size and SHA-256
 * @param largeReceived  scenario {@code large}: every large message delivered, by size and SHA-256
 * @param sites          stack {@code relay2}: each site and its members; empty otherwise
 * @param memberCaptures {@code --capture-per-member}: each member host's own capture (on its {@code eth0}); empty
 *                       otherwise, and then not written (older manifests read back byte for byte)
 * @param linkLosses     {@code --link-loss}: the links between members' hosts that dropped a share of their packets
 */
public record Manifest(
        String jgroupsVersion,
        String stack,
        String scenario,
        String cluster,
        String capture,
        String captureFilter,
        List<Integer> ports,
        long packets,
        long dropped,
        List<Member> members,
        List<SentMessage> sent,
        List<ReceivedMessage> received,
        List<InstalledView> views,
        Timings timings,
        List<LoadSent> loadSent,
        List<LoadReceived> loadReceived,
        List<String> protocols,
        List<Step> steps,
        List<RpcCall> rpcCalls,
        List<RpcHandled> rpcHandled,
        List<LargeSent> largeSent,
        List<LargeReceived> largeReceived,
        List<Site> sites,
        List<MemberCapture> memberCaptures,
        List<LinkLoss> linkLosses) {

    /** A manifest of one capture (or none), on a network without lossy links. */
    public Manifest(
            String jgroupsVersion,
            String stack,
            String scenario,
            String cluster,
            String capture,
            String captureFilter,
            List<Integer> ports,
            long packets,
            long dropped,
            List<Member> members,
            List<SentMessage> sent,
            List<ReceivedMessage> received,
            List<InstalledView> views,
            Timings timings,
            List<LoadSent> loadSent,
            List<LoadReceived> loadReceived,
            List<String> protocols,
            List<Step> steps,
            List<RpcCall> rpcCalls,
            List<RpcHandled> rpcHandled,
            List<LargeSent> largeSent,
            List<LargeReceived> largeReceived,
            List<Site> sites) {
        this(
                jgroupsVersion,
                stack,
                scenario,
                cluster,
                capture,
                captureFilter,
                ports,
                packets,
                dropped,
                members,
                sent,
                received,
                views,
                timings,
                loadSent,
                loadReceived,
                protocols,
                steps,
                rpcCalls,
                rpcHandled,
                largeSent,
                largeReceived,
                sites,
                List.of(),
                List.of());
    }

    /** A manifest of the fields every scenario has, plus load counts. */
    public Manifest(
            String jgroupsVersion,
            String stack,
            String scenario,
            String cluster,
            String capture,
            String captureFilter,
            List<Integer> ports,
            long packets,
            long dropped,
            List<Member> members,
            List<SentMessage> sent,
            List<ReceivedMessage> received,
            List<InstalledView> views,
            Timings timings,
            List<LoadSent> loadSent,
            List<LoadReceived> loadReceived) {
        this(
                jgroupsVersion,
                stack,
                scenario,
                cluster,
                capture,
                captureFilter,
                ports,
                packets,
                dropped,
                members,
                sent,
                received,
                views,
                timings,
                loadSent,
                loadReceived,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of());
    }

    /** A manifest of the fields every scenario has. */
    public Manifest(
            String jgroupsVersion,
            String stack,
            String scenario,
            String cluster,
            String capture,
            String captureFilter,
            List<Integer> ports,
            long packets,
            long dropped,
            List<Member> members,
            List<SentMessage> sent,
            List<ReceivedMessage> received,
            List<InstalledView> views,
            Timings timings) {
        this(
                jgroupsVersion,
                stack,
                scenario,
                cluster,
                capture,
                captureFilter,
                ports,
                packets,
                dropped,
                members,
                sent,
                received,
                views,
                timings,
                List.of(),
                List.of());
    }

    // --- the nested records ---

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

    /**
     * A view as {@code member} installed it: creator and counter of the view id, member names in order; for a
     * MergeView its subgroups (each a list of member names, as JGroups lists them), else none.
     *
     * @param atMillis when the runner read it, from the start of the run; -1 when unknown
     */
    public record InstalledView(
            String member, String creator, long id, List<String> members, List<List<String>> subgroups, long atMillis) {
        /** A view that is not a merge view, time unknown. */
        public InstalledView(String member, String creator, long id, List<String> members) {
            this(member, creator, id, members, List.of(), -1);
        }

        public boolean merge() {
            return !subgroups.isEmpty();
        }
    }

    /**
     * Something the runner did to the cluster: {@code crash} (members: the one killed with SIGKILL), {@code pause} and
     * {@code resume} (members: the one frozen with SIGSTOP, resumed with SIGCONT), {@code loss} and {@code heal}
     * with members (the one that loses a share of what it receives, and no longer),
     * {@code partition} (groups: the halves that cannot reach each other from now), {@code heal} (everything passes
     * again), {@code leave} (members: the one told to leave) or {@code join} (members: the one started).
     *
     * @param atMillis from the start of the run
     */
    public record Step(long atMillis, String action, List<String> members, List<List<String>> groups) {}

    /**
     * A synchronous RPC {@code echo(argument)} as its caller saw it return.
     *
     * @param destination the member called, or null for a call on every member
     * @param replies     per member that answered, its return value ({@code "B got rpc A#1 to all"}), or
     *                    {@code "!" + exception} when the call threw there
     */
    public record RpcCall(String caller, String destination, String argument, Map<String, String> replies) {}

    /** An RPC {@code echo(argument)} as {@code member} executed it. */
    public record RpcHandled(String member, String argument) {}

    /**
     * A large message as sent: {@code size} bytes with this lowercase hex SHA-256, starting with {@code head}
     * ({@code large A#1 150000}, then a-z repeated); {@code destination} null for a multicast.
     */
    public record LargeSent(String sender, String destination, int size, String sha256, String head) {}

    /** A RELAY2 site and its members (their views hold only these). */
    public record Site(String name, List<String> members) {}

    /**
     * A capture on one member's host ({@code eth0} in its namespace), as {@code tcpdump} on each pod would make it.
     *
     * @param file    the file's name, in the directory of the per-member captures
     * @param packets packets written, -1 when unknown
     * @param dropped packets the kernel dropped, -1 when unknown
     */
    public record MemberCapture(String member, String file, long packets, long dropped) {}

    /** A link that dropped about {@code percent} % of the packets from {@code from}'s host to {@code to}'s. */
    public record LinkLoss(String from, String to, int percent) {}

    /** The site of {@code member}, or null without sites. */
    public String siteOf(String member) {
        for (Site s : sites) if (s.members().contains(member)) return s.name();
        return null;
    }

    /** A large message as {@code receiver} delivered it, reassembled. */
    public record LargeReceived(
            String receiver, String sender, String destination, int size, String sha256, String head) {}

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

    // --- writing ---

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
            objects(g, "members", members, m -> {
                g.writeStringField("name", m.name());
                g.writeStringField("uuid", m.uuid());
                g.writeStringField("physical", m.physical());
            });
            objects(g, "sent", sent, m -> {
                g.writeStringField("sender", m.sender());
                g.writeStringField("destination", m.destination());
                g.writeStringField("text", m.text());
            });
            objects(g, "received", received, m -> {
                g.writeStringField("receiver", m.receiver());
                g.writeStringField("sender", m.sender());
                g.writeStringField("destination", m.destination());
                g.writeStringField("text", m.text());
            });
            objects(g, "views", views, v -> {
                g.writeStringField("member", v.member());
                g.writeStringField("creator", v.creator());
                g.writeNumberField("id", v.id());
                writeStrings(g, "members", v.members());
                if (v.merge()) writeLists(g, "subgroups", v.subgroups());
                g.writeNumberField("atMillis", v.atMillis());
            });
            objects(g, "loadSent", loadSent, l -> {
                g.writeStringField("sender", l.sender());
                g.writeNumberField("messages", l.messages());
                g.writeNumberField("size", l.size());
                g.writeNumberField("millis", l.millis());
            });
            objects(g, "loadReceived", loadReceived, l -> {
                g.writeStringField("receiver", l.receiver());
                g.writeStringField("sender", l.sender());
                g.writeNumberField("messages", l.messages());
            });
            writeStrings(g, "protocols", protocols);
            objects(g, "steps", steps, st -> {
                g.writeNumberField("atMillis", st.atMillis());
                g.writeStringField("action", st.action());
                writeStrings(g, "members", st.members());
                writeLists(g, "groups", st.groups());
            });
            objects(g, "rpcCalls", rpcCalls, c -> {
                g.writeStringField("caller", c.caller());
                g.writeStringField("destination", c.destination());
                g.writeStringField("argument", c.argument());
                g.writeObjectFieldStart("replies");
                for (Map.Entry<String, String> r : c.replies().entrySet()) g.writeStringField(r.getKey(), r.getValue());
                g.writeEndObject();
            });
            objects(g, "rpcHandled", rpcHandled, h -> {
                g.writeStringField("member", h.member());
                g.writeStringField("argument", h.argument());
            });
            objects(g, "largeSent", largeSent, l -> {
                g.writeStringField("sender", l.sender());
                g.writeStringField("destination", l.destination());
                g.writeNumberField("size", l.size());
                g.writeStringField("sha256", l.sha256());
                g.writeStringField("head", l.head());
            });
            objects(g, "largeReceived", largeReceived, l -> {
                g.writeStringField("receiver", l.receiver());
                g.writeStringField("sender", l.sender());
                g.writeStringField("destination", l.destination());
                g.writeNumberField("size", l.size());
                g.writeStringField("sha256", l.sha256());
                g.writeStringField("head", l.head());
            });
            objects(g, "sites", sites, site -> {
                g.writeStringField("name", site.name());
                writeStrings(g, "members", site.members());
            });
            if (!memberCaptures.isEmpty())
                objects(g, "memberCaptures", memberCaptures, c -> {
                    g.writeStringField("member", c.member());
                    g.writeStringField("file", c.file());
                    g.writeNumberField("packets", c.packets());
                    g.writeNumberField("dropped", c.dropped());
                });
            if (!linkLosses.isEmpty())
                objects(g, "linkLosses", linkLosses, l -> {
                    g.writeStringField("from", l.from());
                    g.writeStringField("to", l.to());
                    g.writeNumberField("percent", l.percent());
                });
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

    /** A string array, as field {@code name} of an object or (name null) as an element of an array. */
    /** Writes the fields of one item of an array of objects. */
    private interface ObjectFields<T> {
        void write(T item) throws IOException;
    }

    /** {@code "name": [{...}, ...]}, each object's fields written by {@code fields}. */
    private static <T> void objects(JsonGenerator g, String name, List<T> items, ObjectFields<T> fields)
            throws IOException {
        g.writeArrayFieldStart(name);
        for (T item : items) {
            g.writeStartObject();
            fields.write(item);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** {@code "name": [[...], ...]}: lists of strings. */
    private static void writeLists(JsonGenerator g, String name, List<List<String>> lists) throws IOException {
        g.writeArrayFieldStart(name);
        for (List<String> list : lists) writeStrings(g, null, list);
        g.writeEndArray();
    }

    private static void writeStrings(JsonGenerator g, String name, List<String> values) throws IOException {
        if (name != null) g.writeArrayFieldStart(name);
        else g.writeStartArray();
        for (String v : values) g.writeString(v);
        g.writeEndArray();
    }

    // --- reading ---

    /** Reads a manifest written by {@link #write}. */
    public static Manifest read(Path file) throws IOException {
        Map<String, Object> o = JsonValues.object(JsonValues.read(file), file.toString());
        List<Member> members = new ArrayList<>();
        for (Map<String, Object> m : JsonValues.objects(o, "members"))
            members.add(
                    new Member(JsonValues.str(m, "name"), JsonValues.str(m, "uuid"), JsonValues.str(m, "physical")));
        List<SentMessage> sent = new ArrayList<>();
        for (Map<String, Object> m : JsonValues.objects(o, "sent"))
            sent.add(new SentMessage(
                    JsonValues.str(m, "sender"), JsonValues.str(m, "destination"), JsonValues.str(m, "text")));
        List<ReceivedMessage> received = new ArrayList<>();
        for (Map<String, Object> m : JsonValues.objects(o, "received"))
            received.add(new ReceivedMessage(
                    JsonValues.str(m, "receiver"),
                    JsonValues.str(m, "sender"),
                    JsonValues.str(m, "destination"),
                    JsonValues.str(m, "text")));
        List<InstalledView> views = new ArrayList<>();
        for (Map<String, Object> v : JsonValues.objects(o, "views"))
            views.add(new InstalledView(
                    JsonValues.str(v, "member"),
                    JsonValues.str(v, "creator"),
                    JsonValues.num(v, "id"),
                    JsonValues.strings(v, "members"),
                    JsonValues.stringLists(v, "subgroups"),
                    JsonValues.num(v, "atMillis")));
        List<LoadSent> loadSent = new ArrayList<>();
        for (Map<String, Object> l : JsonValues.objects(o, "loadSent")) // absent before the load scenario existed
        loadSent.add(new LoadSent(
                JsonValues.str(l, "sender"),
                JsonValues.num(l, "messages"),
                (int) JsonValues.num(l, "size"),
                JsonValues.num(l, "millis")));
        List<LoadReceived> loadReceived = new ArrayList<>();
        for (Map<String, Object> l : JsonValues.objects(o, "loadReceived"))
            loadReceived.add(new LoadReceived(
                    JsonValues.str(l, "receiver"), JsonValues.str(l, "sender"), JsonValues.num(l, "messages")));
        Map<String, Object> t = JsonValues.object(o.get("timings"), "timings");
        Timings timings = new Timings(
                JsonValues.str(t, "startedAt"),
                JsonValues.num(t, "joinMillis"),
                JsonValues.num(t, "scenarioMillis"),
                JsonValues.num(t, "leaveMillis"),
                JsonValues.num(t, "totalMillis"));
        List<Integer> ports = new ArrayList<>();
        for (String p : JsonValues.strings(o, "ports")) ports.add(Integer.parseInt(p));
        List<Step> steps = new ArrayList<>();
        for (Map<String, Object> st : JsonValues.objects(o, "steps"))
            steps.add(new Step(
                    JsonValues.num(st, "atMillis"),
                    JsonValues.str(st, "action"),
                    JsonValues.strings(st, "members"),
                    JsonValues.stringLists(st, "groups")));
        List<RpcCall> rpcCalls = new ArrayList<>();
        for (Map<String, Object> c : JsonValues.objects(o, "rpcCalls")) {
            Map<String, String> replies = new LinkedHashMap<>();
            for (Map.Entry<String, Object> r :
                    JsonValues.object(c.get("replies"), "replies").entrySet())
                replies.put(r.getKey(), String.valueOf(r.getValue()));
            rpcCalls.add(new RpcCall(
                    JsonValues.str(c, "caller"),
                    JsonValues.str(c, "destination"),
                    JsonValues.str(c, "argument"),
                    Collections.unmodifiableMap(replies)));
        }
        List<RpcHandled> rpcHandled = new ArrayList<>();
        for (Map<String, Object> h : JsonValues.objects(o, "rpcHandled"))
            rpcHandled.add(new RpcHandled(JsonValues.str(h, "member"), JsonValues.str(h, "argument")));
        List<LargeSent> largeSent = new ArrayList<>();
        for (Map<String, Object> l : JsonValues.objects(o, "largeSent"))
            largeSent.add(new LargeSent(
                    JsonValues.str(l, "sender"),
                    JsonValues.str(l, "destination"),
                    (int) JsonValues.num(l, "size"),
                    JsonValues.str(l, "sha256"),
                    JsonValues.str(l, "head")));
        List<LargeReceived> largeReceived = new ArrayList<>();
        for (Map<String, Object> l : JsonValues.objects(o, "largeReceived"))
            largeReceived.add(new LargeReceived(
                    JsonValues.str(l, "receiver"),
                    JsonValues.str(l, "sender"),
                    JsonValues.str(l, "destination"),
                    (int) JsonValues.num(l, "size"),
                    JsonValues.str(l, "sha256"),
                    JsonValues.str(l, "head")));
        List<Site> sites = new ArrayList<>();
        for (Map<String, Object> st : JsonValues.objects(o, "sites"))
            sites.add(new Site(JsonValues.str(st, "name"), JsonValues.strings(st, "members")));
        List<MemberCapture> memberCaptures = new ArrayList<>();
        for (Map<String, Object> c : JsonValues.objects(o, "memberCaptures"))
            memberCaptures.add(new MemberCapture(
                    JsonValues.str(c, "member"),
                    JsonValues.str(c, "file"),
                    JsonValues.num(c, "packets"),
                    JsonValues.num(c, "dropped")));
        List<LinkLoss> linkLosses = new ArrayList<>();
        for (Map<String, Object> l : JsonValues.objects(o, "linkLosses"))
            linkLosses.add(new LinkLoss(
                    JsonValues.str(l, "from"), JsonValues.str(l, "to"), (int) JsonValues.num(l, "percent")));
        return new Manifest(
                JsonValues.str(o, "jgroupsVersion"),
                JsonValues.str(o, "stack"),
                JsonValues.str(o, "scenario"),
                JsonValues.str(o, "cluster"),
                JsonValues.str(o, "capture"),
                JsonValues.str(o, "captureFilter"),
                List.copyOf(ports),
                JsonValues.num(o, "packets"),
                JsonValues.num(o, "dropped"),
                List.copyOf(members),
                List.copyOf(sent),
                List.copyOf(received),
                List.copyOf(views),
                timings,
                List.copyOf(loadSent),
                List.copyOf(loadReceived),
                JsonValues.strings(o, "protocols"),
                List.copyOf(steps),
                List.copyOf(rpcCalls),
                List.copyOf(rpcHandled),
                List.copyOf(largeSent),
                List.copyOf(largeReceived),
                List.copyOf(sites),
                List.copyOf(memberCaptures),
                List.copyOf(linkLosses));
    }
}
