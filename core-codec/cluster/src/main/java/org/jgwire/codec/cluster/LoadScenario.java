package org.jgwire.codec.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jgwire.codec.cluster.node.LoadShape;

/**
 * The {@code load} scenario: once all members see the full view, every member multicasts {@code messages} messages
 * of {@code size} bytes at once, back to back, as fast as flow control (MFC) lets it; the runner waits until every
 * member delivered every sender's last one. The capture then holds real bundled traffic (message lists) with the
 * NAKACK2, UNICAST3, STABLE and credit traffic that goes with it.
 *
 * <p>Spelled {@code load} ({@value #DEFAULT_MESSAGES} messages of {@value #DEFAULT_SIZE} bytes per member),
 * {@code load:N}, {@code load:N:SIZE}, or with sizes drawn from a range {@code load:N:MIN-MAX} (printable text after
 * the head) and {@code load:N:MIN-MAX:binary} (any byte after it); see {@link LoadShape}. The members report
 * counts, not messages: the manifest gets one {@link Manifest.LoadSent} per member and one
 * {@link Manifest.LoadReceived} per receiver and sender.
 *
 * <p>With a duration ({@code jgwire cluster --duration 10s}) every member sends for that long instead of a count:
 * {@code load A#17/0 } (total unknown) until the time is up, then a last one that carries the count
 * ({@code load A#5000/5000 }), which is what receivers count to.
 *
 * @param messages multicasts per member (ignored with a duration)
 * @param shape    payload sizes and contents ({@code load A#17/1000 } padded with dots, or drawn)
 * @param duration how long each member sends, or null to send {@code messages}
 */
record LoadScenario(long messages, LoadShape shape, Duration duration) implements Scenario {
    static final String NAME = "load";
    static final long DEFAULT_MESSAGES = 10_000;
    static final int DEFAULT_SIZE = LoadShape.DEFAULT_SIZE;
    static final long MAX_MESSAGES = 1_000_000_000;
    /** The payload's own head ({@code load A#<10 digits>/<10 digits> }) must fit. */
    static final int MIN_SIZE = 32;
    /** One datagram without fragmentation (the stacks' FRAG frag_size is 60K). */
    static final int MAX_SIZE = 60_000;

    static final String SYNTAX = "load[:MESSAGES[:SIZE|MIN-MAX[:binary]]]";

    LoadScenario {
        if (messages < 1 || messages > MAX_MESSAGES)
            throw new IllegalArgumentException(
                    "load messages per member (" + messages + ") must be 1 to " + MAX_MESSAGES);
        for (int size : new int[] {shape.minSize(), shape.maxSize()})
            if (size < MIN_SIZE || size > MAX_SIZE)
                throw new IllegalArgumentException(
                        "load message size (" + size + ") must be " + MIN_SIZE + " to " + MAX_SIZE + " bytes");
    }

    LoadScenario(long messages, int size) {
        this(messages, new LoadShape(size, size, false), null);
    }

    /** The scenario named by {@code spec}, sending for {@code duration} when not null. */
    static LoadScenario parse(String spec, Duration duration) {
        LoadScenario counted = parse(spec);
        return counted == null || duration == null
                ? counted
                : new LoadScenario(counted.messages(), counted.shape(), duration);
    }

    /** The scenario named by {@code spec}, or null when it is not a load scenario. */
    static LoadScenario parse(String spec) {
        if (!spec.equals(NAME) && !spec.startsWith(NAME + ":")) return null;
        String[] parts = spec.split(":", 3);
        long messages;
        try {
            messages = parts.length > 1 ? Long.parseLong(parts[1]) : DEFAULT_MESSAGES;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("scenario '" + spec + "': expected " + SYNTAX + " with whole numbers");
        }
        return new LoadScenario(messages, LoadShape.ofScenario(spec), null);
    }

    @Override
    public String name() {
        return NAME + ":" + messages + ":" + shape.spec();
    }

    @Override
    public int captureBufferBytes() {
        return LoopbackCapture.loadBufferBytes();
    }

    @Override
    public void run(Cluster cluster) throws IOException, InterruptedException {
        List<String> names = cluster.names();
        // every member starts before any waits: the senders compete for the same credits, as in a real cluster
        String command =
                (duration == null ? "load " + messages : "load-for " + duration.toMillis()) + " " + shape.spec();
        for (String me : names) cluster.member(me).command(command);
        cluster.log.await(
                names.size() + " members to send their load messages",
                cluster.deadlineNanos,
                events -> EventLog.of(events, null, "load-sent").size() >= names.size() ? Boolean.TRUE : null);
        int pairs = names.size() * names.size();
        cluster.log.await(
                pairs + " load deliveries (every member from every sender)", cluster.deadlineNanos, events -> {
                    Set<String> done = new HashSet<>();
                    for (NodeEvent e : EventLog.of(events, null, "load-received"))
                        done.add(e.node() + "\u0000" + e.text("from"));
                    return done.size() >= pairs ? Boolean.TRUE : null;
                });
    }
}
