package org.jgwire.gui.model;

import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.TimeOfDay;

/** The text of the message table's cells, computed when a cell is shown (nothing is kept per row). */
public final class RowText {
    private RowText() {}

    /** UTC time of day with microseconds, as {@code jgwire decode} prints it; empty when the input had no time. */
    public static String absoluteTime(FrameInfo f) {
        return f.tsNanos() < 0 ? "" : TimeOfDay.micros(f.tsNanos());
    }

    /** Seconds since {@code startNanos}, with microseconds. */
    public static String relativeTime(FrameInfo f, long startNanos) {
        if (f.tsNanos() < 0 || startNanos < 0) return "";
        long micros = (f.tsNanos() - startNanos) / 1000;
        return String.format("%d.%06d", micros / 1_000_000, Math.abs(micros % 1_000_000));
    }

    public static String endpoints(FrameInfo f) {
        if (f.src() == null && f.dst() == null) return "";
        return f.src() + " \u2192 " + f.dst();
    }

    /**
     * {@code A → B}, {@code A → <all>}, {@code C (FD_SOCK server socket closed)} (ABNORMAL_TERMINATION), {@code C → ?}
     * (an FD_SOCK signal: the members of its announced server sockets, {@code ?} for a pinger's); empty for records
     * without a sender.
     */
    public static String logical(Record r, NameTable names) {
        if (r instanceof MessageRecord m && m.isAbnormalTermination()) // sent nothing: its server socket closed
        return name(m.src(), names) + " (FD_SOCK server socket closed)";
        if (r instanceof MessageRecord m && m.isSignal()) // no multicast: an end not known is a pinger's socket
        return name(m.src(), names) + " \u2192 " + name(m.dest(), names);
        if (r instanceof MessageRecord m)
            return name(m.src(), names) + " \u2192 " + (m.dest() != null ? name(m.dest(), names) : "<all>");
        if (r instanceof GossipRecord g && g.address() != null) return name(g.address(), names);
        return "";
    }

    /**
     * Whether the flow diagram draws {@code m} as an arrow from its sender: a message of a known sender, not an FD_SOCK
     * signal (a byte or a close, which names members but is no message between them).
     */
    public static boolean drawnAsArrow(MessageRecord m) {
        return m.src() != null && !m.isSignal();
    }

    public static String name(NodeAddress a, NameTable names) {
        if (a == null) return "?";
        return names != null ? names.display(a) : a.name() != null ? a.name() : a.id();
    }

    public static String type(Record r) {
        if (r instanceof MessageRecord m) return m.type();
        if (r instanceof GossipRecord g) return "GOSSIP " + g.type();
        if (r instanceof StreamEndRecord) return "TCP END";
        if (r instanceof BounceRecord) return "ICMP BOUNCE";
        return "ERROR " + ((ErrorRecord) r).problem().jsonName();
    }

    /** {@code GMS VIEW, NAKACK2 MSG, TP}: each header's protocol and type; for an error, its message. */
    public static String headers(Record r) {
        if (r instanceof ErrorRecord e) return e.message();
        if (r instanceof GossipRecord g) return g.group() != null ? "group " + g.group() : "";
        if (r instanceof StreamEndRecord end)
            return "connection ended: " + end.how().text();
        if (r instanceof BounceRecord b) return bounce(b);
        MessageRecord m = (MessageRecord) r;
        StringBuilder b = new StringBuilder();
        for (HeaderRecord h : m.headers()) {
            if (b.length() > 0) b.append(", ");
            b.append(h.protocol());
            Object type = h.field("type");
            if (type != null) b.append(' ').append(type);
        }
        if (m.payload().text() != null)
            b.append(" \"").append(m.payload().text()).append('"');
        return b.toString();
    }

    /** What a bounce says: who reported which ICMP error about the datagram its frame's endpoints name. */
    public static String bounce(BounceRecord b) {
        return "ICMP " + b.reason() + " from " + b.reporter() + ": a copy of a datagram sent before, not decoded";
    }

    /** The message's bytes in its frame (its payload's length when the message length is unknown). */
    public static int size(Record r) {
        if (r instanceof MessageRecord m)
            return m.length() >= 0 ? m.length() : m.payload().length();
        return 0;
    }

    /** The protocol that names a row's colour: the message's first header (the top of the stack). */
    public static String protocol(Record r) {
        if (r instanceof MessageRecord m)
            return m.headers().isEmpty() ? "none" : m.headers().get(0).protocol();
        return r.kind();
    }
}
