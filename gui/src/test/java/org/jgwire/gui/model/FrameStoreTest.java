package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FrameStoreTest {
    @Test
    void readsBackEveryFrameByteForByteAcrossBufferFlushesAndLargeFrames() {
        Random random = new Random(42);
        byte[][] frames = new byte[3000][];
        try (FrameStore store = new FrameStore()) {
            for (int i = 0; i < frames.length; i++) {
                // mostly small frames, some larger than the store's 1 MB write buffer
                int n = i % 1000 == 7 ? (1 << 20) + 5 : random.nextInt(2000);
                frames[i] = new byte[n];
                random.nextBytes(frames[i]);
                byte[] padded = new byte[n + 6];
                System.arraycopy(frames[i], 0, padded, 3, n);
                assertEquals(i, store.append(padded, 3, n));
            }
            for (int i = frames.length - 1; i >= 0; i -= 7) {
                assertArrayEquals(frames[i], store.read(i, Integer.MAX_VALUE), "frame " + i);
                assertEquals(frames[i].length, store.length(i));
            }
            assertArrayEquals(Arrays.copyOf(frames[7], 100), store.read(7, 100));
        }
    }

    @Test
    void refusesAnIndexItNeverGave() {
        try (FrameStore store = new FrameStore()) {
            store.append(new byte[] {1, 2}, 0, 2);
            assertThrows(IndexOutOfBoundsException.class, () -> store.read(1, 10));
        }
    }
}
