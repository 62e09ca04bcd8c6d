package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.StreamFramerTcpTest.assertAllAccounted;
import static org.jgwire.codec.framing.StreamFramerTcpTest.assertFrames;
import static org.jgwire.codec.framing.WireFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;

/** Gaps, captures that join a stream mid-way, and the resynchronisation that follows. */
class StreamFramerResyncTest {
    private final RecordingSink sink = new RecordingSink();
    private final StreamFramer framer = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);

    private static List<byte[]> frames() throws Exception {
        return List.of(single(200, 1), list(4, 2), single(30, 3), single(700, 4), list(2, 5));
    }

    private static byte[] stream() throws Exception {
        return prefixed(frames().toArray(byte[][]::new));
    }

    /** Offset of frame {@code i}'s length prefix in {@link #stream()}. */
    private static int start(int i) throws Exception {
        int off = 0;
        for (int k = 0; k < i; k++) off += 4 + frames().get(k).length;
        return off;
    }

    @Test
    void gapInsideOneFrameLosesOnlyThatFrame() throws Exception {
        byte[] s = stream();
        int from = start(1) + 10, to = start(2) - 5; // a hole inside frame 1
        framer.data(s, 0, from, 1, -1);
        framer.gap(to - from, 2, -1);
        framer.data(s, to, s.length - to, 3, -1);
        framer.end(4, -1);

        List<byte[]> f = frames();
        assertFrames(List.of(f.get(0), f.get(2), f.get(3), f.get(4)), sink);
        assertEquals(1, sink.problems.size());
        assertEquals(ProblemKind.GAP, sink.problems.get(0).kind());
        assertEquals(from, sink.problems.get(0).offset());
        assertEquals(to - from, framer.bytesMissing());
        assertAllAccounted(framer);
        assertEquals(s.length - (to - from), framer.bytesSeen());
    }

    @Test
    void gapEndingExactlyAtAFrameEndNeedsNoResynchronisation() throws Exception {
        byte[] s = stream();
        int from = start(2) + 3, to = start(3);
        framer.data(s, 0, from, 1, -1);
        framer.gap(to - from, 2, -1);
        framer.data(s, to, s.length - to, 3, -1);
        framer.end(4, -1);
        List<byte[]> f = frames();
        assertFrames(List.of(f.get(0), f.get(1), f.get(3), f.get(4)), sink);
        assertEquals(1, sink.problems.size());
        assertAllAccounted(framer);
    }

    @Test
    void gapAcrossFramesResynchronisesOnTheNextWholeFrame() throws Exception {
        byte[] s = stream();
        int from = start(1) + 10, to = start(2) + 20; // frame 1's end and frame 2's start are missing
        framer.data(s, 0, from, 1, -1);
        framer.gap(to - from, 2, -1);
        framer.data(s, to, s.length - to, 3, -1);
        framer.end(4, -1);

        List<byte[]> f = frames();
        assertFrames(List.of(f.get(0), f.get(3), f.get(4)), sink);
        assertEquals(ProblemKind.GAP, sink.problems.get(0).kind());
        RecordingSink.Problem resync = sink.problems.get(1);
        assertEquals(ProblemKind.GAP, resync.kind());
        assertTrue(resync.message().startsWith("resynchronised at offset " + start(3)), resync.message());
        assertAllAccounted(framer);
    }

    @Test
    void joinsAStreamCapturedFromAnyOffsetAtTheNextFrame() throws Exception {
        byte[] s = stream();
        List<byte[]> f = frames();
        for (int skip = 1; skip < start(2); skip++) {
            RecordingSink rs = new RecordingSink();
            StreamFramer fr = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, rs);
            fr.data(s, skip, s.length - skip, 1, -1);
            fr.end(2, -1);
            int next = skip <= start(1) ? 1 : 2;
            assertFrames(f.subList(next, f.size()), rs);
            assertAllAccounted(fr);
            if (skip == start(1)) { // joined exactly at a frame: nothing to skip
                assertEquals(List.of(), rs.problems);
                continue;
            }
            assertEquals(1, rs.problems.size(), "skip " + skip);
            assertEquals(ProblemKind.GAP, rs.problems.get(0).kind());
            assertTrue(
                    rs.problems.get(0).message().startsWith("stream joined mid-way: " + (start(next) - skip)),
                    rs.problems.get(0).message());
            assertAllAccounted(fr);
        }
    }

    @Test
    void joinsAStreamMidWayWhenFedOneByteAtATime() throws Exception {
        byte[] s = stream();
        int skip = start(1) + 33;
        for (int i = skip; i < s.length; i++) framer.data(s, i, 1, i, -1);
        framer.end(s.length, -1);
        List<byte[]> f = frames();
        assertFrames(f.subList(2, f.size()), sink);
        assertEquals(1, sink.problems.size());
        assertAllAccounted(framer);
    }

    @Test
    void reportsBytesThatNeverFormAFrame() {
        byte[] noise = WireFixtures.payload(500, 7);
        framer.data(noise, 0, noise.length, 1, -1);
        framer.end(2, -1);
        assertEquals(0, sink.frames.size());
        assertEquals(1, sink.problems.size());
        assertTrue(
                sink.problems.get(0).message().contains("no frame found"),
                sink.problems.get(0).message());
        assertEquals(500, framer.bytesSkipped());
        assertAllAccounted(framer);
    }
}
