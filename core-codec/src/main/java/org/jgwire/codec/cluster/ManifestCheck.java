package org.jgwire.codec.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
 *   <li>{@code tcp}: a unicast once; a multicast once per other member ({@code TCP.sendToAll} skips the sender,
 *       who gets its own copy by loopback);</li>
 *   <li>{@code tunnel}: a unicast twice (member to router, router to member); a multicast once to the router and
 *       once from it to every member, the sender included (GossipRouter routes to the whole group).</li>
 * </ul>
 */
public final class ManifestCheck {
    private ManifestCheck() {}

    /** Readable mismatches, empty when the capture holds exactly what the manifest says. */
    public static List<String> check(Manifest manifest, List<? extends Record> records) {
        List<String> problems = new ArrayList<>();
        List<MessageRecord> messages = new ArrayList<>();
        for (Record r : records) if (r instanceof MessageRecord m) messages.add(m);
        for (Manifest.SentMessage sent : manifest.sent()) checkMessage(manifest, sent, messages, problems);
        checkFullView(manifest, messages, problems);
        return problems;
    }

    /** How many copies of {@code sent} the stack puts on the wire (see the class comment). */
    public static int expectedCopies(Manifest manifest, Manifest.SentMessage sent) {
        int members = manifest.members().size();
        return switch (manifest.stack()) {
            case "tcp" -> sent.multicast() ? members - 1 : 1;
            case "tunnel" -> sent.multicast() ? 1 + members : 2;
            default -> 1;
        };
    }

    private static void checkMessage(Manifest manifest, Manifest.SentMessage sent, List<MessageRecord> messages,
                                     List<String> problems) {
        Manifest.Member sender = manifest.member(sent.sender());
        Manifest.Member dest = sent.multicast() ? null : manifest.member(sent.destination());
        String what = "'" + sent.text() + "' from " + sent.sender() + (sent.multicast() ? " to all" : " to " + sent.destination());
        if (sender == null || (!sent.multicast() && dest == null)) {
            problems.add(what + ": sender or destination is not a member in the manifest");
            return;
        }
        int copies = 0;
        for (MessageRecord m : messages) {
            if (m.payload() == null || !sent.text().equals(m.payload().text())) continue;
            if (!sameId(m.src(), sender.uuid())) {
                problems.add(what + ": a copy (packet " + m.frame().packet() + ") has src " + m.src()
                        + ", expected " + sender.uuid());
            } else if (sent.multicast() ? m.dest() != null : !sameId(m.dest(), dest.uuid())) {
                problems.add(what + ": a copy (packet " + m.frame().packet() + ") has dest " + m.dest()
                        + ", expected " + (dest == null ? "none (multicast)" : dest.uuid()));
            } else {
                copies++;
            }
        }
        int expected = expectedCopies(manifest, sent);
        if (copies != expected)
            problems.add(what + ": " + copies + " copies on the wire, expected " + expected + " (" + manifest.stack() + ")");
    }

    private static void checkFullView(Manifest manifest, List<MessageRecord> messages, List<String> problems) {
        List<String> all = new ArrayList<>();
        for (Manifest.Member m : manifest.members()) all.add(m.name());
        Manifest.InstalledView full = null;
        for (Manifest.InstalledView v : manifest.views())
            if (v.members().size() == all.size() && v.members().containsAll(all) && (full == null || v.id() > full.id()))
                full = v;
        if (full == null) {
            problems.add("no member installed a view of all " + all);
            return;
        }
        if (all.size() < 2) return; // a lone member's views never go on the wire
        List<String> uuids = new ArrayList<>();
        for (String name : full.members()) uuids.add(manifest.member(name).uuid().toLowerCase(Locale.ROOT));
        for (MessageRecord m : messages) {
            ViewInfo v = m.view();
            if (v == null || v.id() != full.id() || v.members().size() != uuids.size()) continue;
            boolean same = true;
            for (int i = 0; i < uuids.size() && same; i++) same = sameId(v.members().get(i), uuids.get(i));
            if (same) return;
        }
        problems.add("the full view " + full.creator() + "|" + full.id() + " " + full.members()
                + " is not on the wire with members " + uuids);
    }

    private static boolean sameId(NodeAddress a, String uuid) {
        return a != null && a.id() != null && a.id().equalsIgnoreCase(uuid);
    }
}
