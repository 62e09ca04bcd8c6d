package org.jgwire.output.parsemessages;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewIdText;
import org.jgwire.codec.model.ViewInfo;

/**
 * JGroups' own {@code toString()} of messages, headers and views, rebuilt from jgwire's records for the API family
 * that sent each frame, as {@code org.jgroups.tests.ParseMessages} prints them. Addresses print as JGroups'
 * {@code UUID.toString()} does: the logical name when known, else the long UUID.
 */
final class JGroupsText {
    /** A long-form UUID inside a header's own text: replaced by the member's name when it is known. */
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    /** {@code Util.MAX_LIST_PRINT_SIZE}: View.toString prints at most this many members, then " ...". */
    private static final int MAX_LIST_PRINT_SIZE = 20;

    private final NameTable names;
    private final Map<String, String> withNames = new HashMap<>();
    private int namesSeen = -1;

    JGroupsText(NameTable names) {
        this.names = names;
    }

    /**
     * The API family of a record's version: 3 (3.x), 4 (4.x) or 5 (5.x and later); for an MPING message, which states
     * none, of the jar that decoded it.
     */
    static int family(MessageRecord m) {
        int major = m.version() != null
                ? m.version().major()
                : JGroupsVersion.parse(m.decodedWith()).major();
        return major <= 3 ? 3 : major == 4 ? 4 : 5;
    }

    /** {@code UUID.toString()}: the name from the cache, else the long form; an IpAddress as ip:port. */
    String address(NodeAddress a) {
        if (a == null) return "null";
        String n = names.nameOf(a);
        return n != null ? n : a.id();
    }

    /**
     * {@code Message.toString()}. 5.x {@code BaseMessage}: {@code [src to dest, %,d bytes, flags=A|B]} plus the type's
     * suffix; 4.x: the same without digit grouping; 3.x: {@code [dst: d, src: s (n headers), size=n bytes, flags=..]}.
     */
    String message(MessageRecord m) {
        String flags = flags(m);
        StringBuilder b = new StringBuilder(96);
        int family = family(m);
        if (family == 3) {
            b.append("[dst: ")
                    .append(m.dest() == null ? "<null>" : address(m.dest()))
                    .append(", src: ")
                    .append(m.src() == null ? "<null>" : address(m.src()));
            if (!m.headers().isEmpty())
                b.append(" (").append(m.headers().size()).append(" headers)");
            b.append(", size=").append(m.payload().length()).append(" bytes");
        } else {
            b.append('[')
                    .append(address(m.src()))
                    .append(" to ")
                    .append(m.dest() == null ? "<all>" : address(m.dest()))
                    .append(", ");
            int length = m.payload().length();
            if (family == 4 || length < 1000) b.append(length); // below 1000 no locale groups digits
            else b.append(String.format("%,d", length));
            b.append(" bytes");
        }
        if (!flags.isEmpty()) b.append(", flags=").append(flags);
        b.append(']');
        if (family == 5) b.append(typeSuffix(m));
        return b.toString();
    }

    /** What the 5.x message classes add to BaseMessage.toString(), as far as the record tells it. */
    private static String typeSuffix(MessageRecord m) {
        return switch (m.type()) {
            case "NIO" -> " "; // NioMessage: "%s %s" with "(direct)" only for direct buffers, which never travel
            case "OBJECT" -> ", obj: "
                    + (m.payload().text() != null
                            ? m.payload().text()
                            : m.payload().objectClass() != null ? m.payload().objectClass() : "?");
            default -> "";
        };
    }

    /**
     * {@code Util.flagsToString} (5.x) / {@code Message.flagsToString} (3.x, 4.x): the set flags in declaration order,
     * which is bit order, joined by '|'; bits no Flag names are not shown. Nothing when the short is not positive.
     */
    static String flags(MessageRecord m) {
        if ((short) m.flags() <= 0) return "";
        StringBuilder b = new StringBuilder();
        for (String f : m.flagNames()) {
            if (f.startsWith("0x")) continue;
            if (b.length() > 0) b.append('|');
            b.append(f);
        }
        return b.toString();
    }

