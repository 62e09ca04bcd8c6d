package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * Members that share a multicast group and port but cannot talk: {@code cluster-name-clash} (messages under
 * different cluster names, which each member drops as not its cluster's) and {@code version-mismatch} (JGroups
 * versions of different major.minor lines, whose messages the other side drops as of an incompatible version). Both
 * happen when two applications or environments are given the same group by mistake, or in an upgrade across an
 * incompatible version; members then do not find each other, and each side logs warnings about the other's traffic.
 * One finding per group and pair of sides, with each side's senders and first messages as proof.
 */
public final class GroupSharingFindings implements Detector {
    static final int FRAMES_PER_SIDE = 4;
    static final int MAX_GROUPS = 1024;

    /** The senders under one cluster name or version line on one group. */
    private static final class Side {
        final String label;
        final List<NodeAddress> senders = new ArrayList<>();
        final Set<String> senderIds = new HashSet<>();
        final List<Long> frames = new ArrayList<>();
        long messages, firstNs = -1, lastNs = -1;

        Side(String label) {
            this.label = label;
        }

        void add(MessageRecord m) {
            messages++;
            if (senders.size() < 64 && senderIds.add(m.src().id())) senders.add(m.src());
            if (frames.size() < FRAMES_PER_SIDE) frames.add(m.frame().packet());
            long ns = m.frame().tsNanos();
            if (ns >= 0) {
                if (firstNs < 0) firstNs = ns;
                lastNs = ns;
            }
        }
    }

    /** Per multicast group: the sides by cluster name and by version line, in the order they first sent. */
    private final Map<Endpoint, Map<String, Side>> names = new LinkedHashMap<>();

    private final Map<Endpoint, Map<String, Side>> lines = new LinkedHashMap<>();
    private final List<Finding> findings = new ArrayList<>();

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    @Override
    public void accept(Record r) {
        if (!(r instanceof MessageRecord m) || m.src() == null || m.isSignal()) return;
        Endpoint group = m.frame().dst();
        if (group == null || !group.isMulticast()) return;
        if (m.cluster() != null) side(names, group, m.cluster(), m);
        if (m.version() != null)
            side(lines, group, m.version().major() + "." + m.version().minor(), m);
    }

    private static void side(Map<Endpoint, Map<String, Side>> map, Endpoint group, String label, MessageRecord m) {
        Map<String, Side> sides = map.get(group);
        if (sides == null) {
            if (map.size() >= MAX_GROUPS) return;
            map.put(group, sides = new LinkedHashMap<>());
        }
        Side s = sides.get(label);
        if (s == null && sides.size() < 16) sides.put(label, s = new Side(label));
        if (s != null) s.add(m);
    }

    @Override
    public void finish() {
        names.forEach((group, sides) -> {
            if (sides.size() > 1) findings.add(finding(FindingCode.CLUSTER_NAME_CLASH, group, sides));
        });
        lines.forEach((group, sides) -> {
            if (sides.size() > 1) findings.add(finding(FindingCode.VERSION_MISMATCH, group, sides));
        });
    }

    private static Finding finding(FindingCode code, Endpoint group, Map<String, Side> sides) {
        List<NodeAddress> members = new ArrayList<>();
        List<Long> frames = new ArrayList<>();
        Map<String, Object> bySide = new LinkedHashMap<>();
        StringBuilder text = new StringBuilder();
        long start = Long.MAX_VALUE, end = -1;
        for (Side s : sides.values()) {
            List<String> refs = new ArrayList<>();
            for (NodeAddress a : s.senders) {
                refs.add("{" + members.size() + "}");
                members.add(a);
            }
            frames.addAll(s.frames);
            bySide.put(s.label, s.senders);
            if (!text.isEmpty()) text.append(", ");
            text.append(RetransmissionFindings.listed(refs))
                    .append(code == FindingCode.CLUSTER_NAME_CLASH ? " in cluster " : " on JGroups ")
                    .append(s.label);
            if (s.firstNs >= 0) start = Math.min(start, s.firstNs);
            end = Math.max(end, s.lastNs);
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("group", group.toString());
        fields.put(code == FindingCode.CLUSTER_NAME_CLASH ? "clusters" : "versions", bySide);
        String consequence = code == FindingCode.CLUSTER_NAME_CLASH
                ? ": each member drops the messages of the other cluster (and warns about them), so members that"
                        + " were meant to be one cluster never find each other."
                : ": these versions cannot read each other's messages, so each side drops the other's and they never"
                        + " form one cluster.";
        return new Finding(
                code,
                code == FindingCode.CLUSTER_NAME_CLASH ? Severity.WARNING : Severity.ERROR,
                members,
                start == Long.MAX_VALUE ? -1 : start,
                end,
                frames,
                "Multicast group " + group + " carries " + text + consequence,
                fields);
    }

    @Override
    public List<Finding> result() {
        return List.copyOf(findings);
    }
}
