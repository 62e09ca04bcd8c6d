package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The {@code load} scenario's kernel ring: a sixteenth of the machine's memory, 256 MB to 1 GB. */
class LoadRingSizeTest {
    private static final long MB = 1 << 20, GB = 1 << 30;

    @Test
    void aSixteenthOfMemoryBetween256MbAnd1Gb() {
        assertEquals(256 * MB, LoopbackCapture.loadBufferBytes(2 * GB));
        assertEquals(256 * MB, LoopbackCapture.loadBufferBytes(4 * GB));
        assertEquals(512 * MB, LoopbackCapture.loadBufferBytes(8 * GB));
        assertEquals(GB, LoopbackCapture.loadBufferBytes(16 * GB));
        assertEquals(GB, LoopbackCapture.loadBufferBytes(256 * GB));
    }
}
