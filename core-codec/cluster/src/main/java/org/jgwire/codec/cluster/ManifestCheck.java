package org.jgwire.codec.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * Compares what a test cluster did (its {@link Manifest}) with what the decoder found in its capture.
 *
 * <p>Every application message must be on the wire exactly as many times as the stack puts it there, each copy
 * with the sender's UUID as src, the text as payload and the right destination; and the full view (the last
 * view holding every member) must be on the wire with the members' UUIDs in order. Copies per send:
 * <ul>
 *   <li>{@code udp}: one datagram per send, multicast or unicast;</li>
 *   <li>{@code tcp} and {@code tcp-nio}: a unicast once; a multicast once per other member ({@code TCP.sendToAll} skips the sender,
 *       who gets its own copy by loopback);</li>
 *   <li>{@code tunnel}: a unicast twice (member to router, router to member); a multicast once to the router and
 *       once from it to every member, the sender included (GossipRouter routes to the whole group).</li>
 * </ul>
 * Scenario ground truth is checked the same way: every merge view a member installed is on the wire
 * ({@code partition-merge}); every RPC request and response is there as often as the stack carries it, by its
 * RequestCorrelator header ({@code rpc}); and every large message is there as fragments from its sender whose
 * first one starts with the message's head and whose lengths add up to its size ({@code large}; with FRAG4
 * the fragments carry the whole serialized message, so they add up to a little more), or, decoded with fragment
 * reassembly (the default), as reassembled messages of its size from its sender that start with its head.
 */
public final class ManifestCheck {
    private ManifestCheck() {}

    /** Readable mismatches, empty when the capture holds exactly what the manifest says. */
    public static List<String> check(Manifest manifest, List<? extends Record> records) {
        List<String> problems = new ArrayList<>();
        List<MessageRecord> messages = new ArrayList<>();
        for (Record r : records) if (r instanceof MessageRecord m) messages.add(m);
        // SYM_ENCRYPT sits below NAKACK2: texts, views, RPCs and fragments all travel encrypted
        if (manifest.stack().equals("encrypt")) return problems;
        for (Manifest.SentMessage sent : manifest.sent()) checkMessage(manifest, sent, messages, problems);
        checkFullView(manifest, messages, problems);
        checkMergeViews(manifest, messages, problems);
        checkRpcCalls(manifest, messages, problems);
        for (Manifest.LargeSent large : manifest.largeSent()) checkLarge(manifest, large, messages, problems);
        return problems;
    }

    /**
     * The scenario checks alone: merge views, RPC requests and responses, large messages' fragments (for
     * {@code jgwire verify}, which checks messages, names and views itself and reports them item by item).
     */
    public static List<String> checkScenario(Manifest manifest, List<? extends Record> records) {
        List<String> problems = new ArrayList<>();
        if (manifest.stack().equals("encrypt")) return problems; // see check()
        List<MessageRecord> messages = new ArrayList<>();
        for (Record r : records) if (r instanceof MessageRecord m) messages.add(m);
        checkMergeViews(manifest, messages, problems);
        checkRpcCalls(manifest, messages, problems);
        for (Manifest.LargeSent large : manifest.largeSent()) checkLarge(manifest, large, messages, problems);
        return problems;
    }

    /** How many copies of {@code sent} the stack puts on the wire (see the class comment). */
    public static int expectedCopies(Manifest manifest, Manifest.SentMessage sent) {
        int members = manifest.members().size();
        return switch (manifest.stack()) {
            case "tcp", "tcp-nio", "xml-tcp", "xml-tcp_nio2" -> sent.multicast() ? members - 1 : 1;
            case "tunnel" -> sent.multicast() ? 1 + members : 2;
            default -> 1;
        };
    }

    private static void checkMessage(
            Manifest manifest, Manifest.SentMessage sent, List<MessageRecord> messages, List<String> problems) {
        if (!manifest.sites().isEmpty()) {
            checkRelayed(manifest, sent, messages, problems);
            return;
        }
        Manifest.Member sender = manifest.member(sent.sender());
        Manifest.Member dest = sent.multicast() ? null : manifest.member(sent.destination());
        String what = "'" + sent.text() + "' from " + sent.sender()
                + (sent.multicast() ? " to all" : " to " + sent.destination());
        if (sender == null || (!sent.multicast() && dest == null)) {
            problems.add(what + ": sender or destination is not a member in the manifest");
            return;
        }
        int copies = 0;
        for (MessageRecord m : messages) {
            if (m.payload() == null || !sent.text().equals(m.payload().text())) continue;
            if (!sameId(m.src(), sender.uuid())) {
                problems.add(what + ": a copy (packet " + m.frame().packet() + ") has src " + m.src() + ", expected "
                        + sender.uuid());
            } else if (sent.multicast() ? m.dest() != null : !sameId(m.dest(), dest.uuid())) {
                problems.add(what + ": a copy (packet " + m.frame().packet() + ") has dest " + m.dest() + ", expected "
                        + (dest == null ? "none (multicast)" : dest.uuid()));
            } else {
                copies++;
            }
        }
        int expected = expectedCopies(manifest, sent);
        if (copies != expected)
            problems.add(
                    what + ": " + copies + " copies on the wire, expected " + expected + " (" + manifest.stack() + ")");
    }