    /** {@code Headers.printHeaders}: {@code PROTOCOL: toString(), ...}, the protocol as its class's simple name. */
    String headers(MessageRecord m) {
        StringBuilder b = new StringBuilder();
        List<HeaderRecord> hs = m.headers();
        for (int i = 0; i < hs.size(); i++) {
            HeaderRecord h = hs.get(i);
            if (i > 0) b.append(", ");
            String p = h.protocol();
            b.append(p.startsWith("id=") ? p.substring(3) : p).append(": ").append(withNames(h.text()));
        }
        return b.toString();
    }

    /**
     * A header's text as the adapter's jar printed it (no names there), with the names known here put in. Texts repeat
     * (the adapters share one string per header body): results are kept until the name table grows.
     */
    private String withNames(String text) {
        if (text == null || text.length() < 36) return text;
        if (names.size() != namesSeen || withNames.size() > 4096) {
            withNames.clear();
            namesSeen = names.size();
        }
        String done = withNames.get(text);
        if (done == null) {
            done = replaceUuids(text);
            withNames.put(text, done);
        }
        return done;
    }

    private String replaceUuids(String text) {
        Matcher u = UUID.matcher(text);
        StringBuilder b = null;
        int last = 0;
        while (u.find()) {
            String n = names.nameOf(NodeAddress.uuid(u.group()));
            if (n == null) continue;
            if (b == null) b = new StringBuilder(text.length());
            b.append(text, last, u.start()).append(n);
            last = u.end();
        }
        if (b == null) return text;
        return b.append(text, last, text.length()).toString();
    }

    /**
     * The view ParseMessages shows ({@code getView}): only for GMS VIEW and JOIN_RSP. {@code View.toString()} is
     * {@code [creator|id] (n) [members]}; a DeltaView's {@code [creator|id], ref-view=[creator|ref], left=[..],
     * joined=[..]}; a MergeView's {@code MergeView::view, n subgroups: ...}.
     */
    String view(MessageRecord m) {
        ViewInfo v = m.view();
        if (v == null) return null;
        HeaderRecord gms = m.header("GMS");
        Object type = gms == null ? null : gms.field("type");
        if (!"VIEW".equals(type) && !"JOIN_RSP".equals(type)) return null;
        String id = viewId(v.creator(), v.id());
        if (v.isDelta()) {
            StringBuilder b = new StringBuilder(id).append(", ref-view=").append(viewId(v.creator(), v.refId()));
            if (!v.left().isEmpty()) b.append(", left=").append(list(v.left(), 0));
            if (!v.joined().isEmpty()) b.append(", joined=").append(list(v.joined(), 0));
            return b.toString();
        }
        String plain = id + " (" + v.members().size() + ") " + list(v.members(), MAX_LIST_PRINT_SIZE);
        if (!"MERGE_VIEW".equals(v.kind())) return plain;
        StringBuilder b = new StringBuilder("MergeView::").append(plain);
        if (!v.subgroups().isEmpty()) {
            b.append(", ").append(v.subgroups().size()).append(" subgroups: ");
            for (int i = 0; i < v.subgroups().size() && i < MAX_LIST_PRINT_SIZE; i++) {
                List<NodeAddress> g = v.subgroups().get(i);
                if (i > 0) b.append(", ");
                // a subgroup is a View; its id is not in the record, so only its size and members are shown
                b.append('(').append(g.size()).append(") ").append(list(g, MAX_LIST_PRINT_SIZE));
            }
        }
        return b.toString();
    }

    private String viewId(NodeAddress creator, long id) {
        return "[" + ViewIdText.of(address(creator), id) + "]";
    }

    /**
     * {@code [a, b]}, cut after {@code limit} members with " ..." as Util.printListWithDelimiter does (0: no limit).
     */
    private String list(List<NodeAddress> members, int limit) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < members.size(); i++) {
            if (i > 0) b.append(", ");
            b.append(address(members.get(i)));
            if (limit > 0 && i + 1 >= limit) {
                if (members.size() > limit) b.append(" ...");
                break;
            }
        }
        return b.append(']').toString();
    }
}
