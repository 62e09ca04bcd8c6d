package org.jgwire.codec.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.runtime.VersionRuntime;
import org.junit.jupiter.api.Test;

/** The order frames decoded on a pool come back in, and what bounds the frames in flight. */
class FramePipelineTest {
    private final List<String> delivered = new ArrayList<>();

    /** A decode that answers with one error record naming the frame by its first byte, once {@code go} opens. */
    private static VersionRuntime.ChosenDecode named(CountDownLatch go) {
        return (buf, off, len) -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            FrameInfo info = new FrameInfo(buf[off], -1, null, null, Transport.NONE);
            return List.of(new ErrorRecord(info, ProblemKind.MALFORMED, 0, "frame " + buf[off]));
        };
    }

    /** A pipeline whose deliveries are noted with their context (the unit, in these tests). */
    private FramePipeline pipeline(int threads, long maxBytes) {
        FramePipeline p = new FramePipeline(threads, maxBytes);
        p.deliverTo((records, buf, off, ctx) -> {
            for (Record r : records) delivered.add(((ErrorRecord) r).message() + " of " + ctx);
        });
        return p;
    }

    private static void frame(FramePipeline p, VersionRuntime.ChosenDecode decode, byte[] b, long unit) {
        p.frame(decode, b, 0, b.length, true, unit, "unit " + unit);
    }

    @Test
    void aFrameDecodedFirstWaitsForTheFramesBeforeIt() {
        CountDownLatch slow = new CountDownLatch(1), open = new CountDownLatch(0);
        try (FramePipeline p = pipeline(2, 1 << 20)) {
            frame(p, named(slow), new byte[] {1}, 10);
            frame(p, named(open), new byte[] {2}, 11);
            frame(p, named(open), new byte[] {3}, 11);
            assertEquals(List.of(), delivered, "frame 1 is not decoded yet: nothing may come before it");
            slow.countDown();
            p.drain();
            assertEquals(List.of("frame 1 of unit 10", "frame 2 of unit 11", "frame 3 of unit 11"), delivered);
            assertEquals(0, p.bytesInFlight());
        }
    }

    @Test
    void aFrameThatWouldPassTheByteBoundWaitsForTheOldestToBeDelivered() {
        CountDownLatch open = new CountDownLatch(0);
        try (FramePipeline p = pipeline(2, 100)) {
            frame(p, named(open), filled(1, 60), 1);
            assertTrue(p.bytesInFlight() <= 60);
            frame(p, named(open), filled(2, 60), 2); // 120 > 100: frame 1 is delivered first
            assertEquals("frame 1 of unit 1", delivered.get(0));
            assertTrue(p.bytesInFlight() <= 60, "in flight: " + p.bytesInFlight());
            p.drain();
            assertEquals(List.of("frame 1 of unit 1", "frame 2 of unit 2"), delivered);
        }
    }

    @Test
    void framesOverHalfTheByteBoundAreNotTaken() {
        try (FramePipeline p = pipeline(2, 100)) {
            assertTrue(p.takes(50));
            assertEquals(false, p.takes(51));
        }
    }

    @Test
    void anErrorTheJvmCannotRecoverFromReachesTheDecodingThread() {
        VersionRuntime.ChosenDecode broken = (buf, off, len) -> {
            throw new InternalError("broken JVM");
        };
        try (FramePipeline p = pipeline(2, 100)) {
            assertThrows(
                    InternalError.class,
                    () -> { // at the hand-off when done by then, else at the drain
                        frame(p, broken, new byte[] {1}, 1);
                        p.drain();
                    });
        }
    }

    @Test
    void whatIsFoundBetweenFramesWaitsBehindTheFramesStillDecodingInsteadOfForThem() {
        CountDownLatch slow = new CountDownLatch(1);
        try (FramePipeline p = pipeline(2, 1 << 20)) {
            frame(p, named(slow), new byte[] {1}, 1);
            p.inTurn(2, () -> delivered.add("a stream's end"));
            assertEquals(List.of(), delivered, "returned without waiting for frame 1");
            slow.countDown();
            frame(p, named(new CountDownLatch(0)), new byte[] {3}, 3);
            p.drain();
            assertEquals(List.of("frame 1 of unit 1", "a stream's end", "frame 3 of unit 3"), delivered);
        }
    }

    @Test
    void onOneThreadEverythingIsDeliveredAtOnce() {
        try (FramePipeline p = pipeline(1, 1 << 20)) {
            assertFalse(p.takes(1));
            frame(p, named(new CountDownLatch(0)), new byte[] {1}, 1);
            p.inTurn(1, () -> delivered.add("a problem"));
            assertEquals(List.of("frame 1 of unit 1", "a problem"), delivered);
        }
    }

    @Test
    void aStopDuringAUnitDropsWhatWasReadAheadOfIt() {
        CountDownLatch slow = new CountDownLatch(1), open = new CountDownLatch(0);
        try (FramePipeline p = pipeline(2, 1 << 20)) {
            frame(p, named(slow), new byte[] {1}, 1);
            p.inTurn(1, p::stop); // the sink has what it wants during unit 1
            frame(p, named(open), new byte[] {2}, 2);
            p.inTurn(2, () -> delivered.add("read ahead"));
            slow.countDown();
            p.drain();
            assertEquals(List.of("frame 1 of unit 1"), delivered);
            assertEquals(1, p.stopUnit());
        }
    }

    private static byte[] filled(int first, int len) {
        byte[] b = new byte[len];
        b[0] = (byte) first;
        return b;
    }
}
