package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.WireFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.jgroups.Version;
import org.jgroups.stack.IpAddress;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** TCP / TCP_NIO2 streams: handshake, length-prefixed transport frames, graceful close, bad lengths. */
class StreamFramerTcpTest {
    private final RecordingSink sink = new RecordingSink();
    private final StreamFramer framer = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);

    private static List<byte[]> frames() throws Exception {
        return List.of(single(100, 1), list(3, 2), single(0, 3), single(1500, 4));
    }

    private static byte[] clientStream() throws Exception {
        return concat(handshake(new IpAddress("127.0.0.1", 7801)), prefixed(frames().toArray(byte[][]::new)));
    }

    static void assertFrames(List<byte[]> expected, RecordingSink sink) {
        assertEquals(expected.size(), sink.frames.size(), "frame count");
        for (int i = 0; i < expected.size(); i++)
            assertTrue(
                    Arrays.equals(expected.get(i), sink.frames.get(i).bytes()),
                    "frame " + i + " differs: expected " + expected.get(i).length + " bytes, got "
                            + sink.frames.get(i).bytes().length);
    }

    /** Every byte given to the framer was framed or skipped, and nothing is left in it. */
    static void assertAllAccounted(StreamFramer f) {
        assertEquals(0, f.bytesBuffered(), "bytes left buffered");
        assertEquals(f.bytesSeen(), f.bytesFramed() + f.bytesSkipped(), "bytes seen = framed + skipped");
    }

    @Test
    void framesHandshakeAndSeveralFramesInOneSegment() throws Exception {
        byte[] stream = clientStream();
        framer.data(stream, 0, stream.length, 7, 1234);
        framer.end(8, 1235);

        assertFrames(frames(), sink);
        assertTrue(framer.handshakeSeen());
        assertEquals(Version.version, (short) framer.handshakeVersion());
        assertEquals(new Endpoint("127.0.0.1", 7801), framer.handshakeAddress());
        assertEquals(FrameKind.TRANSPORT, framer.kind());
        for (RecordingSink.Frame f : sink.frames) {
            assertEquals(FrameKind.TRANSPORT, f.kind());
            assertEquals(Transport.TCP, f.info().transport());
            assertEquals(7, f.info().packet());
            assertEquals(1234, f.info().tsNanos());
            assertEquals(CLIENT, f.info().src());
            assertEquals(SERVER, f.info().dst());
        }
        assertEquals(List.of(), sink.problems);
        assertEquals(stream.length, framer.bytesFramed());
        assertAllAccounted(framer);
    }

    @Test
    void handsOnFramesInsideOneCallWithoutCopying() throws Exception {
        byte[] stream = clientStream();
        framer.data(stream, 0, stream.length, 1, -1);
        for (RecordingSink.Frame f : sink.frames) assertSame(stream, f.buffer());
    }

    @Test
    void framesTheSameWhateverOffsetTheStreamIsSplitAt() throws Exception {
        byte[] stream = clientStream();
        for (int cut = 0; cut <= stream.length; cut++) {
            RecordingSink s = new RecordingSink();
            StreamFramer f = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, s);
            f.data(stream, 0, cut, 1, 10);
            f.data(stream, cut, stream.length - cut, 2, 20);
            f.end(3, 30);
            assertFrames(frames(), s);
            assertEquals(List.of(), s.problems, "cut at " + cut);
            assertAllAccounted(f);
            // a frame completed by the second call carries the second packet's number
            int firstLen = handshake(new IpAddress("127.0.0.1", 7801)).length + 4 + frames().get(0).length;
            assertEquals(cut >= firstLen ? 1 : 2, s.frames.get(0).info().packet(), "cut at " + cut);
        }
    }

    @Test
    void framesTheSameFedOneByteAtATime() throws Exception {
        byte[] stream = clientStream();
        for (int i = 0; i < stream.length; i++) framer.data(stream, i, 1, i + 1, i);
        framer.end(stream.length + 1, -1);
        assertFrames(frames(), sink);
        assertEquals(List.of(), sink.problems);
        assertAllAccounted(framer);
        assertEquals(stream.length, framer.bytesFramed());
    }

    @Test
    void framesTheAcceptingSideWhichSendsNoHandshake() throws Exception {
        byte[] stream = prefixed(frames().toArray(byte[][]::new));
        framer.data(stream, 0, stream.length, 1, -1);
        framer.end(2, -1);
        assertFrames(frames(), sink);
        assertFalse(framer.handshakeSeen());
        assertEquals(FrameKind.TRANSPORT, framer.kind());
        assertEquals(List.of(), sink.problems);
        assertAllAccounted(framer);
    }

    @Test
    void consumesGracefulCloseWithoutReportingIt() throws Exception {
        byte[] stream = concat(clientStream(), int32(-5)); // Connection.GRACEFUL_CLOSE, 5.5.3+
        for (int cut = 0; cut <= stream.length; cut += 7) {
            RecordingSink s = new RecordingSink();
            StreamFramer f = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, s);
            f.data(stream, 0, cut, 1, -1);
            f.data(stream, cut, stream.length - cut, 2, -1);
            f.end(3, -1);
            assertFrames(frames(), s);
            assertEquals(1, f.gracefulCloses());
            assertEquals(List.of(), s.problems);
            assertEquals(stream.length, f.bytesFramed());
            assertAllAccounted(f);
        }
    }

    /**
     * The accepting side of a connection it never sent on closes it with nothing but the mark (5.5.3+); two threads
     * closing one connection may both write it ({@code TcpConnection.close} is not synchronized).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void takesCloseMarksAsTheWholeOfAnUnusedDirection(int marks) throws Exception {
        byte[] stream = marks == 1 ? int32(-5) : concat(int32(-5), int32(-5));
        for (int cut = 0; cut <= stream.length; cut++) {
            RecordingSink s = new RecordingSink();
            StreamFramer f = new StreamFramer(SERVER, CLIENT, Limits.DEFAULTS, s);
            f.data(stream, 0, cut, 1, -1);
            f.data(stream, cut, stream.length - cut, 2, -1);
            f.end(3, -1);
            assertEquals(marks, f.gracefulCloses());
            assertEquals(List.of(), s.problems);
            assertEquals(List.of(), s.frames);
            assertEquals(stream.length, f.bytesFramed());
            assertAllAccounted(f);
        }
    }

    @Test
    void aCloseMarkFollowedByOtherBytesInAnUnusedDirectionIsStillAProblem() throws Exception {
        for (byte[] stream : List.of(
                concat(int32(-5), new byte[] {(byte) 0xFF, (byte) 0xFF}),
                concat(int32(-5), int32(-4)),
                concat(int32(-4), int32(-5)))) {
            RecordingSink s = new RecordingSink();
            StreamFramer f = new StreamFramer(SERVER, CLIENT, Limits.DEFAULTS, s);
            f.data(stream, 0, stream.length, 1, -1);
            f.end(2, -1);
            assertEquals(1, s.problems.size(), () -> HexFormat.of().formatHex(stream) + ": " + s.problems);
            assertAllAccounted(f);
        }
    }

    @Test
    void reportsAbsurdLengthAndResynchronisesOnTheNextFrame() throws Exception {
        byte[] f1 = single(40, 1), f3 = single(60, 3);
        byte[] garbage = WireFixtures.payload(37, 99);
        byte[] stream = concat(prefixed(f1), int32(70_000_000), garbage, prefixed(f3));
        framer.data(stream, 0, stream.length, 5, -1);
        framer.end(6, -1);

        assertFrames(List.of(f1, f3), sink);
        RecordingSink.Problem limit = sink.problems.get(0);
        assertEquals(ProblemKind.LIMIT, limit.kind());
        assertEquals("frame length (70000000) exceeds the maximum (67108864, --max-frame)", limit.message());
        assertEquals(4 + f1.length, limit.offset());
        RecordingSink.Problem resync = sink.problems.get(1);
        assertEquals(ProblemKind.MALFORMED, resync.kind());
        assertTrue(resync.message().contains("after skipping " + (4 + garbage.length) + " bytes"), resync.message());
        assertEquals(2, sink.problems.size());
        assertEquals(4 + garbage.length, framer.bytesSkipped());
        assertAllAccounted(framer);
    }

    @Test
    void honoursASmallerMaxFrame() throws Exception {
        byte[] big = single(2000, 1), small = single(10, 2);
        StreamFramer f = new StreamFramer(
                CLIENT, SERVER, Limits.builder().maxFrameLength(1024).build(), sink);
        byte[] stream = prefixed(small, big, small);
        f.data(stream, 0, stream.length, 1, -1);
        f.end(2, -1);
        assertFrames(List.of(small, small), sink);
        assertEquals(
                "frame length (" + big.length + ") exceeds the maximum (1024, --max-frame)",
                sink.problems.get(0).message());
        assertAllAccounted(f);
    }

    @Test
    void reportsNegativeLengthAsMalformed() throws Exception {
        byte[] f1 = single(20, 1), f2 = single(30, 2);
        byte[] stream = concat(prefixed(f1), int32(-7), prefixed(f2));
        framer.data(stream, 0, stream.length, 1, -1);
        framer.end(2, -1);
        assertFrames(List.of(f1, f2), sink);
        assertEquals(ProblemKind.MALFORMED, sink.problems.get(0).kind());
        assertEquals("negative frame length (-7)", sink.problems.get(0).message());
        assertAllAccounted(framer);
    }

    @Test
    void reportsFrameCutByTheEndAsTruncated() throws Exception {
        byte[] f1 = single(20, 1), f2 = single(300, 2);
        byte[] stream = prefixed(f1, f2);
        framer.data(stream, 0, stream.length - 100, 1, -1);
        framer.end(2, -1);
        assertFrames(List.of(f1), sink);
        assertEquals(1, sink.problems.size());
        RecordingSink.Problem p = sink.problems.get(0);
        assertEquals(ProblemKind.TRUNCATED, p.kind());
        assertEquals(4 + f1.length, p.offset());
        assertTrue(p.message().contains("frame of " + f2.length + " bytes"), p.message());
        assertEquals(2, p.info().packet());
        assertAllAccounted(framer);
    }

    @Test
    void readsAnIpv6HandshakeAddress() throws Exception {
        byte[] stream = concat(handshake(new IpAddress("::1", 7802)), prefixed(single(10, 1)));
        framer.data(stream, 0, stream.length, 1, -1);
        framer.end(2, -1);
        assertEquals(new Endpoint("0:0:0:0:0:0:0:1", 7802), framer.handshakeAddress());
        assertEquals(1, sink.frames.size());
        assertAllAccounted(framer);
    }

    @Test
    void handshakeWithoutAddressSizeFrom360() {
        byte[] stream = {
            'b',
            'e',
            'l',
            'a', // Connection.cookie
            0x19,
            (byte) 0x80, // version 3.6.0 = 3<<11 | 6<<6 | 0
            4,
            127,
            0,
            0,
            1, // IpAddress: length 4, 127.0.0.1 (no addr_size before it in 3.6.0-3.6.4)
            0x1e,
            0x78, // port 7800
            0,
            0,
            0,
            8, // frame length 8
            0x19,
            (byte) 0x80, // frame: version 3.6.0
            0, // flags: single message, unicast
            0, // leading: no dest, no src, no buffer
            0,
            0, // message flags
            0,
            0
        }; // header count 0
        framer.data(stream, 0, stream.length, 1, -1);
        framer.end(2, -1);
        assertEquals(1, sink.frames.size());
        assertArrayEquals(Arrays.copyOfRange(stream, 17, 25), sink.frames.get(0).bytes());
        assertEquals(0x1980, framer.handshakeVersion());
        assertEquals(new Endpoint("127.0.0.1", 7800), framer.handshakeAddress());
        assertEquals(List.of(), sink.problems);
        assertAllAccounted(framer);
    }
}
