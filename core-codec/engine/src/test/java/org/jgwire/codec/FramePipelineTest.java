package org.jgwire.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    private FramePipeline pipeline(int threads, long maxBytes) {
        return new FramePipeline(threads, maxBytes, (frame, records) -> {
            for (Record r : records) delivered.add(((ErrorRecord) r).message() + " of unit " + frame.unit());
        });
    }

    @Test
    void aFrameDecodedFirstWaitsForTheFramesBeforeIt() {
        CountDownLatch slow = new CountDownLatch(1), open = new CountDownLatch(0);
        try (FramePipeline p = pipeline(2, 1 << 20)) {
            p.submit(named(slow), new byte[] {1}, 0, 1, 10, null);
            p.submit(named(open), new byte[] {2}, 0, 1, 11, null);
            p.submit(named(open), new byte[] {3}, 0, 1, 11, null);
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
            p.submit(named(open), filled(1, 60), 0, 60, 1, null);
            assertTrue(p.bytesInFlight() <= 60);
            p.submit(named(open), filled(2, 60), 0, 60, 2, null); // 120 > 100: frame 1 is delivered first
            assertEquals("frame 1 of unit 1", delivered.get(0));
            assertTrue(p.bytesInFlight() <= 60, "in flight: " + p.bytesInFlight());
            p.drain();
            assertEquals(List.of("frame 1 of unit 1", "frame 2 of unit 2"), delivered);
        }
    }

    @Test
    void framesOverHalfTheByteBoundAreNotTaken() {
        try (FramePipeline p = pipeline(1, 100)) {
            assertTrue(p.takes(50));
            assertEquals(false, p.takes(51));
        }
    }

    @Test
    void anErrorTheJvmCannotRecoverFromReachesTheDecodingThread() {
        VersionRuntime.ChosenDecode broken = (buf, off, len) -> {
            throw new InternalError("broken JVM");
        };
        try (FramePipeline p = pipeline(1, 100)) {
            assertThrows(
                    InternalError.class,
                    () -> { // at the hand-off when done by then, else at the drain
                        p.submit(broken, new byte[] {1}, 0, 1, 1, null);
                        p.drain();
                    });
        }
    }

    private static byte[] filled(int first, int len) {
        byte[] b = new byte[len];
        b[0] = (byte) first;
        return b;
    }
}
