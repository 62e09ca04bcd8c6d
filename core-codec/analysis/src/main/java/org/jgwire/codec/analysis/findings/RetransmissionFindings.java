package org.jgwire.codec.analysis.findings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jgwire.codec.analysis.reliability.ReliabilityTracker;
import org.jgwire.codec.analysis.reliability.ReliabilityTracker.LossPath;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * {@code retransmissions}: a member that had many messages retransmitted because it asked (NAKACK2/NAKACK4/UNICAST3/
 * UNICAST4 XMIT_REQ, and the NAKACK XMIT_RSP that answer them: one request asks for many messages) lost messages on
 * their way to it: its path is the lossy one. One finding per such receiver, with what it asked of each sender and
 * what it got again, from {@link ReliabilityTracker}'s paths.
 *
 * <p>A receiver is named from {@link #MIN_LOST} requests and answers on (or the threshold given), when what was sent
 * to it again is at least {@link #MIN_RATE} of what its senders sent: a healthy cluster asks for a retransmission
 * now and then (a message overtaken by the next one, a full receive buffer under load), none of the clean samples
 * more than twice, and a 1.5-million-message load capture 20 times, one in 100,000. Unasked resends are no loss on
 * the way: UNICAST3 resends to a member that crashed or froze until the view drops it.
 */
public final class RetransmissionFindings implements Detector {
    public static final int MIN_LOST = 20;
    public static final double MIN_RATE = 0.01;
    static final int MAX_FRAMES = 32;

    private final ReliabilityTracker reliability;
    private final long minLost;
    private final List<Finding> findings = new ArrayList<>();

    /** @param minLost requests and answers from which a receiver is named ({@link #MIN_LOST} by default) */
    public RetransmissionFindings(ReliabilityTracker reliability, long minLost) {
        this.reliability = reliability;
        this.minLost = minLost;
    }

    @Override
    public Input input() {
        return Input.WIRE;
    }

    @Override
    public void accept(Record r) {
        // reads the finished reliability tracker
    }

    private static final class Receiver {
        final NodeAddress address;
        final List<LossPath> paths = new ArrayList<>();
        long requests, answers, resends;

        Receiver(NodeAddress address) {
            this.address = address;
        }
    }

    @Override
    public void finish() {
        Map<String, Long> sent = new LinkedHashMap<>();
        for (ReliabilityTracker.SenderStats st : reliability.snapshot())
            sent.merge(st.protocol() + "\u0000" + st.sender().id(), st.messages(), Long::sum);
        Map<String, Receiver> receivers = new LinkedHashMap<>();
        long all = 0;
        for (LossPath p : reliability.paths()) {
            Receiver r = receivers.computeIfAbsent(p.receiver().id(), k -> new Receiver(p.receiver()));
            r.paths.add(p);
            r.requests += p.requests();
            r.answers += p.answers();
            r.resends += p.resends();
            all += p.requests() + p.answers();
        }
        for (Receiver r : receivers.values()) {
            long fromSenders = 0;
            for (LossPath p : r.paths)
                fromSenders +=
                        sent.getOrDefault(p.protocol() + "\u0000" + p.sender().id(), 0L);
            double rate = (double) r.answers / Math.max(1, fromSenders);
            if (r.requests + r.answers >= minLost && rate >= MIN_RATE) findings.add(finding(r, all, rate));
        }
    }

    private Finding finding(Receiver r, long all, double rate) {
        List<NodeAddress> members = new ArrayList<>(List.of(r.address));
        Map<NodeAddress, Long> requests = new LinkedHashMap<>(), answers = new LinkedHashMap<>();
        List<Long> frames = new ArrayList<>();
        List<String> protocols = new ArrayList<>();
        long start = Long.MAX_VALUE, end = -1;
        List<String> from = new ArrayList<>();
        for (LossPath p : r.paths) {
            if (p.requests() == 0 && p.answers() == 0) continue;
            if (members.stream().noneMatch(m -> m.id().equals(p.sender().id()))) {
                from.add("{" + members.size() + "}");
                members.add(p.sender());
            }
            if (!protocols.contains(p.protocol())) protocols.add(p.protocol());
            NodeAddress sender = members.get(index(members, p.sender())); // one key per member
            requests.merge(sender, p.requests(), Long::sum);
            answers.merge(sender, p.answers(), Long::sum);
            for (long f : p.frames()) if (frames.size() < MAX_FRAMES) frames.add(f);
            if (p.firstNs() >= 0) start = Math.min(start, p.firstNs());
            end = Math.max(end, p.lastNs());
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("requests", r.requests);
        fields.put("retransmitted", r.answers);
        fields.put("resent_unasked", r.resends);
        fields.put("requests_by_sender", requests);
        fields.put("retransmitted_by_sender", answers);
        fields.put("protocols", protocols);
        fields.put("share", Math.round(1000.0 * (r.requests + r.answers) / Math.max(1, all)) / 1000.0);
        fields.put("retransmitted_rate", Math.round(10000.0 * rate) / 10000.0);
        fields.put("threshold", minLost);
        fields.put("threshold_rate", MIN_RATE);
        long span = start == Long.MAX_VALUE ? -1 : end - start;
        return new Finding(
                FindingCode.RETRANSMISSIONS,
                Severity.WARNING,
                members,
                start == Long.MAX_VALUE ? -1 : start,
                end,
                frames,
                "{0} lost messages on their way to it: it asked " + listed(from) + " " + r.requests
                        + " times for retransmissions and was sent " + r.answers + " messages again, "
                        + Math.round(100 * rate) + "% of what they sent ("
                        + String.join(", ", protocols) + ", " + percent(r.requests + r.answers, all)
                        + " of all retransmission traffic in the capture"
                        + (span >= 0 ? String.format(Locale.ROOT, ", over %.1f s", span / 1e9) : "") + ").",
                fields);
    }

    /** {@code A}, {@code A and B}, {@code A, B and C}. */
    static String listed(List<String> items) {
        if (items.size() < 2) return String.join("", items);
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    private static int index(List<NodeAddress> members, NodeAddress a) {
        for (int i = 0; i < members.size(); i++) if (members.get(i).id().equals(a.id())) return i;
        return -1;
    }

    private static String percent(long part, long all) {
        return Math.round(100.0 * part / Math.max(1, all)) + "%";
    }

    @Override
    public List<Finding> result() {
        return List.copyOf(findings);
    }
}
