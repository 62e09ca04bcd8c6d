package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.StreamFramerTcpTest.assertAllAccounted;
import static org.jgwire.codec.framing.StreamFramerTcpTest.assertFrames;
import static org.jgwire.codec.framing.WireFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;

/**
 * Length prefixes that are wrong but in range: a length alone is no frame boundary, the frames after it decide.
 * A wrong length costs its own frame and one error record, never the frames after it.
 */
class StreamFramerWrongLengthTest {
    private static List<byte[]> frames() throws Exception {
        List<byte[]> f = new ArrayList<>();
        for (int i = 0; i < 12; i++) f.add(i % 3 == 1 ? list(2 + i % 4, i) : single(40 + 37 * i, i));
        return f;
    }

    /** Offset of frame {@code i}'s length prefix in {@code prefixed(frames)}. */
    private static int start(List<byte[]> frames, int i) {
        int off = 0;
        for (int k = 0; k < i; k++) off += 4 + frames.get(k).length;
        return off;
    }

    /** Feeds each frame of {@code s} (cut at the frames' boundaries, as segments carry them) in a call of its own. */
    private static void feedFrameByFrame(StreamFramer f, byte[] s, List<byte[]> frames) {
        for (int i = 0; i < frames.size(); i++) {
            int from = start(frames, i), to = i + 1 < frames.size() ? start(frames, i + 1) : s.length;
            f.data(s, from, to - from, i + 1, -1);
        }
        f.end(frames.size() + 1, -1);
    }

