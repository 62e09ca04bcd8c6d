package org.jgwire.codec.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.analysis.findings.FindingCode;
import org.jgwire.codec.model.NodeAddress;

/**
 * With several captures merged, the findings about lost messages say on which path they were lost: a
 * {@code retransmissions} finding the links into the member that asked (its host's capture), a {@code partition}
 * the links between its members' hosts, each with messages seen leaving one host and never arriving at the other.
 */
public final class LossPaths {
    private LossPaths() {}

    public static List<Finding> annotate(List<Finding> findings, HostMerge merge) {
        List<Finding> out = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            List<String> lostOn;
            if (f.code() == FindingCode.RETRANSMISSIONS)
                lostOn = lostOn(merge, Set.of(), captures(merge, f.members().subList(0, 1)));
            else if (f.code() == FindingCode.PARTITION)
                lostOn = lostOn(merge, captures(merge, f.members()), captures(merge, f.members()));
            else {
                out.add(f);
                continue;
            }
            Map<String, Object> fields = new LinkedHashMap<>(f.fields());
            // none lost on a link between captured hosts: lost inside a host (a full receive buffer), or uncaptured
            fields.put("lost_on", lostOn.isEmpty() ? List.of("no link between the captured hosts") : lostOn);
            out.add(new Finding(
                    f.code(), f.severity(), f.members(), f.startNs(), f.endNs(), f.frames(), f.summary(), fields));
        }
        return out;
    }

    private static Set<String> captures(HostMerge merge, List<NodeAddress> members) {
        Set<String> out = new TreeSet<>();
        for (NodeAddress a : members) {
            String c = merge.captureOf(a);
            if (c != null) out.add(c);
        }
        return out;
    }

    /** The lossy links into {@code to} (from {@code from}, or from anywhere when it is empty). */
    private static List<String> lostOn(HostMerge merge, Set<String> from, Set<String> to) {
        List<String> out = new ArrayList<>();
        for (LinkStats l : merge.links())
            if (l.lost() > 0 && to.contains(l.to()) && (from.isEmpty() || from.contains(l.from())))
                out.add(describe(l));
        return out;
    }

    /** {@code A.pcapng -> C.pcapng: 36 of 113 lost (A.pcapng packets 44, 73, ...)}. */
    public static String describe(LinkStats l) {
        StringBuilder b = new StringBuilder();
        for (long p : l.lostPackets()) b.append(b.length() == 0 ? "" : ", ").append(p);
        return l.from() + " -> " + l.to() + ": " + l.lost() + " of " + l.sent() + " lost (" + l.from() + " packets " + b
                + (l.lost() > l.lostPackets().size() ? ", ..." : "") + ")";
    }
}
