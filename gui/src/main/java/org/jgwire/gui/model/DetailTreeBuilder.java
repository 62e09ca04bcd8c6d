package org.jgwire.gui.model;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.ViewIdText;
import org.jgwire.codec.model.ViewInfo;

/**
 * Turns a record into the detail tree: frame, message, every header with its fields, payload, view and discovery
 * data, each node with the bytes of the frame it covers (from the records' offsets and lengths; nothing is decoded
 * here).
 */
public final class DetailTreeBuilder {
    private final Function<NodeAddress, String> names;

    /** @param names the logical name of an address, or null when none is known */
    public DetailTreeBuilder(Function<NodeAddress, String> names) {
        this.names = names;
    }

    /** The tree of {@code r}; {@code frame} holds the frame's bytes (possibly only the first of them) or is null. */
    public DetailNode build(Record r, byte[] frame, int frameLength) {
        DetailNode root = new DetailNode(r.kind(), r.kind(), -1, 0);
        root.add(frameNode(r.frame(), frameLength));
        if (r instanceof MessageRecord m) message(root, m, frame);
        else if (r instanceof ErrorRecord e) error(root, e, frameLength);
        else if (r instanceof GossipRecord g) gossip(root, g, frameLength);
        else if (r instanceof StreamEndRecord end)
            root.add(new DetailNode("Connection ended: " + end.how().text(), "how", -1, 0));
        else if (r instanceof BounceRecord b) root.add(new DetailNode("Bounced: " + RowText.bounce(b), "icmp", -1, 0));
        return root;
    }

    private DetailNode frameNode(FrameInfo f, int frameLength) {
        DetailNode n = new DetailNode(
                "Frame: packet #" + f.packet() + ", " + Math.max(frameLength, 0) + " bytes, "
                        + f.transport().jsonName(),
                String.valueOf(f.packet()),
                frameLength > 0 ? 0 : -1,
                Math.max(frameLength, 0));
        n.add("Packet", f.packet());
        if (f.tsNanos() >= 0) n.add("Time", Instant.ofEpochSecond(0, f.tsNanos()));
        n.add("Transport", f.transport().jsonName());
        if (f.src() != null) n.add("Source endpoint", f.src());
        if (f.dst() != null) n.add("Destination endpoint", f.dst());
        return n;
    }

    private void message(DetailNode root, MessageRecord m, byte[] frame) {
        int len = m.length() > 0 ? m.length() : 0;
        DetailNode msg = root.add(new DetailNode(
                "Message: " + m.type() + " " + address(m.src()) + " -> "
                        + (m.dest() != null ? address(m.dest()) : "<all>"),
                m.type(),
                len > 0 ? m.offset() : -1,
                len));
        msg.add("Type", m.type());
        if (m.version() != null) msg.add("Version", m.version() + " (decoded with " + m.decodedWith() + ")");
        else if (m.decodedWith() != null) // an MPING datagram carries none (an FD_SOCK signal is no message at all)
        msg.add("Version", "none on the wire (decoded with " + m.decodedWith() + ")");
        msg.add(
                "Flags",
                m.flagNames().isEmpty()
                        ? "0x" + Integer.toHexString(m.flags())
                        : m.flagNames() + " (0x" + Integer.toHexString(m.flags()) + ")");
        msg.add("Source", m.src() != null ? longAddress(m.src()) : "none");
        msg.add("Destination", m.dest() != null ? longAddress(m.dest()) : "all (multicast)");
        if (m.cluster() != null) msg.add("Cluster", m.cluster());
        if (m.batchIndex() >= 0) msg.add("Batch", (m.batchIndex() + 1) + " of " + m.batchSize());
        if (m.isReassembled())
            msg.add(new DetailNode(
                    "Reassembled from the fragments in packets " + m.reassembledFrom()
                            + " (byte ranges are in the reassembled message, not shown in the hex pane)",
                    m.reassembledFrom().toString(),
                    -1,
                    0));
        DetailNode headers = root.add(new DetailNode(
                "Headers (" + m.headers().size() + ")",
                String.valueOf(m.headers().size()),
                -1,
                0));
        for (HeaderRecord h : m.headers()) headers.add(header(h));
        if (m.transformed() != null && !m.transformed().isEmpty()) root.add(stackStep(m, frame));
        root.add(payload(m, frame));
        if (m.view() != null) root.add(view(m.view()));
        if (!m.discovery().isEmpty()) root.add(discovery(m.discovery()));
    }

    private DetailNode header(HeaderRecord h) {
        Object type = h.field("type");
        DetailNode n = new DetailNode(
                h.protocol() + ": " + h.headerClass() + (type != null ? " " + type : ""),
                h.text(),
                h.offset(),
                h.length());
        n.add("Protocol id", h.protocolId() + " (" + h.protocol() + ")");
        n.add("Magic id", h.magicId() + " (" + h.headerClass() + ")");
        for (HeaderField f : h.fields()) n.add(f.name(), value(f.value()));
        n.add("Text", h.text());
        return n;
    }