    @Test
    void aTooLongLengthCostsOnlyItsFrameWhetherTheStreamComesWholeOrFrameByFrame() throws Exception {
        List<byte[]> f = frames();
        int bad = 3;
        byte[] s = prefixed(f.toArray(byte[][]::new));
        for (int wrong : new int[] {f.get(bad).length + 1, f.get(bad).length + 700, 40_000}) {
            byte[] damaged = s.clone();
            ByteBuffer.wrap(damaged).putInt(start(f, bad), wrong);
            for (boolean whole : new boolean[] {true, false}) {
                RecordingSink sink = new RecordingSink();
                StreamFramer framer = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);
                if (whole) {
                    framer.data(damaged, 0, damaged.length, 1, -1);
                    framer.end(2, -1);
                } else feedFrameByFrame(framer, damaged, f);
                String what = "length " + wrong + (whole ? " in one call" : " frame by frame");
                List<byte[]> want = new ArrayList<>(f);
                want.remove(bad);
                assertFrames(want, sink);
                assertEquals(1, sink.problems.size(), what + ": " + sink.problems);
                RecordingSink.Problem p = sink.problems.get(0);
                assertEquals(ProblemKind.MALFORMED, p.kind(), what);
                assertEquals(start(f, bad), p.offset(), what);
                String how = wrong < 40_000
                        ? "is not followed by another frame" // 40000 points past the end of the stream
                        : "points past the end of the stream, over frames that follow one another";
                assertEquals(
                        "resynchronised at offset " + start(f, bad + 1) + " after skipping " + (4 + f.get(bad).length)
                                + " bytes: the frame length (" + wrong + ") at offset " + start(f, bad) + " " + how,
                        p.message(),
                        what);
                assertAllAccounted(framer);
            }
        }
    }

    @Test
    void aTooShortLengthIsTakenOnlyWhenNoFrameChainsInsideIt() throws Exception {
        List<byte[]> f = frames();
        int bad = 5;
        byte[] s = prefixed(f.toArray(byte[][]::new));
        ByteBuffer.wrap(s).putInt(start(f, bad), f.get(bad).length - 10);
        RecordingSink sink = new RecordingSink();
        StreamFramer framer = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);
        framer.data(s, 0, s.length, 1, -1);
        framer.end(2, -1);
        // the short frame goes on as it is (the decoder reports what it lacks); every later frame is found again
        List<byte[]> got = sink.bytes();
        assertTrue(Arrays.equals(Arrays.copyOf(f.get(bad), f.get(bad).length - 10), got.get(bad)));
        assertFrames(f.subList(bad + 1, f.size()), tail(sink, bad + 1));
        assertAllAccounted(framer);
    }

    @Test
    void aFalseFiveMegabyteLengthIsNotLockedOnto() throws Exception {
        List<byte[]> f = frames();
        byte[] lure = concat(int32(5 << 20), Arrays.copyOf(f.get(0), 30)); // a length, then a real frame's start
        byte[] rest = prefixed(f.subList(1, f.size()).toArray(byte[][]::new));
        for (boolean joined : new boolean[] {true, false}) {
            RecordingSink sink = new RecordingSink();
            StreamFramer framer = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);
            if (!joined) { // a stream already aligned (its kind known), then a hole
                byte[] first = prefixed(f.get(0));
                framer.data(first, 0, first.length, 1, -1);
                framer.gap(100, 2, -1);
            }
            byte[] noise = WireFixtures.payload(23, 5);
            byte[] s = concat(noise, lure, rest);
            framer.data(s, 0, s.length, 3, -1);
            framer.end(4, -1);
            assertFrames(joined ? f.subList(1, f.size()) : f, sink);
            long skippedProblems = sink.problems.stream()
                    .filter(p -> p.message().contains("skipping " + (noise.length + lure.length) + " bytes")
                            || p.message().contains(noise.length + lure.length + " bytes skipped"))
                    .count();
            assertEquals(1, skippedProblems, sink.problems.toString());
            assertAllAccounted(framer);
        }
    }

    @Test
    void aFalseLengthIsJudgedByWhatLiesWhereItPointsOnceThoseBytesArrive() throws Exception {
        List<byte[]> f = new ArrayList<>();
        for (int i = 0; i < 300; i++) f.add(single(300 + i, i)); // ~200 KB of frames after the lure
        byte[] lure = concat(int32(100_000), Arrays.copyOf(f.get(0), 30));
        byte[] s = concat(lure, prefixed(f.toArray(byte[][]::new)));
        RecordingSink sink = new RecordingSink();
        StreamFramer framer = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);
        for (int off = 0; off < s.length; off += 1460) framer.data(s, off, Math.min(1460, s.length - off), off, -1);
        assertFrames(f, sink); // before the end of the stream: the lure was judged when its bytes were all there
        assertTrue(sink.problems.get(0).message().startsWith("stream joined mid-way: " + lure.length + " bytes"));
        framer.end(-1, -1);
        assertEquals(1, sink.problems.size(), sink.problems.toString());
        assertAllAccounted(framer);
    }

    @Test
    void framesHeldBehindASixteenMegabyteLengthKeepThePacketsTheyArrivedIn() throws Exception {
        List<byte[]> f = frames();
        int bad = 2;
        byte[] s = prefixed(f.toArray(byte[][]::new));
        ByteBuffer.wrap(s).putInt(start(f, bad), 16 << 20); // in range (--max-frame is 64 MiB), past the stream's end
        RecordingSink sink = new RecordingSink();
        StreamFramer framer = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);
        for (int i = 0; i < f.size(); i++) { // frame i arrives in packet 10 + i at time 1000 * i
            int from = start(f, i), to = i + 1 < f.size() ? start(f, i + 1) : s.length;
            framer.data(s, from, to - from, 10 + i, 1000L * i);
        }
        framer.end(99, 99_000);
        List<byte[]> want = new ArrayList<>(f);
        want.remove(bad);
        assertFrames(want, sink);
        for (int k = 0; k < sink.frames.size(); k++) {
            int i = k < bad ? k : k + 1;
            assertEquals(10 + i, sink.frames.get(k).info().packet(), "packet of frame " + i);
            assertEquals(1000L * i, sink.frames.get(k).info().tsNanos(), "time of frame " + i);
        }
        assertAllAccounted(framer);
    }

    private static RecordingSink tail(RecordingSink sink, int from) {
        RecordingSink t = new RecordingSink();
        t.frames.addAll(sink.frames.subList(from, sink.frames.size()));
        return t;
    }
}
