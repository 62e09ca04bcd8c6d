package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.analysis.findings.SlowMergeFindings.Info;
import org.jgwire.codec.analysis.findings.SlowMergeFindings.Traffic;
import org.jgwire.codec.analysis.findings.SlowMergeFindings.Type;
import org.jgwire.codec.analysis.membership.MembershipEvent;
import org.jgwire.codec.model.NodeAddress;

/**
 * The merge traffic that led to one merge view: the requests and answers between members of different subgroups
 * since the cluster's previous merge view, the MERGE3 information that made the first requests, and the attempts
 * that failed (for {@link SlowMergeFindings}).
 */
final class Merge {
    private final MembershipEvent view;
    /** Member id to the index of its subgroup in the merge view. */
    private final Map<String, Integer> side = new HashMap<>();

    private final List<NodeAddress> members = new ArrayList<>();
    private final List<Traffic> cross = new ArrayList<>();
    /** Per subgroup asked, the INFO of it that the first request to it answers to. */
    private final List<Info> heard = new ArrayList<>();

    /** The subgroups, disjoint: a member the merge view lists in several is in the smallest of them. */
    private final List<List<NodeAddress>> sides = new ArrayList<>();

    private Merge(MembershipEvent view) {
        this.view = view;
        // a member listed in a larger subgroup too is there by a stale view (a paused member's, which still holds it)
        List<List<NodeAddress>> subgroups = view.view().subgroups();
        for (int i = 0; i < subgroups.size(); i++)
            for (NodeAddress a : subgroups.get(i)) {
                Integer now = side.get(a.id());
                if (now == null || subgroups.get(now).size() > subgroups.get(i).size()) side.put(a.id(), i);
            }
        for (int i = 0; i < subgroups.size(); i++) {
            List<NodeAddress> own = new ArrayList<>();
            for (NodeAddress a : subgroups.get(i))
                if (side.get(a.id()) == i && own.stream().noneMatch(x -> x.id().equals(a.id()))) own.add(a);
            if (!own.isEmpty()) sides.add(own);
            members.addAll(own);
        }
    }

    /** The merge before {@code view}, from the traffic after packet {@code after}; null when no request shows it. */
    static Merge of(MembershipEvent view, List<Traffic> traffic, long after) {
        Merge m = new Merge(view);
        for (Traffic t : traffic)
            if (t.frame() > after && t.frame() < view.packet() && t.cluster().equals(view.cluster()) && m.crosses(t))
                m.cross.add(t);
        if (m.cross.stream().noneMatch(Merge::request)) return null;
        m.findHeard();
        return m;
    }

    /** Whether {@code t} goes between subgroups (a cancel: from a member of the merge). */
    private boolean crosses(Traffic t) {
        Integer from = side.get(t.src().id());
        if (t.type() == Type.CANCEL_MERGE) return from != null;
        Integer to = t.dest() != null ? side.get(t.dest().id()) : null;
        return from != null && to != null && !from.equals(to);
    }

    private static boolean request(Traffic t) {
        return t.type() == Type.VIEW_REQ || t.type() == Type.MERGE_REQ;
    }

    /**
     * For each subgroup asked, the first request to it and, of the INFOs its sender had seen from that subgroup
     * (those with a view other than its own), the last: MERGE3 forgets what it heard at each check, so that is one it
     * acted on.
     */
    private void findHeard() {
        List<Integer> asked = new ArrayList<>();
        for (Traffic t : cross) {
            if (!request(t) || asked.contains(side.get(t.dest().id()))) continue;
            int target = side.get(t.dest().id());
            asked.add(target);
            Info last = null;
            for (Info i : t.heard())
                if (Integer.valueOf(target).equals(side.get(i.src().id())) && (last == null || i.ns() > last.ns()))
                    last = i;
            if (last != null) heard.add(last);
        }
    }

    // --- what the finding says ---

    MembershipEvent view() {
        return view;
    }

    List<NodeAddress> members() {
        return members;
    }

    Traffic firstRequest() {
        return cross.stream().filter(Merge::request).findFirst().orElseThrow();
    }

    /** The earliest INFO heard, or null when the capture shows none before the first request. */
    Info firstHeard() {
        Info first = null;
        for (Info i : heard) if (first == null || i.ns() < first.ns()) first = i;
        return first;
    }

    long startNs() {
        Info i = firstHeard();
        return i != null
                ? Math.min(i.ns(), firstRequest().ns())
                : firstRequest().ns();
    }

