package org.jgwire.codec.framing;

import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Endpoint;

/**
 * The byte streams of an input without a network layer (hex lines, follow output, raw bytes), each cut into frames by
 * a {@link StreamFramer} of its own. Such an input gives each stream's bytes in order and without holes, so unlike
 * captured TCP segments there is nothing to reassemble first.
 */
public final class ChunkStreams {
    private final Limits limits;
    private final FrameSink sink;
    private final IntFunction<Endpoint> sender, receiver;
    private final Map<Integer, StreamFramer> framers = new HashMap<>();

    /** {@code sender} and {@code receiver} name a stream's endpoints, or give null when the input does not say. */
    public ChunkStreams(Limits limits, FrameSink sink, IntFunction<Endpoint> sender, IntFunction<Endpoint> receiver) {
        this.limits = limits;
        this.sink = sink;
        this.sender = sender;
        this.receiver = receiver;
    }

    /** The next bytes of stream {@code stream}, read from input unit {@code packet}. */
    public void data(int stream, byte[] b, long packet, long tsNanos) {
        framers.computeIfAbsent(stream, s -> new StreamFramer(sender.apply(s), receiver.apply(s), limits, sink))
                .data(b, 0, b.length, packet, tsNanos);
    }

    /** The input ended: every stream ends (a frame still incomplete is reported truncated). */
    public void end(long packet, long tsNanos) {
        for (StreamFramer f : framers.values()) f.end(packet, tsNanos);
    }
}
