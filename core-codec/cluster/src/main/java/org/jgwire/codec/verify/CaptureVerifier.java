package org.jgwire.codec.verify;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.cluster.ManifestCheck;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * Checks a decoded capture against the {@link Manifest} its cluster run wrote: fed the decoder's records in order
 * (as a {@code Consumer<Record>}), then asked for a {@link VerifyReport}.
 *
 * <ul>
 *   <li>{@code message}: every application message the manifest lists is on the wire as many times as the stack
 *       puts it there ({@link ManifestCheck#expectedCopies}), each copy with the sender's UUID as src and the
 *       addressee's as dest (none for a multicast). A copy JGroups retransmitted is told by its headers (NAKACK2
 *       XMIT_RSP; a UNICAST3 DATA repeated with the same conn_id and seqno on the same connection) and not counted
 *       as extra. A text message no one sent, above no protocol but NAKACK2/UNICAST3, is extra.</li>
 *   <li>{@code load}: scenario {@code load}: each member's load multicasts, counted on the wire.</li>
 *   <li>{@code name}: every member's UUID is bound on the wire (discovery, MERGE3, GossipRouter) to its logical name
 *       and physical address; a binding for an address that is no member is extra.</li>
 *   <li>{@code view}: the final view of every member, and the full view, are on the wire with the members' UUIDs in
 *       order (a view of only its creator reaches the wire only where the stack multicasts over the network:
 *       {@code udp}, {@code tunnel}); a view on the wire that no member installed is extra.</li>
 *   <li>On the {@code relay2} stack (two sites bridged by their site masters) a message counts when one copy has
 *       its sender as src or as RELAY2's {@code original_sender}; the copies site masters forward are counted apart,
 *       and the site masters' bridge channels ({@code _A}) with their view are not extra.</li>
 *   <li>{@code rpc}, {@code large}, {@code merge}: the scenario's RPC requests and responses, large messages'
 *       fragments and merge views, by {@link ManifestCheck#checkScenario}.</li>
 *   <li>{@code decode}: every frame decoded (an error record is a mismatch).</li>
 *   <li>On the {@code encrypt} stack application messages and views travel encrypted: they are {@code UNSEEN}, and
 *       a sent text found in clear is a mismatch; names (discovery sits below SYM_ENCRYPT) are checked as usual.</li>
 * </ul>
 *
 * <p>Memory grows with what the manifest lists and the distinct addresses and views on the wire, not with the
 * capture: load traffic is only counted.
 */
public final class CaptureVerifier implements Consumer<Record> {
    /** Extra messages and decode errors listed one by one; beyond this they are only counted. */
    static final int MAX_LISTED = 50;

    private final Manifest manifest;
    private final Map<String, Manifest.Member> byUuid = new HashMap<>();
    private final Map<String, Expected> expected = new LinkedHashMap<>();
    private final Map<String, long[]> loadCopies = new LinkedHashMap<>();
    private final Map<String, Set<String>> bindings = new LinkedHashMap<>();
    private final Map<String, Set<List<String>>> views = new LinkedHashMap<>();
    private final Set<String> unicastSeen = new java.util.HashSet<>();
    private final List<VerifyItem> extras = new ArrayList<>();
    private final List<VerifyItem> errors = new ArrayList<>();
    private long extraCount, errorCount, messageCount;
    /** Scenario large: per message head, its copies on the wire reassembled whole from its sender. */
    private final Map<String, int[]> largeWhole = new LinkedHashMap<>();
    /** Records the scenario checks need (views, RPCs, fragments), kept only when the manifest has such ground truth. */
    private final List<Record> scenarioRecords = new ArrayList<>();

    private final boolean scenario;

    /** What one sent message (sender, destination, text) should leave on the wire, and what did. */
    private static final class Expected {
        final Manifest.SentMessage sent;
        int copies, found, retransmitted, forwarded;
        final List<String> wrong = new ArrayList<>();

        Expected(Manifest.SentMessage sent) {
            this.sent = sent;
        }
    }

    public CaptureVerifier(Manifest manifest) {
        this.manifest = manifest;
        for (Manifest.Member m : manifest.members()) byUuid.put(m.uuid().toLowerCase(Locale.ROOT), m);
        for (Manifest.SentMessage s : manifest.sent())
            expected.computeIfAbsent(s.text(), t -> new Expected(s)).copies +=
                    ManifestCheck.expectedCopies(manifest, s);
        for (Manifest.LoadSent l : manifest.loadSent()) loadCopies.put(l.sender(), new long[1]);
        for (Manifest.LargeSent l : manifest.largeSent()) largeWhole.put(l.head(), new int[1]);
        scenario = !manifest.rpcCalls().isEmpty()
                || !manifest.largeSent().isEmpty()
                || manifest.views().stream().anyMatch(Manifest.InstalledView::merge);
    }

    @Override
    public void accept(Record r) {
        if (r instanceof ErrorRecord e) {
            if (errorCount++ < MAX_LISTED)
                errors.add(new VerifyItem(
                        "decode", "packet " + e.frame().packet(), Outcome.MISMATCH, e.problem() + ": " + e.message()));
        } else if (r instanceof GossipRecord g) {
            g.discovery().forEach(this::bind);
        } else if (r instanceof MessageRecord m) {
            messageCount++;
            m.discovery().forEach(this::bind);
            if (m.view() != null) view(m.view());
            if (m.payload() != null) payload(m);
            if (scenario && (m.view() != null || m.header("RequestCorrelator") != null || fragment(m)))
                scenarioRecords.add(m);
        }
    }

    private void bind(Discovery d) {
        if (d.address() == null || d.address().id() == null) return;
        bindings.computeIfAbsent(d.address().id().toLowerCase(Locale.ROOT), k -> new LinkedHashSet<>())
                .add(d.logicalName() + " " + d.physical());
    }

    private void view(ViewInfo v) {
        List<String> members = new ArrayList<>();
        for (NodeAddress a : v.members()) members.add(a == null ? null : a.id().toLowerCase(Locale.ROOT));
        String creator = v.creator() == null ? "?" : v.creator().id().toLowerCase(Locale.ROOT);
        views.computeIfAbsent(creator + "|" + v.id(), k -> new LinkedHashSet<>())
                .add(members);
    }

    private void payload(MessageRecord m) {
        String text = m.payload().text();
        Expected e = text == null ? null : expected.get(text);
        if (e != null) {
            copy(m, e);
        } else if (text != null && large(m, text)) {
            return;
        } else if (isLoad(m)) {
            long[] n = loadCopies.get(loadSender(m));
            if (n != null && !retransmission(m)) n[0]++;
        } else if (text != null && isApplication(m) && !retransmission(m)) {
            extraCount++;
            if (extras.size() < MAX_LISTED)
                extras.add(new VerifyItem(
                        "message",
                        "'" + text + "' " + from(m),
                        Outcome.EXTRA,
                        "packet " + m.frame().packet() + ": a message no member sent"));
        }
    }

    private void copy(MessageRecord m, Expected e) {
        Manifest.Member sender = manifest.member(e.sent.sender());
        if (relayed()) {
            // site masters forward it across the bridge and into the other site under their own addresses
            if (sender != null && (sameId(m.src(), sender.uuid()) || originalSender(m, sender))) e.found++;
            else e.forwarded++;
            return;
        }
        Manifest.Member dest = e.sent.multicast() ? null : manifest.member(e.sent.destination());
        if (sender == null || !sameId(m.src(), sender.uuid())) {
            e.wrong.add("packet " + m.frame().packet() + " has src " + m.src());
        } else if (e.sent.multicast() ? m.dest() != null : dest == null || !sameId(m.dest(), dest.uuid())) {
            e.wrong.add("packet " + m.frame().packet() + " has dest " + (m.dest() == null ? "none" : m.dest()));
        } else if (retransmission(m)) {
            e.retransmitted++;
        } else {
            e.found++;
        }
    }

    /**
     * A large message of the manifest, reassembled from its fragments by the decoder (the default): counted when whole
     * (its size) and from its sender. True when the text is one (never an extra message then).
     */
    private boolean large(MessageRecord m, String text) {
        for (Manifest.LargeSent l : manifest.largeSent()) {
            if (!text.startsWith(l.head())) continue;
            Manifest.Member sender = manifest.member(l.sender());
            if (m.payload().length() == l.size() && sender != null && sameId(m.src(), sender.uuid()) && !fragment(m))
                largeWhole.get(l.head())[0]++;
            return true;
        }
        return false;
    }

    /**
     * Whether JGroups sent this copy again: a NAKACK2 XMIT_RSP, or a UNICAST3 DATA already seen with the same
     * conn_id and seqno between the same endpoints (UNICAST3 resends unacknowledged messages unchanged).
     */
    private boolean retransmission(MessageRecord m) {
        HeaderRecord nak = header(m, "NAKACK");
        if (nak != null && "XMIT_RSP".equals(nak.field("type"))) return true;
        HeaderRecord uni = header(m, "UNICAST");
        if (uni == null || !"DATA".equals(uni.field("type"))) return false;
        String key = m.frame().src() + ">" + m.frame().dst() + " " + m.src() + ">" + m.dest() + " conn "
                + uni.field("conn_id") + " seqno " + uni.field("seqno");
        return !unicastSeen.add(key);
    }

    /** The first header of a protocol whose name starts with this (NAKACK2/NAKACK4, UNICAST3/UNICAST4). */
    private static HeaderRecord header(MessageRecord m, String protocolPrefix) {
        for (HeaderRecord h : m.headers()) if (h.protocol().startsWith(protocolPrefix)) return h;
        return null;
    }

    private static boolean fragment(MessageRecord m) {
        for (HeaderRecord h : m.headers()) if (h.protocol().startsWith("FRAG")) return true;
        return false;
    }

    /** Sent by the application: no protocol above the reliable layer put a header on it. */
    private static boolean isApplication(MessageRecord m) {
        if (m.headers().isEmpty()) return false;
        String first = m.headers().get(0).protocol();
        return first.startsWith("NAKACK") || first.startsWith("UNICAST");
    }

    private static final byte[] LOAD = "load ".getBytes(StandardCharsets.US_ASCII);

    private static boolean isLoad(MessageRecord m) {
        byte[] h = m.payload().head();
        if (h == null || h.length < LOAD.length + 2) return false;
        for (int i = 0; i < LOAD.length; i++) if (h[i] != LOAD[i]) return false;
        return true;
    }

    /** {@code load A#17/1000 ...}: the name before '#'. */
    private static String loadSender(MessageRecord m) {
        byte[] h = m.payload().head();
        int end = LOAD.length;
        while (end < h.length && h[end] != '#') end++;
        return new String(h, LOAD.length, end - LOAD.length, StandardCharsets.US_ASCII);
    }

    private String from(MessageRecord m) {
        return nameOf(m.src()) + " -> " + (m.dest() == null ? "all" : nameOf(m.dest()));
    }

    private String nameOf(NodeAddress a) {
        if (a == null || a.id() == null) return "?";
        Manifest.Member mb = byUuid.get(a.id().toLowerCase(Locale.ROOT));
        return mb != null ? mb.name() : a.id();
    }

    private static final String ENCRYPTED =
            "SYM_ENCRYPT sits below NAKACK2 and UNICAST3, so the payloads of application"
                    + " messages and views travel encrypted";

    /** The {@code encrypt} stack: application payloads and views are ciphertext on the wire. */
    private boolean encrypted() {
        return manifest.stack().equals("encrypt");
    }

    /** The {@code relay2} stack: two sites bridged by their site masters (the manifest lists the sites). */
    private boolean relayed() {
        return !manifest.sites().isEmpty();
    }

    /** RELAY2's header names the member that sent a relayed message ({@code original_sender}). */
    private static boolean originalSender(MessageRecord m, Manifest.Member sender) {
        HeaderRecord relay = m.header("RELAY2");
        Object o = relay == null ? null : relay.field("original_sender");
        if (o instanceof NodeAddress a) return sameId(a, sender.uuid());
        return o != null
                && (o.toString().equals(sender.name())
                        || o.toString()
                                .toLowerCase(Locale.ROOT)
                                .contains(sender.uuid().toLowerCase(Locale.ROOT)));
    }

    /**
     * relay2: the addresses of the site masters' bridge channels, which RELAY2 names {@code _} + the member's name;
     * they are named and form a view (the bridge cluster) on the wire without being members.
     */
    private Set<String> bridgeAddresses() {
        Set<String> out = new java.util.HashSet<>();
        if (!relayed()) return out;
        for (Map.Entry<String, Set<String>> e : bindings.entrySet())
            for (String b : e.getValue())
                if (b.startsWith("_") && manifest.member(b.substring(1, b.indexOf(' '))) != null) out.add(e.getKey());
        return out;
    }

    private static boolean sameId(NodeAddress a, String uuid) {
        return a != null && a.id() != null && a.id().equalsIgnoreCase(uuid);
    }

    /** Copies of the manifest's messages that JGroups retransmitted (NAKACK2 XMIT_RSP, repeated UNICAST3 DATA). */
    public int retransmissions() {
        int n = 0;
        for (Expected e : expected.values()) n += e.retransmitted;
        return n;
    }

    /** The report on everything fed so far. */
    public VerifyReport report() {
        List<VerifyItem> items = new ArrayList<>();
        messages(items);
        load(items);
        names(items);
        views(items);
        scenario(items);
        items.addAll(errors);
        if (errorCount > errors.size())
            items.add(new VerifyItem(
                    "decode",
                    "more errors",
                    Outcome.MISMATCH,
                    (errorCount - errors.size()) + " more frames not decoded"));
        return new VerifyReport(
                manifest.jgroupsVersion(),
                manifest.stack(),
                manifest.scenario(),
                manifest.members().size(),
                messageCount,
                items);
    }

    private void messages(List<VerifyItem> items) {
        for (Expected e : expected.values()) {
            String what = "'" + e.sent.text() + "' " + e.sent.sender() + " -> "
                    + (e.sent.multicast() ? "all" : e.sent.destination());
            String counts = e.found + " of " + e.copies + (e.copies == 1 ? " copy" : " copies") + " ("
                    + manifest.stack() + ")" + (e.retransmitted > 0 ? ", " + e.retransmitted + " retransmitted" : "");
            Outcome o = e.found == e.copies ? Outcome.OK : e.found < e.copies ? Outcome.MISSING : Outcome.EXTRA;
            if (relayed()) {
                o = e.found > 0 ? Outcome.OK : Outcome.MISSING;
                counts = e.found + (e.found == 1 ? " copy" : " copies") + " from its sender, " + e.forwarded
                        + " forwarded by site masters (relay2)";
            }
            if (encrypted()) {
                o = e.found + e.retransmitted + e.wrong.size() == 0 ? Outcome.UNSEEN : Outcome.MISMATCH;
                counts = o == Outcome.UNSEEN ? ENCRYPTED : "in clear on the wire, though the stack encrypts it";
            }
            items.add(new VerifyItem("message", what, o, counts));
            for (String w : e.wrong) items.add(new VerifyItem("message", what, Outcome.MISMATCH, w));
        }
        items.addAll(extras);
        if (extraCount > extras.size())
            items.add(new VerifyItem(
                    "message",
                    "more messages",
                    Outcome.EXTRA,
                    (extraCount - extras.size()) + " more messages no member sent"));
    }

    private void load(List<VerifyItem> items) {
        for (Manifest.LoadSent l : manifest.loadSent()) {
            long want = l.messages()
                    * ManifestCheck.expectedCopies(manifest, new Manifest.SentMessage(l.sender(), null, ""));
            long got = loadCopies.get(l.sender())[0];
            Outcome o = got == want ? Outcome.OK : got < want ? Outcome.MISSING : Outcome.EXTRA;
            items.add(new VerifyItem(
                    "load",
                    l.messages() + " load messages from " + l.sender(),
                    o,
                    got + " of " + want + " copies on the wire"));
        }
    }

    /** Merge views, RPCs and large messages, by ManifestCheck's scenario checks. */
    private void scenario(List<VerifyItem> items) {
        if (!scenario || encrypted()) return;
        List<String> problems = ManifestCheck.checkScenario(manifest, scenarioRecords);
        List<String> rpc = new ArrayList<>(), large = new ArrayList<>(), merge = new ArrayList<>();
        for (String p : problems) (p.startsWith("RPC ") ? rpc : p.startsWith("large message") ? large : merge).add(p);
        if (!manifest.rpcCalls().isEmpty()) {
            for (String p : rpc) items.add(new VerifyItem("rpc", p.substring(0, p.indexOf(':')), Outcome.MISMATCH, p));
            if (rpc.isEmpty())
                items.add(new VerifyItem(
                        "rpc",
                        manifest.rpcCalls().size() + " calls",
                        Outcome.OK,
                        "every request and " + "response on the wire as often as the " + manifest.stack()
                                + " stack carries it"));
        }
        for (Manifest.LargeSent l : manifest.largeSent()) {
            String what =
                    "'" + l.head() + "' " + l.sender() + " -> " + (l.destination() == null ? "all" : l.destination());
            int want =
                    ManifestCheck.expectedCopies(manifest, new Manifest.SentMessage(l.sender(), l.destination(), ""));
            int whole = largeWhole.get(l.head())[0];
            List<String> fragments = large.stream()
                    .filter(p -> p.startsWith("large message '" + l.head() + "'"))
                    .toList();
            if (whole == want)
                items.add(new VerifyItem(
                        "large",
                        what,
                        Outcome.OK,
                        whole + " of " + want + " reassembled from its " + "fragments, " + l.size()
                                + " bytes from its sender"));
            else if (whole == 0 && fragments.isEmpty()) // decoded without reassembly: ManifestCheck found the fragments
            items.add(new VerifyItem("large", what, Outcome.OK, l.size() + " bytes in fragments from its sender"));
            else if (whole > 0)
                items.add(new VerifyItem(
                        "large",
                        what,
                        whole < want ? Outcome.MISSING : Outcome.EXTRA,
                        whole + " of " + want + " reassembled whole from its sender"));
            else for (String p : fragments) items.add(new VerifyItem("large", what, Outcome.MISSING, p));
        }
        java.util.Set<String> done = new java.util.HashSet<>();
        for (Manifest.InstalledView v : manifest.views()) {
            if (!v.merge() || !done.add(key(v))) continue;
            String what = key(v) + " " + v.members() + " of " + v.subgroups();
            List<String> mine = merge.stream()
                    .filter(p -> p.startsWith("the merge view " + key(v) + " "))
                    .toList();
            if (mine.isEmpty()) items.add(new VerifyItem("merge", what, Outcome.OK, "on the wire with its subgroups"));
            for (String p : mine) items.add(new VerifyItem("merge", what, Outcome.MISSING, p));
        }
        for (String p : merge)
            if (!p.startsWith("the merge view ")) items.add(new VerifyItem("merge", "merge", Outcome.MISMATCH, p));
    }

    private void names(List<VerifyItem> items) {
        for (Manifest.Member m : manifest.members()) {
            String what = m.name() + " " + m.uuid();
            Set<String> b = bindings.get(m.uuid().toLowerCase(Locale.ROOT));
            String want = m.name() + " " + m.physical();
            if (b == null) items.add(new VerifyItem("name", what, Outcome.MISSING, "never named on the wire"));
            else if (b.equals(Set.of(want))) items.add(new VerifyItem("name", what, Outcome.OK, "named " + want));
            else
                items.add(new VerifyItem(
                        "name",
                        what,
                        Outcome.MISMATCH,
                        "named " + String.join(", then ", b) + " on the wire; expected " + want));
        }
        Set<String> bridge = bridgeAddresses();
        for (Map.Entry<String, Set<String>> e : bindings.entrySet())
            if (bridge.contains(e.getKey()))
                items.add(new VerifyItem(
                        "name",
                        e.getKey(),
                        Outcome.OK,
                        "named " + String.join(", then ", e.getValue()) + ": a site master's bridge channel (RELAY2)"));
            else if (!byUuid.containsKey(e.getKey()))
                items.add(new VerifyItem(
                        "name",
                        e.getKey(),
                        Outcome.EXTRA,
                        "named " + String.join(", then ", e.getValue()) + " on the wire; no member has this address"));
    }

    private void views(List<VerifyItem> items) {
        Map<String, Manifest.InstalledView> wanted = new LinkedHashMap<>();
        Map<String, List<String>> whose = new LinkedHashMap<>();
        Map<String, Manifest.InstalledView> last = new LinkedHashMap<>();
        for (Manifest.InstalledView v : manifest.views()) last.put(v.member(), v);
        Manifest.InstalledView full = fullView();
        if (full != null) {
            wanted.put(key(full), full);
            whose.computeIfAbsent(key(full), k -> new ArrayList<>()).add("full view");
        }
        for (Manifest.InstalledView v : last.values()) {
            wanted.putIfAbsent(key(v), v);
            whose.computeIfAbsent(key(v), k -> new ArrayList<>()).add("final view of " + v.member());
        }
        if (full == null) items.add(new VerifyItem("view", "full view", Outcome.MISSING, "no member installed a view"));
        for (Map.Entry<String, Manifest.InstalledView> e : wanted.entrySet()) {
            Manifest.InstalledView v = e.getValue();
            String what = key(v) + " " + v.members() + " (" + String.join(", ", whose.get(e.getKey())) + ")";
            List<String> uuids = uuids(v);
            Set<List<String>> seen = uuids == null ? null : views.get(uuidOf(v.creator()) + "|" + v.id());
            if (uuids == null)
                items.add(new VerifyItem("view", what, Outcome.MISMATCH, "names a member that is not in the manifest"));
            else if (seen != null && seen.contains(uuids))
                items.add(new VerifyItem("view", what, Outcome.OK, "on the wire"));
            else if (seen != null)
                items.add(new VerifyItem(
                        "view", what, Outcome.MISMATCH, "on the wire with members " + memberLists(seen)));
            else if (encrypted())
                items.add(new VerifyItem("view", what, Outcome.UNSEEN, "not on the wire in clear: " + ENCRYPTED));
            else if (mustBeOnWire(v)) items.add(new VerifyItem("view", what, Outcome.MISSING, "not on the wire"));
            else
                items.add(
                        new VerifyItem(
                                "view",
                                what,
                                Outcome.UNSEEN,
                                "not on the wire; a view only its creator"
                                        + " installs reaches the wire only where the stack multicasts over the network (udp, tunnel)"));
        }
        Set<String> installed = new LinkedHashSet<>();
        for (Manifest.InstalledView v : manifest.views()) {
            List<String> u = uuids(v);
            if (u != null) installed.add(uuidOf(v.creator()) + "|" + v.id() + " " + u);
        }
        Set<String> bridge = bridgeAddresses();
        for (Map.Entry<String, Set<List<String>>> e : views.entrySet())
            for (List<String> members : e.getValue())
                if (!bridge.isEmpty() && bridge.containsAll(members))
                    items.add(new VerifyItem(
                            "view",
                            display(e.getKey(), members),
                            Outcome.OK,
                            "the site masters' bridge cluster (RELAY2)"));
                else if (!installed.contains(e.getKey() + " " + members))
                    items.add(new VerifyItem(
                            "view",
                            display(e.getKey(), members),
                            Outcome.EXTRA,
                            "on the wire; no member installed it"));
    }

    /**
     * The full view, as ManifestCheck picks it: the first view with the most members (all of them, unless one left or
     * crashed before another joined).
     */
    private Manifest.InstalledView fullView() {
        Manifest.InstalledView full = null;
        for (Manifest.InstalledView v : manifest.views())
            if (full == null || v.members().size() > full.members().size()) full = v;
        return full;
    }

    /**
     * A view of two or more members goes to them over the wire; a view of its creator alone is multicast over the
     * network by udp (to the group address) and tunnel (through the router), never by tcp (TCP.sendToAll skips the
     * sender). The first member's own initial view (id 0) is never sent.
     */
    private boolean mustBeOnWire(Manifest.InstalledView v) {
        if (v.members().size() >= 2) return true;
        if (v.id() == 0) return false;
        return manifest.stack().equals("udp") || manifest.stack().equals("tunnel");
    }

    private static String key(Manifest.InstalledView v) {
        return v.creator() + "|" + v.id();
    }

    private String uuidOf(String name) {
        Manifest.Member m = manifest.member(name);
        return m == null ? null : m.uuid().toLowerCase(Locale.ROOT);
    }

    private List<String> uuids(Manifest.InstalledView v) {
        List<String> out = new ArrayList<>();
        for (String n : v.members()) {
            String u = uuidOf(n);
            if (u == null) return null;
            out.add(u);
        }
        return uuidOf(v.creator()) == null ? null : out;
    }

    private String display(String key, List<String> members) {
        int bar = key.lastIndexOf('|');
        Manifest.Member c = byUuid.get(key.substring(0, bar));
        return (c != null ? c.name() : key.substring(0, bar)) + key.substring(bar) + " " + memberNames(members);
    }

    /** Member names for the UUIDs the manifest knows, the UUID itself for any other. */
    private List<String> memberNames(List<String> uuids) {
        List<String> out = new ArrayList<>();
        for (String u : uuids) {
            Manifest.Member m = u == null ? null : byUuid.get(u);
            out.add(m != null ? m.name() : u);
        }
        return out;
    }

    private String memberLists(Set<List<String>> lists) {
        List<String> out = new ArrayList<>();
        for (List<String> l : lists) out.add(memberNames(l).toString());
        return String.join(" and ", out);
    }
}
