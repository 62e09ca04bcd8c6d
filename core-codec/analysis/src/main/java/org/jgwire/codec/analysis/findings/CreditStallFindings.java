package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * {@code credit-stall}: senders held up by a receiver that gives no flow-control credits back. UFC and MFC let a
 * sender send {@code max_credits} bytes to a member until that member, having delivered them, sends credits back
 * (REPLENISH); a sender out of credits blocks, and each time it has waited {@code max_block_time} it asks the
 * member for credits (CREDIT_REQUEST), which the member answers at once, whatever its application does. A member
 * whose application does not take messages sends credits only when asked: its senders ask it again and again, each
 * time after blocking. One finding per such receiver, from {@link #MIN_REQUESTS} requests in a row by one sender
 * (each within {@link #GAP_NS} of the last) spanning at least the threshold.
 */
public final class CreditStallFindings implements Detector {
    static final int MIN_REQUESTS = 3;
    /** Requests further apart than this are separate waits (JGroups' longest default max_block_time is 5 s). */
    static final long GAP_NS = 15_000_000_000L;
    /** A REPLENISH this soon after a request answers it; later ones come from the receiver's deliveries. */
    static final long ANSWER_NS = 1_000_000_000L;

    static final int MAX_FRAMES = 32;

    private final long thresholdMs;
    /** The current run of requests per sender and receiver. */
    private final Map<String, Run> runs = new LinkedHashMap<>();
    /** The runs long enough to tell, by receiver. */
    private final Map<String, List<Run>> stalls = new LinkedHashMap<>();

    private final List<Finding> findings = new ArrayList<>();

    /** Requests in a row from one sender to one receiver, and what the receiver sent back meanwhile. */
    private static final class Run {
        final NodeAddress sender, receiver;
        final String protocol;
        final List<Long> frames = new ArrayList<>();
        final List<Long> gapsNs = new ArrayList<>();
        /** Credits from deliveries since the last request: they count once another request shows the wait went on. */
        long pendingCredits;

        long requests, answers, credits, firstNs, lastNs;

        Run(NodeAddress sender, NodeAddress receiver, String protocol, long ns) {
            this.sender = sender;
            this.receiver = receiver;
            this.protocol = protocol;
            firstNs = lastNs = ns;
        }
    }

    public CreditStallFindings(long thresholdMs) {
        this.thresholdMs = thresholdMs;
    }

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    @Override
    public void accept(Record r) {
        if (!(r instanceof MessageRecord m) || m.src() == null || m.dest() == null) return;
        long ns = m.frame().tsNanos();
        if (ns < 0) return;
        List<HeaderRecord> headers = m.headers();
        for (int i = 0; i < headers.size(); i++) {
            HeaderRecord h = headers.get(i);
            if (h.headerClass() != HeaderClass.FC) continue;
            String type = HeaderFields.type(h); // FcHeader: REPLENISH, CREDIT_REQUEST
            if ("CREDIT_REQUEST".equals(type)) request(m, h.protocol(), ns);
            else if ("REPLENISH".equals(type)) replenish(m, h.protocol(), ns);
        }
    }

    private static String key(NodeAddress sender, NodeAddress receiver, String protocol) {
        return sender.id() + "\u0000" + receiver.id() + "\u0000" + protocol;
    }

    private void request(MessageRecord m, String protocol, long ns) {
        String k = key(m.src(), m.dest(), protocol);
        Run run = runs.get(k);
        if (run == null || ns - run.lastNs > GAP_NS) {
            if (run != null) settle(run);
            run = new Run(m.src(), m.dest(), protocol, ns);
            runs.put(k, run);
        }
        if (run.requests > 0) {
            if (run.gapsNs.size() < MAX_FRAMES) run.gapsNs.add(ns - run.lastNs);
            run.credits += run.pendingCredits;
            run.pendingCredits = 0;
        }
        run.requests++;
        run.lastNs = ns;
        if (run.frames.size() < MAX_FRAMES) run.frames.add(m.frame().packet());
    }

    /** Credits from the receiver to a sender that is asking: an answer, or credits from its deliveries. */
    private void replenish(MessageRecord m, String protocol, long ns) {
        Run run = runs.get(key(m.dest(), m.src(), protocol));
        if (run == null || ns - run.lastNs > GAP_NS) return;
        if (ns - run.lastNs <= ANSWER_NS) {
            run.answers++;
            if (run.frames.size() < MAX_FRAMES) run.frames.add(m.frame().packet());
        } else run.pendingCredits++;
    }

    private void settle(Run run) {
        if (run.requests >= MIN_REQUESTS && run.lastNs - run.firstNs >= thresholdMs * 1_000_000L)
            stalls.computeIfAbsent(run.receiver.id(), k -> new ArrayList<>()).add(run);
    }

    @Override
    public void finish() {
        runs.values().forEach(this::settle);
        runs.clear();
        for (List<Run> held : stalls.values()) findings.add(finding(held));
    }

    private Finding finding(List<Run> held) {
        NodeAddress receiver = held.get(0).receiver;
        List<NodeAddress> members = new ArrayList<>(List.of(receiver));
        List<Long> frames = new ArrayList<>();
        Map<NodeAddress, Long> requests = new LinkedHashMap<>();
        List<String> protocols = new ArrayList<>();
        long start = Long.MAX_VALUE, end = -1, asked = 0, answers = 0, credits = 0;
        List<Long> gaps = new ArrayList<>();
        for (Run run : held) {
            NodeAddress sender = members.stream()
                    .filter(a -> a.id().equals(run.sender.id()))
                    .findFirst()
                    .orElse(null);
            if (sender == null) {
                sender = run.sender;
                members.add(sender);
            }
            requests.merge(sender, run.requests, Long::sum);
            if (!protocols.contains(run.protocol)) protocols.add(run.protocol);
            for (long f : run.frames) if (frames.size() < MAX_FRAMES) frames.add(f);
            start = Math.min(start, run.firstNs);
            end = Math.max(end, run.lastNs);
            asked += run.requests;
            answers += run.answers;
            credits += run.credits;
            gaps.addAll(run.gapsNs);
        }
        gaps.sort(null);
        long interval = gaps.get(gaps.size() / 2); // a run has at least MIN_REQUESTS requests
        List<String> senders = new ArrayList<>();
        for (int i = 1; i < members.size(); i++) senders.add("{" + i + "}");
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("requests", asked);
        fields.put("requests_by_sender", requests);
        fields.put("answers", answers);
        fields.put("credits_from_deliveries", credits);
        fields.put("protocols", protocols);
        fields.put("stalled_ms", Math.round((end - start) / 1e6));
        fields.put("request_interval_ms", Math.round(interval / 1e6));
        fields.put("threshold_ms", thresholdMs);
        String gave = credits == 0
                ? "{0} sent credits only when asked, none from its deliveries"
                : "{0} sent credits from its deliveries only " + credits + (credits == 1 ? " time" : " times")
                        + " meanwhile";
        return new Finding(
                FindingCode.CREDIT_STALL,
                Severity.WARNING,
                members,
                start,
                end,
                frames,
                "{0} held up its senders: " + RetransmissionFindings.listed(senders) + " ran out of credits for it"
                        + " and asked it for more " + asked + " times over "
                        + String.format(Locale.ROOT, "%.1f s", (end - start) / 1e9) + " ("
                        + String.join(", ", protocols) + "), each time after blocking for max_block_time ("
                        + String.format(Locale.ROOT, "%.1f s", interval / 1e9) + " here); " + gave
                        + ": its application takes messages too slowly, or is blocked.",
                fields);
    }

    @Override
    public List<Finding> result() {
        return List.copyOf(findings);
    }
}