    /**
     * relay2: a message crosses its site, the bridge and the other site, forwarded by site masters under their own
     * addresses (RELAY2's header keeps the original sender; a site master's own message leaves on the bridge
     * from its bridge address), so it is checked for one copy from its sender: the sender's UUID as src, or as
     * RELAY2's {@code original_sender}.
     */
    private static void checkRelayed(
            Manifest manifest, Manifest.SentMessage sent, List<MessageRecord> messages, List<String> problems) {
        Manifest.Member sender = manifest.member(sent.sender());
        for (MessageRecord m : messages) {
            if (m.payload() == null || !sent.text().equals(m.payload().text()) || sender == null) continue;
            if (sameId(m.src(), sender.uuid())) return;
            org.jgwire.codec.model.HeaderRecord relay = m.header("RELAY2");
            Object original = relay == null ? null : relay.field("original_sender");
            if (original instanceof NodeAddress a
                    ? sameId(a, sender.uuid())
                    : original != null
                            && (original.toString().equals(sent.sender())
                                    || original.toString()
                                            .toLowerCase(Locale.ROOT)
                                            .contains(sender.uuid().toLowerCase(Locale.ROOT)))) return;
        }
        problems.add("'" + sent.text() + "' from " + sent.sender() + ": no copy on the wire with the sender as src or"
                + " as RELAY2's original_sender");
    }

    /**
     * The first view with the most members (all of them, unless one left or crashed before another joined) is on
     * the wire with the members' UUIDs in order: the joiner got it whole in its JOIN_RSP.
     */
    private static void checkFullView(Manifest manifest, List<MessageRecord> messages, List<String> problems) {
        Manifest.InstalledView full = null;
        for (Manifest.InstalledView v : manifest.views())
            if (full == null || v.members().size() > full.members().size()) full = v;
        if (full == null) {
            problems.add("no member installed a view");
            return;
        }
        if (full.members().size() < 2) return; // a lone member's views never go on the wire
        List<String> uuids = new ArrayList<>();
        for (String name : full.members())
            uuids.add(manifest.member(name).uuid().toLowerCase(Locale.ROOT));
        for (MessageRecord m : messages) {
            ViewInfo v = m.view();
            if (v == null || v.id() != full.id() || v.members().size() != uuids.size()) continue;
            boolean same = true;
            for (int i = 0; i < uuids.size() && same; i++)
                same = sameId(v.members().get(i), uuids.get(i));
            if (same) return;
        }
        problems.add("the full view " + full.creator() + "|" + full.id() + " " + full.members()
                + " is not on the wire with members " + uuids);
    }

    /** Every merge view a member installed is on the wire as a MERGE_VIEW with the same id, members and subgroups. */
    private static void checkMergeViews(Manifest manifest, List<MessageRecord> messages, List<String> problems) {
        Set<String> done = new HashSet<>();
        for (Manifest.InstalledView v : manifest.views()) {
            if (!v.merge() || !done.add(v.creator() + "|" + v.id())) continue;
            List<String> uuids = uuids(manifest, v.members());
            Set<Set<String>> subgroups = new HashSet<>();
            for (List<String> g : v.subgroups()) subgroups.add(new HashSet<>(uuids(manifest, g)));
            boolean found = false;
            for (MessageRecord m : messages) {
                ViewInfo w = m.view();
                if (w == null
                        || !"MERGE_VIEW".equals(w.kind())
                        || w.id() != v.id()
                        || !ids(w.members()).equals(uuids)) continue;
                Set<Set<String>> wire = new HashSet<>();
                for (List<NodeAddress> g : w.subgroups()) wire.add(new HashSet<>(ids(g)));
                if (wire.equals(subgroups)) found = true;
            }
            if (!found)
                problems.add("the merge view " + v.creator() + "|" + v.id() + " " + v.members() + " of " + v.subgroups()
                        + " is not on the wire as a MERGE_VIEW with members " + uuids);
        }
    }

