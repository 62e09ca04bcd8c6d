package org.jgwire.codec.verify;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;

/**
 * Category {@code rpc} (scenario {@code rpc}): RPC requests (RequestCorrelator header type 0) from each caller and
 * responses (type 1) from each member to it, as many as the calls and replies in the manifest, each as often as the
 * stack carries a multicast or a unicast. A member's reply to its own call never goes on the wire. A copy JGroups
 * sent again (a NAKACK2 XMIT_RSP, a UNICAST3 DATA resent while its ack was late, which a busy machine sees over TCP
 * too) is counted once: copies are told apart by the receiving endpoint where the stack puts several on the wire, the
 * sender, and the reliable protocol's sequence number (and UNICAST3's conn_id). Kept: a count per caller and per
 * replier, and the keys of the copies seen.
 */
final class RpcCheck {
    private final Manifest manifest;
    private final MemberIds ids;
    private final Map<String, Integer> want = new TreeMap<>();
    private final Map<String, Integer> got = new TreeMap<>();
    private final Set<String> copiesSeen = new HashSet<>();

    RpcCheck(Manifest manifest, MemberIds ids) {
        this.manifest = manifest;
        this.ids = ids;
        for (Manifest.RpcCall c : manifest.rpcCalls()) {
            want.merge(
                    "request from " + c.caller(),
                    StackRules.expectedCopies(manifest, c.destination() == null),
                    Integer::sum);
            for (String replier : c.replies().keySet())
                if (!replier.equals(c.caller()))
                    want.merge(
                            "response from " + replier + " to " + c.caller(),
                            StackRules.expectedCopies(manifest, false),
                            Integer::sum);
        }
    }

    void accept(MessageRecord m) {
        if (want.isEmpty()) return;
        HeaderRecord h = m.header("RequestCorrelator");
        if (h == null) return;
        String type = String.valueOf(h.field("type"));
        String key = copyKey(m);
        if (key != null && !copiesSeen.add(key)) return;
        String src = ids.name(m.src());
        if (type.equals("0") || type.equals("REQ")) got.merge("request from " + src, 1, Integer::sum);
        else if (type.equals("1") || type.equals("RSP"))
            got.merge(
                    "response from " + src + " to " + (m.dest() == null ? "all" : ids.name(m.dest())), 1, Integer::sum);
    }

    /**
     * What tells this copy from the others, or null for a message without a reliable protocol's numbers (a copy of
     * its own). NAKACK: the sender's multicast seqno, whatever the destination (an XMIT_RSP goes to the member that
     * asked); UNICAST: the seqno of one connection between two members.
     */
    private String copyKey(MessageRecord m) {
        for (HeaderRecord h : m.headers()) {
            String p = h.protocol();
            if (p.startsWith("NAKACK")) return slot(m, true) + " " + m.src() + " NAKACK seqno " + h.field("seqno");
            if (p.startsWith("UNICAST"))
                return slot(m, false) + " " + m.src() + ">" + m.dest() + " UNICAST conn " + h.field("conn_id")
                        + " seqno " + h.field("seqno");
        }
        return null;
    }

    /** The receiving endpoint where the stack puts several copies of a send on the wire (tcp, tunnel). */
    private String slot(MessageRecord m, boolean multicast) {
        return StackRules.expectedCopies(manifest, multicast) > 1
                ? String.valueOf(m.frame().dst())
                : "";
    }

    void report(List<VerifyItem> items) {
        if (want.isEmpty()) return;
        int wrong = 0;
        for (Map.Entry<String, Integer> w : want.entrySet()) {
            int g = got.getOrDefault(w.getKey(), 0);
            if (g == w.getValue()) continue;
            wrong++;
            String what = "RPC " + w.getKey();
            items.add(new VerifyItem(
                    "rpc",
                    what,
                    Outcome.MISMATCH,
                    g + " on the wire, expected " + w.getValue() + " (" + manifest.stack() + ")"));
        }
        if (wrong == 0)
            items.add(new VerifyItem(
                    "rpc",
                    manifest.rpcCalls().size() + " calls",
                    Outcome.OK,
                    "every request and response on the wire as often as the " + manifest.stack()
                            + " stack carries it"));
    }
}
