package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * {@code rpc-timeout}: calls whose response came later than the threshold, or did not come although the capture went
 * on that long after the request; per member that was late (or silent, for a call to one member) and method. The
 * requests and responses are {@link RpcTracker}'s pairs; the caller's own timeout is not on the wire, so the
 * threshold is {@link Thresholds#rpcTimeoutMs} (JGroups' default for synchronous calls unless set).
 */
public final class RpcTimeoutFindings implements Detector {
    static final int MAX_FRAMES = 32;

    private final RpcTracker rpc;
    private final long thresholdMs;
    /** By the late (or silent) member's address and the method. */
    private final Map<String, Slow> slow = new LinkedHashMap<>();

    private final List<Finding> findings = new ArrayList<>();
    private long lastNs = -1;

    /** One member's late or missing answers to one method. */
    private static final class Slow {
        final NodeAddress member;
        final String method;
        final List<NodeAddress> callers = new ArrayList<>();
        final List<Long> frames = new ArrayList<>();
        long late, unanswered, startNs = Long.MAX_VALUE, endNs = -1;
        double slowestMs;

        Slow(NodeAddress member, String method) {
            this.member = member;
            this.method = method;
        }

        void add(NodeAddress caller, long fromNs, long toNs, long... packets) {
            if (caller != null && callers.stream().noneMatch(c -> c.id().equals(caller.id()))) callers.add(caller);
            for (long p : packets) if (frames.size() < MAX_FRAMES) frames.add(p);
            startNs = Math.min(startNs, fromNs);
            endNs = Math.max(endNs, toNs);
        }
    }

    public RpcTimeoutFindings(RpcTracker rpc, long thresholdMs) {
        this.rpc = rpc;
        this.thresholdMs = thresholdMs;
        rpc.onPair(this::paired);
    }

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    @Override
    public void accept(Record r) {
        if (r instanceof MessageRecord m) lastNs = Math.max(lastNs, m.frame().tsNanos());
    }

    private void paired(RpcTracker.Pair p) {
        if (Double.isNaN(p.latencyMs()) || p.latencyMs() < thresholdMs) return;
        MessageRecord rsp = p.response();
        Slow s = slow.computeIfAbsent(rsp.src().id() + "\u0000" + p.method(), k -> new Slow(rsp.src(), p.method()));
        s.late++;
        s.slowestMs = Math.max(s.slowestMs, p.latencyMs());
        long rspNs = rsp.frame().tsNanos();
        s.add(
                rsp.dest(),
                rspNs - Math.round(p.latencyMs() * 1e6),
                rspNs,
                p.requestPacket(),
                rsp.frame().packet());
    }

    @Override
    public void finish() {
        for (RpcTracker.Unanswered u : rpc.snapshot().unansweredList()) {
            if (u.tsNanos() < 0 || lastNs - u.tsNanos() < thresholdMs * 1_000_000L) continue; // the capture ended
            // a call to one member that never answered names that member; a call to all names its caller
            NodeAddress member = u.dest() != null ? u.dest() : u.requester();
            Slow s = slow.computeIfAbsent(member.id() + "\u0000" + u.method(), k -> new Slow(member, u.method()));
            s.unanswered++;
            s.add(u.dest() != null ? u.requester() : null, u.tsNanos(), u.tsNanos(), u.packet());
        }
        for (Slow s : slow.values()) findings.add(finding(s));
    }

    private Finding finding(Slow s) {
        List<NodeAddress> members = new ArrayList<>(List.of(s.member));
        List<String> callers = new ArrayList<>();
        for (NodeAddress c : s.callers)
            if (!c.id().equals(s.member.id())) {
                callers.add("{" + members.size() + "}");
                members.add(c);
            }
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("method", s.method);
        fields.put("late", s.late);
        fields.put("unanswered", s.unanswered);
        if (s.late > 0) fields.put("slowest_ms", Math.round(s.slowestMs));
        fields.put("threshold_ms", thresholdMs);
        String by = callers.isEmpty() ? "" : " (called by " + RetransmissionFindings.listed(callers) + ")";
        StringBuilder what = new StringBuilder();
        if (s.late > 0)
            what.append("answered ")
                    .append(calls(s.late))
                    .append(" of ")
                    .append(s.method)
                    .append(by)
                    .append(String.format(
                            Locale.ROOT,
                            " after more than %.1f s (the slowest after %.1f s)",
                            thresholdMs / 1e3,
                            s.slowestMs / 1e3));
        if (s.unanswered > 0)
            what.append(s.late > 0 ? " and " : "")
                    .append("left ")
                    .append(calls(s.unanswered))
                    .append(" of ")
                    .append(s.method)
                    .append(s.late > 0 ? "" : by)
                    .append(String.format(
                            Locale.ROOT, " without any response for more than %.1f s", thresholdMs / 1e3));
        return new Finding(
                FindingCode.RPC_TIMEOUT,
                Severity.WARNING,
                members,
                s.startNs,
                s.endNs,
                s.frames,
                "{0} " + what + ": callers waiting that long time out (a threshold of " + thresholdMs
                        + " ms; the callers' own timeouts are not on the wire).",
                fields);
    }

    private static String calls(long n) {
        return n == 1 ? "1 call" : n + " calls";
    }

    @Override
    public List<Finding> result() {
        return List.copyOf(findings);
    }
}