    /** Each subgroup's view as its INFOs heard say, {@code creator|id} resolved among the merge's members. */
    List<ViewRef> views() {
        List<ViewRef> out = new ArrayList<>();
        for (Info i : heard) {
            int bar = i.viewId().lastIndexOf('|');
            if (bar <= 0) continue;
            String creator = i.viewId().substring(0, bar);
            NodeAddress a = members.stream()
                    .filter(x -> x.id().equals(creator))
                    .findFirst()
                    .orElse(null);
            try {
                ViewRef v = a != null ? new ViewRef(a, Long.parseLong(i.viewId().substring(bar + 1))) : null;
                if (v != null && !out.contains(v)) out.add(v);
            } catch (NumberFormatException e) {
                // a view id of another form: not named
            }
        }
        return out;
    }

    /** The checks that asked another subgroup for its view: a member's requests within a second are one. */
    private List<List<Traffic>> viewRoundList() {
        List<List<Traffic>> rounds = new ArrayList<>();
        Map<String, List<Traffic>> open = new HashMap<>();
        for (Traffic t : cross) {
            if (t.type() != Type.VIEW_REQ) continue;
            List<Traffic> round = open.get(t.src().id());
            if (round == null || t.ns() - round.get(0).ns() > SlowMergeFindings.ROUND_NS) {
                round = new ArrayList<>();
                rounds.add(round);
                open.put(t.src().id(), round);
            }
            round.add(t);
        }
        return rounds;
    }

    /** How many checks asked another subgroup for its view. */
    long viewRounds() {
        return viewRoundList().size();
    }

    /** Checks in which some member asked never answered with its view before its asker's next check. */
    long unansweredViewRounds() {
        List<List<Traffic>> rounds = viewRoundList();
        long failed = 0;
        for (int r = 0; r < rounds.size(); r++) {
            List<Traffic> round = rounds.get(r);
            NodeAddress asker = round.get(0).src();
            long until = view.packet();
            for (int n = r + 1; n < rounds.size(); n++)
                if (rounds.get(n).get(0).src().id().equals(asker.id())) {
                    until = rounds.get(n).get(0).frame();
                    break;
                }
            for (Traffic q : round)
                if (!answered(q, Type.VIEW_RSP, until)) {
                    failed++;
                    break;
                }
        }
        return failed;
    }

    private boolean answered(Traffic q, Type answer, long until) {
        for (Traffic t : cross)
            if (t.type() == answer
                    && t.frame() > q.frame()
                    && t.frame() < until
                    && t.src().id().equals(q.dest().id())
                    && t.dest().id().equals(q.src().id())
                    && (q.mergeId() == null || q.mergeId().equals(t.mergeId()))
                    && !t.rejected()) return true;
        return false;
    }

    /** The merge requests by merge id (by request where none is given). */
    private Map<String, List<Traffic>> mergeAttemptsById() {
        Map<String, List<Traffic>> byId = new LinkedHashMap<>();
        for (Traffic t : cross)
            if (t.type() == Type.MERGE_REQ)
                byId.computeIfAbsent(t.mergeId() != null ? t.mergeId() : "#" + t.frame(), k -> new ArrayList<>())
                        .add(t);
        return byId;
    }

    long mergeAttempts() {
        return mergeAttemptsById().size();
    }

    /** Merges some coordinator never agreed to (no answer, or a rejection) or that were cancelled. */
    long failedMerges() {
        long failed = 0;
        for (Map.Entry<String, List<Traffic>> a : mergeAttemptsById().entrySet()) {
            boolean cancelled = cross.stream()
                    .anyMatch(t -> t.type() == Type.CANCEL_MERGE && a.getKey().equals(t.mergeId()));
            boolean unanswered = a.getValue().stream().anyMatch(q -> !answered(q, Type.MERGE_RSP, view.packet()));
            if (cancelled || unanswered) failed++;
        }
        return failed;
    }

    /** The INFOs heard, the merge traffic (the first {@link SlowMergeFindings#MAX_FRAMES}), the merge view. */
    List<Long> frames() {
        List<Long> frames = new ArrayList<>();
        for (Info i : heard) frames.add(i.frame());
        for (Traffic t : cross) if (frames.size() < SlowMergeFindings.MAX_FRAMES) frames.add(t.frame());
        frames.add(view.packet());
        return frames;
    }

    /** The subgroups, disjoint, in the merge view's order. */
    List<List<NodeAddress>> sides() {
        return sides;
    }

    /** The subgroups as {@code [{0}, {1}] and [{2}]}, members by their index in {@link #members}. */
    String sideText() {
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (List<NodeAddress> g : sides) {
            if (!b.isEmpty()) b.append(" and ");
            b.append('[');
            for (int k = 0; k < g.size(); k++)
                b.append(k > 0 ? ", " : "").append('{').append(i++).append('}');
            b.append(']');
        }
        return b.toString();
    }
}