    /**
     * RPC requests (RequestCorrelator header type 0) from each caller and responses (type 1) from each member to
     * it: as many as the calls and replies in the manifest, each as often as the stack carries a multicast or a
     * unicast. A member's reply to its own call never goes on the wire.
     */
    private static void checkRpcCalls(Manifest manifest, List<MessageRecord> messages, List<String> problems) {
        Map<String, Integer> want = new TreeMap<>();
        for (Manifest.RpcCall c : manifest.rpcCalls()) {
            Manifest.SentMessage asSent = new Manifest.SentMessage(c.caller(), c.destination(), c.argument());
            want.merge("request from " + c.caller(), expectedCopies(manifest, asSent), Integer::sum);
            for (String replier : c.replies().keySet()) {
                if (replier.equals(c.caller())) continue;
                Manifest.SentMessage reply = new Manifest.SentMessage(replier, c.caller(), "");
                want.merge(
                        "response from " + replier + " to " + c.caller(),
                        expectedCopies(manifest, reply),
                        Integer::sum);
            }
        }
        if (want.isEmpty()) return;
        Map<String, Integer> got = new TreeMap<>();
        for (MessageRecord m : messages) {
            org.jgwire.codec.model.HeaderRecord h = m.header("RequestCorrelator");
            if (h == null) continue;
            String type = String.valueOf(h.field("type"));
            String src = nameOf(manifest, m.src());
            if (type.equals("0") || type.equals("REQ")) got.merge("request from " + src, 1, Integer::sum);
            else if (type.equals("1") || type.equals("RSP"))
                got.merge("response from " + src + " to " + nameOf(manifest, m.dest()), 1, Integer::sum);
        }
        for (Map.Entry<String, Integer> w : want.entrySet()) {
            int g = got.getOrDefault(w.getKey(), 0);
            if (g != w.getValue())
                problems.add("RPC " + w.getKey() + ": " + g + " on the wire, expected " + w.getValue() + " ("
                        + manifest.stack() + ")");
        }
    }

    /** A large message's fragments: see the class comment. */
    private static void checkLarge(
            Manifest manifest, Manifest.LargeSent large, List<MessageRecord> messages, List<String> problems) {
        Manifest.Member sender = manifest.member(large.sender());
        if (sender == null) {
            problems.add("large message '" + large.head() + "': sender " + large.sender() + " is not a member");
            return;
        }
        byte[] head = large.head().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        // one fragment set per copy on the wire: sender, fragmentation id, destination, and the frame's endpoints
        Map<String, Map<Long, Integer>> sets = new HashMap<>();
        Set<String> withHead = new HashSet<>();
        int copies = 0;
        for (MessageRecord m : messages) {
            if (!sameId(m.src(), sender.uuid()) || m.payload() == null) continue;
            if (m.isReassembled()) { // one per copy on the wire, as the fragment sets below
                if (m.payload().length() == large.size() && contains(m.payload().head(), head)) copies++;
                continue;
            }
            org.jgwire.codec.model.HeaderRecord frag = null;
            for (org.jgwire.codec.model.HeaderRecord h : m.headers())
                if (h.protocol().startsWith("FRAG")) frag = h;
            if (frag == null || !(frag.field("frag_id") instanceof Number fragId)) continue;
            String key = frag.field("id") + " " + m.dest() + " " + m.frame().src() + ">"
                    + m.frame().dst();
            sets.computeIfAbsent(key, k -> new HashMap<>())
                    .put(fragId.longValue(), m.payload().length());
            if (fragId.longValue() == 0 && contains(m.payload().head(), head)) withHead.add(key);
        }
        for (String key : withHead) {
            long total = 0;
            for (int len : sets.get(key).values()) total += len;
            if (total >= large.size() && total <= large.size() + LARGE_SLACK) copies++;
        }
        int expected =
                expectedCopies(manifest, new Manifest.SentMessage(large.sender(), large.destination(), large.head()));
        if (copies != expected)
            problems.add("large message '" + large.head() + "' (" + large.size() + " bytes) from " + large.sender()
                    + ": " + copies + " complete fragment sets on the wire, expected " + expected + " ("
                    + manifest.stack() + ")");
    }

    /** What FRAG4 adds to a message's size: the serialized message's own headers and fields. */
    private static final int LARGE_SLACK = 2048;

    private static boolean contains(byte[] hay, byte[] needle) {
        if (hay == null) return false;
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return true;
        }
        return false;
    }

    private static List<String> uuids(Manifest manifest, List<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            Manifest.Member m = manifest.member(n);
            out.add(m == null ? n : m.uuid().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    private static List<String> ids(List<NodeAddress> addresses) {
        List<String> out = new ArrayList<>();
        for (NodeAddress a : addresses) out.add(a == null || a.id() == null ? null : a.id().toLowerCase(Locale.ROOT));
        return out;
    }

    private static String nameOf(Manifest manifest, NodeAddress a) {
        if (a == null) return "all";
        for (Manifest.Member m : manifest.members()) if (sameId(a, m.uuid())) return m.name();
        return String.valueOf(a.id());
    }

    private static boolean sameId(NodeAddress a, String uuid) {
        return a != null && a.id() != null && a.id().equalsIgnoreCase(uuid);
    }
}
