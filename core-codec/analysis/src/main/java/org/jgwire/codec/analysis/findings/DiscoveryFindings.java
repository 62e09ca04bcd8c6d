package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * {@code discovery-unanswered}: a member that asked for its cluster's members (discovery: GET_MBRS_REQ of PING,
 * MPING, TCPPING and the others) while members of that cluster name were running, and never was in a view with any
 * of them: nobody answered (another version's or cluster's members drop its requests), or the answers never reached
 * it (a firewall, a wrong bind address). It then makes a cluster of its own: the cluster name has two coordinators.
 * A member alone because nobody else was running yet (the first member) is not one: those that come later join it.
 */
public final class DiscoveryFindings implements Detector {
    static final int FRAMES_EACH = 8;
    /** Members running this close to its requests could have answered them. */
    static final long NEAR_NS = 5_000_000_000L;

    private static final class Member {
        final NodeAddress address;
        final List<Long> requestFrames = new ArrayList<>(), answerFrames = new ArrayList<>();
        final Set<String> answeredBy = new LinkedHashSet<>();
        long requests, answers, firstNs = -1, lastNs = -1, firstRequestNs = -1, lastRequestNs = -1;
        /** Its own view, as its MERGE3 INFO says it is the view's creator: {@code creator|id}; and that frame. */
        String ownView;

        long ownViewFrame = -1;

        Member(NodeAddress address) {
            this.address = address;
        }
    }

    /** Per cluster name, its members by id, in the order they first sent. */
    private final Map<String, Map<String, Member>> clusters = new LinkedHashMap<>();
    /** Ids of members seen in a view with at least one other member. */
    private final Set<String> together = new HashSet<>();

    private final List<Finding> findings = new ArrayList<>();

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    @Override
    public void accept(Record r) {
        if (!(r instanceof MessageRecord m) || m.src() == null || m.isSignal() || m.cluster() == null) return;
        ViewInfo v = m.view();
        if (v != null && v.members().size() > 1) for (NodeAddress a : v.members()) together.add(a.id());
        Map<String, Member> members = clusters.computeIfAbsent(m.cluster(), c -> new LinkedHashMap<>());
        if (members.size() > 4096) return;
        Member me = members.get(m.src().id());
        if (me == null) members.put(m.src().id(), me = new Member(m.src()));
        long ns = m.frame().tsNanos();
        long frame = m.frame().packet();
        if (ns >= 0) {
            if (me.firstNs < 0) me.firstNs = ns;
            me.lastNs = ns;
        }
        List<HeaderRecord> headers = m.headers();
        for (int i = 0; i < headers.size(); i++) {
            HeaderRecord h = headers.get(i);
            if (h.headerClass() == HeaderClass.PING) discovery(members, me, m, h, ns, frame);
            else if (h.headerClass() == HeaderClass.MERGE3 && me.ownView == null) ownView(me, m, h, frame);
        }
    }

    private static void discovery(
            Map<String, Member> members, Member me, MessageRecord m, HeaderRecord h, long ns, long frame) {
        String type = HeaderFields.type(h);
        if ("GET_MBRS_REQ".equals(type)) {
            me.requests++;
            if (me.requestFrames.size() < FRAMES_EACH) me.requestFrames.add(frame);
            if (ns >= 0) {
                if (me.firstRequestNs < 0) me.firstRequestNs = ns;
                me.lastRequestNs = ns;
            }
        } else if ("GET_MBRS_RSP".equals(type) && m.dest() != null) {
            Member asker = members.get(m.dest().id());
            if (asker == null) return;
            asker.answers++;
            asker.answeredBy.add(m.src().id());
            if (asker.answerFrames.size() < FRAMES_EACH) asker.answerFrames.add(frame);
        }
    }

    /** MERGE3 INFO carries the sender's view id: its creator is the sender itself when it coordinates that view. */
    private static void ownView(Member me, MessageRecord m, HeaderRecord h, long frame) {
        Object id = h.field("view_id");
        if (id == null || !"INFO".equals(HeaderFields.type(h))) return;
        String view = String.valueOf(id);
        int bar = view.lastIndexOf('|');
        if (bar > 0 && view.substring(0, bar).equals(m.src().id())) {
            me.ownView = view;
            me.ownViewFrame = frame;
        }
    }

    @Override
    public void finish() {
        clusters.forEach((cluster, members) -> {
            for (Member x : members.values()) {
                if (x.requests == 0 || together.contains(x.address.id()) || x.firstRequestNs < 0) continue;
                List<Member> running = new ArrayList<>();
                for (Member o : members.values())
                    if (o != x
                            && together.contains(o.address.id())
                            && o.firstNs >= 0
                            && o.firstNs <= x.lastRequestNs + NEAR_NS
                            && o.lastNs >= x.firstRequestNs) running.add(o);
                if (!running.isEmpty()) findings.add(finding(cluster, x, running));
            }
        });
    }

    private static Finding finding(String cluster, Member x, List<Member> running) {
        List<NodeAddress> members = new ArrayList<>(List.of(x.address));
        List<String> others = new ArrayList<>(), answering = new ArrayList<>();
        List<Long> frames = new ArrayList<>(x.requestFrames);
        frames.addAll(x.answerFrames);
        Member coordinator = null;
        for (Member o : running) {
            String ref = "{" + members.size() + "}";
            members.add(o.address);
            others.add(ref);
            if (x.answeredBy.contains(o.address.id())) answering.add(ref);
            if (coordinator == null && o.ownView != null) coordinator = o;
        }
        if (x.ownViewFrame >= 0) frames.add(x.ownViewFrame);
        if (coordinator != null) frames.add(coordinator.ownViewFrame);
        String listedOthers = RetransmissionFindings.listed(others);
        String answers = answering.isEmpty()
                ? ", and nobody answered"
                : ", and " + RetransmissionFindings.listed(answering) + " answered, but the answers never reached it";
        String own = x.ownView != null
                ? "; it made a cluster of its own (its view {0}" + x.ownView.substring(x.ownView.lastIndexOf('|')) + ")"
                        + (coordinator != null
                                ? ", so " + cluster + " has two coordinators, {" + members.indexOf(coordinator.address)
                                        + "} and {0}."
                                : ".")
                : ": it is alone in a cluster of its own.";
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("cluster", cluster);
        fields.put("requests", x.requests);
        fields.put("answers", x.answers);
        if (x.ownView != null) fields.put("own_view", x.ownView);
        return new Finding(
                FindingCode.DISCOVERY_UNANSWERED,
                Severity.ERROR,
                members,
                x.firstRequestNs,
                Math.max(x.lastRequestNs, x.lastNs),
                frames,
                "{0} never joined cluster " + cluster + ": it asked for its members "
                        + (x.requests == 1 ? "once" : x.requests + " times") + " (discovery) while " + listedOthers
                        + (running.size() == 1 ? " was" : " were") + " running it" + answers + own,
                fields);
    }

    @Override
    public List<Finding> result() {
        return List.copyOf(findings);
    }
}
