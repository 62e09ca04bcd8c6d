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
 *
 * <p>A {@code --tcp} input is often the payloads of every connection of a capture one after the other
 * ({@code tshark -e tcp.payload}), which ParseMessages reads by taking a {@code "bela"} cookie wherever a length is due
 * as the start of a connection ({@code Util.parse}). Here a chunk (a hex line: one segment) that starts with a whole
 * {@link Handshake} ends its stream's connection and starts the next, framed from its handshake on.
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

    /** The next bytes of stream {@code stream}, read from input unit {@code packet}; they may open a new connection. */
    public void data(int stream, byte[] b, long packet, long tsNanos) {
        StreamFramer f = framers.get(stream);
        if (f != null && f.bytesSeen() > 0 && Handshake.length(b, 0, b.length) > 0) {
            f.end(packet, tsNanos);
            f = null;
        }
        if (f == null) {
            f = new StreamFramer(sender.apply(stream), receiver.apply(stream), limits, sink);
            framers.put(stream, f);
        }
        f.data(b, 0, b.length, packet, tsNanos);
    }

    /** The input ended: every stream ends (a frame still incomplete is reported truncated). */
    public void end(long packet, long tsNanos) {
        for (StreamFramer f : framers.values()) f.end(packet, tsNanos);
    }
}
