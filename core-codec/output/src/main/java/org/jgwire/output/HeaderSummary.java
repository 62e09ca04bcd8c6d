package org.jgwire.output;

import java.util.List;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;

/**
 * The headers of a message in a few words, as the Wireshark plugin's Info column says them ({@code header_summary},
 * {@code message_summary} in jgroups-core.lua): each header's protocol and type, its seqno as {@code seq=12}, the
 * view a GMS message carries as {@code [A|3] (3)}; and what the Info column leaves out: FRAG parts ({@code frag 2/5}),
 * RPC ids ({@code RPC REQ id=7}), FD_ALL heartbeats. The transport header is left out unless it says something
 * unusual (a field other than the cluster name that is set).
 */
final class HeaderSummary {
    private static final String SEQNO = "seqno", TYPE = "type";

    private final Display display;

    HeaderSummary(Display display) {
        this.display = display;
    }

    /** Appends each header that says something, separated by {@code ", "}; returns whether any was appended. */
    boolean append(StringBuilder b, MessageRecord m) {
        int start = b.length();
        List<HeaderRecord> headers = m.headers();
        for (int i = 0, n = headers.size(); i < n; i++) {
            HeaderRecord h = headers.get(i);
            if (isPlainTransport(h)) continue;
            if (b.length() > start) b.append(", ");
            header(b, h, m);
        }
        return b.length() > start;
    }

    /** TP's header with its cluster name and nothing else set: said by every message, so left out. */
    private static boolean isPlainTransport(HeaderRecord h) {
        if (!"TP".equals(h.protocol())) return false;
        for (HeaderField f : h.fields()) if (!f.name().equals("cluster_name") && isSet(f.value())) return false;
        return true;
    }

    private static boolean isSet(Object v) {
        if (v == null || Boolean.FALSE.equals(v)) return false;
        return !(v instanceof Number n) || n.longValue() != 0;
    }

    private void header(StringBuilder b, HeaderRecord h, MessageRecord m) {
        String protocol = h.protocol();
        HeaderClass c = h.headerClass();
        if (h.length() < 0) { // no class knew it: not read
            b.append(protocol).append(" (not read)");
            return;
        }
        if (c == HeaderClass.FRAG || c == HeaderClass.FRAG3) {
            b.append("frag ");
            number(b, h.field("frag_id"), 1).append('/');
            number(b, h.field("num_frags"), 0);
            return;
        }
        if ("TP".equals(protocol)) {
            b.append("TP{");
            int at = b.length();
            for (HeaderField f : h.fields()) {
                if (!isSet(f.value())) continue;
                if (b.length() > at) b.append(' ');
                b.append(f.name()).append('=').append(f.value());
            }
            b.append('}');
            return;
        }
        Object type = h.field(TYPE);
        if ("RequestCorrelator".equals(protocol)) {
            b.append("RPC");
            if (type != null) b.append(' ').append(type);
            Object id = h.field("req_id");
            if (id != null) b.append(" id=").append(id);
            return;
        }
        b.append(protocol);
        if (type != null && !type.equals(c.name())) b.append(' ').append(type);
        else if (type == null && c == HeaderClass.HEARTBEAT) b.append(" heartbeat");
        else if (type == null && c != null && !c.name().isEmpty() && !c.name().endsWith("Header"))
            b.append(' ').append(c.name()); // raft's AppendEntriesRequest, VoteRequest: the class is the type
        ViewInfo v = m.view();
        if (v != null && "GMS".equals(protocol)) view(b, v, "VIEW".equals(type));
        if (v == null && "XMIT_REQ".equals(type) && h.field("sender") instanceof NodeAddress a)
            b.append(" of ").append(display.address(a));
        Object seqno = h.field(SEQNO); // -1: none (an XMIT_REQ's)
        if (seqno instanceof Number n && n.longValue() >= 0) b.append(" seq=").append(n.longValue());
        if (Boolean.TRUE.equals(h.field("merge_rejected"))) b.append(" rejected");
    }

    /**
     * {@code [A|3] (3)}: the view id with its creator by name and the member count; a VIEW message names the view's
     * kind instead ({@code DELTA_VIEW}, {@code MERGE_VIEW}) as the plugin does; a delta view adds who joined and left.
     */
    private void view(StringBuilder b, ViewInfo v, boolean kindForType) {
        if (kindForType && !"VIEW".equals(v.kind())) {
            b.setLength(b.length() - "VIEW".length());
            b.append(v.kind());
        }
        b.append(" [").append(display.viewId(v)).append("] (");
        if (v.unresolved()) b.append('?');
        else b.append(v.members().size());
        b.append(')');
        if (v.isDelta()) {
            members(b, " +", v.joined());
            members(b, " -", v.left());
        }
    }

    /** {@code +C,D} of up to three members, and how many more. */
    private void members(StringBuilder b, String sign, List<NodeAddress> list) {
        if (list.isEmpty()) return;
        b.append(sign);
        int shown = Math.min(3, list.size());
        for (int i = 0; i < shown; i++) {
            if (i > 0) b.append(',');
            b.append(display.address(list.get(i)));
        }
        if (list.size() > shown) b.append(",+").append(list.size() - shown);
    }

    /** A number field plus {@code add} (frag ids count from 0), or {@code ?} when the field is missing. */
    private static StringBuilder number(StringBuilder b, Object v, int add) {
        return v instanceof Number n ? b.append(n.longValue() + add) : b.append('?');
    }
}