    /**
     * What the protocols did to the message on its way up (inflated, unwrapped, ...), in order, and the payload as it
     * travelled when one of them changed it: the message's own payload node then shows the delivered one.
     */
    private DetailNode stackStep(MessageRecord m, byte[] frame) {
        DetailNode n = new DetailNode(
                "Stack: " + String.join(", ", m.transformed()), String.join("\n", m.transformed()), -1, 0);
        for (String step : m.transformed()) n.add(new DetailNode(step, step, -1, 0));
        if (m.wirePayload() != null) {
            Payload w = m.wirePayload();
            int start = PayloadLocator.locate(m, w, frame);
            DetailNode wire = n.add(new DetailNode(
                    "Payload on the wire: " + w.length() + " bytes",
                    w.text() != null ? w.text() : Hex.of(w.head()),
                    start,
                    start >= 0 ? w.length() : 0));
            payloadContent(wire, w);
        }
        return n;
    }

    private DetailNode payload(MessageRecord m, byte[] frame) {
        Payload p = m.payload();
        // a delivered payload that a protocol rebuilt is not the bytes of the frame
        int start = m.wirePayload() == null ? PayloadLocator.locate(m, frame) : -1;
        DetailNode n = new DetailNode(
                (m.wirePayload() == null ? "Payload: " : "Payload delivered: ") + p.length() + " bytes",
                p.text() != null ? p.text() : Hex.of(p.head()),
                start,
                start >= 0 ? p.length() : 0);
        payloadContent(n, p);
        return n;
    }

    private static void payloadContent(DetailNode n, Payload p) {
        n.add("Length", p.length());
        if (p.text() != null) n.add("Text", p.text());
        if (p.objectClass() != null) n.add("Object class (not deserialized)", p.objectClass());
        if (p.object() != null) n.add("Object", p.object());
        if (p.strings() != null && !p.strings().isEmpty()) {
            DetailNode runs = n.add(new DetailNode(
                    "Printable strings (" + p.strings().size() + ")", String.join("\n", p.strings()), -1, 0));
            for (String run : p.strings()) runs.add(new DetailNode(run, run, -1, 0));
        }
        if (p.head().length > 0) n.add("First bytes", Hex.of(p.head()));
    }

    private DetailNode view(ViewInfo v) {
        String id = ViewIdText.of(address(v.creator()), v.id());
        DetailNode n = new DetailNode("View: " + v.kind() + " " + id + " " + members(v.members()), id, -1, 0);
        n.add("Kind", v.kind());
        n.add("Creator", longAddress(v.creator()));
        n.add("Id", v.id());
        DetailNode ms = n.add(new DetailNode("Members (" + v.members().size() + ")", members(v.members()), -1, 0));
        for (NodeAddress a : v.members()) ms.add(new DetailNode(longAddress(a), address(a), -1, 0));
        if (v.isDelta()) {
            n.add("Relative to view", v.refId());
            n.add("Left", members(v.left()));
            n.add("Joined", members(v.joined()));
        }
        for (int i = 0; i < v.subgroups().size(); i++)
            n.add("Subgroup " + (i + 1), members(v.subgroups().get(i)));
        return n;
    }

    private DetailNode discovery(List<Discovery> found) {
        DetailNode n = new DetailNode("Names learned (" + found.size() + ")", String.valueOf(found.size()), -1, 0);
        for (Discovery d : found) {
            String text =
                    d.logicalName() + " = " + (d.address() != null ? d.address().id() : "?")
                            + (d.physical() != null ? " at " + d.physical() : "") + (d.coord() ? " (coordinator)" : "")
                            + " [" + d.source() + "]";
            n.add(new DetailNode(text, d.logicalName(), -1, 0));
        }
        return n;
    }

    private void error(DetailNode root, ErrorRecord e, int frameLength) {
        boolean inFrame = e.offset() >= 0 && e.offset() < frameLength;
        DetailNode n = root.add(new DetailNode(
                "Error: " + e.problem().jsonName() + ": " + e.message(),
                e.message(),
                inFrame ? (int) e.offset() : -1,
                inFrame ? frameLength - (int) e.offset() : 0));
        n.add("Problem", e.problem().jsonName());
        if (e.offset() >= 0) n.add("Offset", e.offset());
        n.add("Message", e.message());
    }

    private void gossip(DetailNode root, GossipRecord g, int frameLength) {
        DetailNode n = root.add(new DetailNode(
                "GossipRouter: " + g.type(), g.type(), frameLength > 0 ? 0 : -1, Math.max(frameLength, 0)));
        n.add("Type", g.type());
        if (g.group() != null) n.add("Group", g.group());
        if (g.address() != null) n.add("Address", longAddress(g.address()));
        n.add("Decoded with", g.version());
        if (!g.discovery().isEmpty()) root.add(discovery(g.discovery()));
    }

    private String value(Object v) {
        if (v instanceof NodeAddress a) return longAddress(a);
        if (v instanceof List<?> list)
            return list.stream().map(this::value).collect(Collectors.joining(", ", "[", "]"));
        return String.valueOf(v);
    }

    private String members(List<NodeAddress> list) {
        return list.stream().map(this::address).collect(Collectors.joining(", ", "[", "]"));
    }

    /** The logical name when known, else the id. */
    String address(NodeAddress a) {
        if (a == null) return "?";
        String n = names.apply(a);
        return n != null ? n : a.id();
    }

    private String longAddress(NodeAddress a) {
        if (a == null) return "none";
        String n = names.apply(a);
        return (n != null ? n + " (" + a.id() + ")" : a.id()) + (a.kind().equals("UUID") ? "" : " " + a.kind());
    }
}
