package org.jgwire.codec.verify;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;

/**
 * Category {@code large} (scenario {@code large}): every large message is on the wire as often as the stack carries
 * it, from its sender: decoded with fragment reassembly (the default), as messages of its size that start with its
 * head; without, as fragment sets whose first fragment holds its head and whose lengths add up to its size (with
 * FRAG4 the fragments carry the whole serialized message, so a little more). Kept: the large senders' fragment sets.
 */
final class LargeCheck {
    /** What FRAG4 adds to a message's size: the serialized message's own headers and fields. */
    private static final int SLACK = 2048;

    private final Manifest manifest;
    private final List<Wanted> wanted = new ArrayList<>();
    /** Per copy on the wire (sender, fragmentation id, destination, the frame's endpoints): its fragments. */
    private final Map<String, FragmentSet> sets = new HashMap<>();

    /** A large message of the manifest: its sender's lower-case UUID (null for no member), its copies seen whole. */
    private record Wanted(Manifest.LargeSent sent, String sender, byte[] head, int[] whole) {}

    private static final class FragmentSet {
        final String sender;
        final Map<Long, Integer> lengths = new HashMap<>();
        /** The large message whose start fragment 0 holds, or null. */
        Wanted of;

        FragmentSet(String sender) {
            this.sender = sender;
        }
    }

    LargeCheck(Manifest manifest, MemberIds ids) {
        this.manifest = manifest;
        for (Manifest.LargeSent l : manifest.largeSent())
            wanted.add(new Wanted(l, ids.uuidOf(l.sender()), l.head().getBytes(StandardCharsets.US_ASCII), new int[1]));
    }

    /** Counts a whole copy or a fragment; true when the message is (part of) a large message of the manifest. */
    boolean accept(MessageRecord m) {
        if (wanted.isEmpty()) return false;
        String sender = MemberIds.id(m.src());
        Wanted of = null;
        boolean fromLargeSender = false;
        for (Wanted w : wanted) {
            fromLargeSender |= sender != null && sender.equals(w.sender());
            if (of == null && contains(m.payload().head(), w.head())) of = w;
        }
        HeaderRecord frag = null;
        for (HeaderRecord h : m.headers()) if (h.protocol().startsWith("FRAG")) frag = h;
        if (frag == null) {
            if (of != null && m.payload().length() == of.sent().size() && sender != null && sender.equals(of.sender()))
                of.whole()[0]++;
            return of != null;
        }
        if (!fromLargeSender || !(frag.field("frag_id") instanceof Number fragId)) return of != null;
        String key = sender + " " + frag.field("id") + " " + m.dest() + " "
                + m.frame().src() + ">" + m.frame().dst();
        FragmentSet set = sets.computeIfAbsent(key, k -> new FragmentSet(sender));
        set.lengths.put(fragId.longValue(), m.payload().length());
        if (fragId.longValue() == 0 && of != null) set.of = of;
        return true;
    }

    /** Fragment sets on the wire that hold all of this message from its sender. */
    private int completeSets(Wanted w) {
        int n = 0;
        for (FragmentSet set : sets.values()) {
            if (set.of != w || !set.sender.equals(w.sender())) continue;
            long total = 0;
            for (int len : set.lengths.values()) total += len;
            if (total >= w.sent().size() && total <= w.sent().size() + SLACK) n++;
        }
        return n;
    }

    void report(List<VerifyItem> items) {
        for (Wanted w : wanted) {
            Manifest.LargeSent l = w.sent();
            String what =
                    "'" + l.head() + "' " + l.sender() + " -> " + (l.destination() == null ? "all" : l.destination());
            int want = StackRules.expectedCopies(manifest, l.destination() == null);
            int reassembled = w.whole()[0];
            if (w.sender() == null) {
                items.add(new VerifyItem("large", what, Outcome.MISSING, "its sender is not a member"));
            } else if (reassembled == want) {
                items.add(new VerifyItem(
                        "large",
                        what,
                        Outcome.OK,
                        reassembled + " of " + want + " reassembled from its fragments, " + l.size()
                                + " bytes from its sender"));
            } else if (reassembled > 0) {
                items.add(new VerifyItem(
                        "large",
                        what,
                        reassembled < want ? Outcome.MISSING : Outcome.EXTRA,
                        reassembled + " of " + want + " reassembled whole from its sender"));
            } else {
                int sets = completeSets(w);
                items.add(
                        sets == want
                                ? new VerifyItem(
                                        "large", what, Outcome.OK, l.size() + " bytes in fragments from its sender")
                                : new VerifyItem(
                                        "large",
                                        what,
                                        sets < want ? Outcome.MISSING : Outcome.EXTRA,
                                        l.size() + " bytes: " + sets + " complete fragment sets on the wire, expected "
                                                + want
                                                + " (" + manifest.stack() + ")"));
            }
        }
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        if (hay == null) return false;
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return true;
        }
        return false;
    }
}
