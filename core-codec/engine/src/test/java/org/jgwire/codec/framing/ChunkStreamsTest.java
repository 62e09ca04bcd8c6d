package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.StreamFramerTcpTest.assertFrames;
import static org.jgwire.codec.framing.WireFixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.stack.IpAddress;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;

/** Chunk streams of inputs without a network layer: one framer per stream, a new one per connection. */
class ChunkStreamsTest {
    private final RecordingSink sink = new RecordingSink();
    private final ChunkStreams streams =
            new ChunkStreams(Limits.DEFAULTS, sink, s -> s == 0 ? CLIENT : SERVER, s -> s == 0 ? SERVER : CLIENT);

    @Test
    void chunkOpeningWithAHandshakeStartsTheNextConnection() throws Exception {
        byte[] frame = single(20, 1);
        byte[] first = prefixed(frame, frame);
        IpAddress srv = new IpAddress("127.0.0.1", 7900);
        byte[] bare = fdSock2(FD_SOCK2.FdHeader.CONNECT, srv);
        streams.data(0, handshake(new IpAddress("127.0.0.1", 7801)), 1, -1);
        streams.data(0, Arrays.copyOf(first, first.length - 5), 2, -1); // the second frame cut short
        streams.data(0, handshake(new IpAddress("127.0.0.1", 7901)), 3, -1);
        streams.data(0, prefixed(bare), 4, -1);
        streams.end(5, -1);

        assertFrames(List.of(frame, bare), sink);
        assertEquals(FrameKind.TRANSPORT, sink.frames.get(0).kind());
        assertEquals(FrameKind.BARE_MESSAGE, sink.frames.get(1).kind(), "the new connection learns its own kind");
        assertEquals(CLIENT, sink.frames.get(1).info().src());
        assertEquals(SERVER, sink.frames.get(1).info().dst());
        assertEquals(1, sink.problems.size(), sink.problems.toString());
        RecordingSink.Problem cut = sink.problems.get(0);
        assertEquals(ProblemKind.TRUNCATED, cut.kind());
        assertEquals(3, cut.info().packet(), "reported where the next connection starts");
    }

    @Test
    void keepsStreamsApart() throws Exception {
        byte[] a = single(30, 2), b = single(40, 3);
        byte[] sa = prefixed(a), sb = prefixed(b);
        streams.data(0, Arrays.copyOf(sa, 10), 1, -1);
        streams.data(1, Arrays.copyOf(sb, 7), 2, -1);
        streams.data(0, Arrays.copyOfRange(sa, 10, sa.length), 3, -1);
        streams.data(1, Arrays.copyOfRange(sb, 7, sb.length), 4, -1);
        streams.end(5, -1);

        assertFrames(List.of(a, b), sink);
        assertEquals(SERVER, sink.frames.get(1).info().src());
        assertEquals(List.of(), sink.problems);
    }
}
