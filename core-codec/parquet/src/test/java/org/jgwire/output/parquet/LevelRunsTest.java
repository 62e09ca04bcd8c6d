package org.jgwire.output.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Random;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.junit.jupiter.api.Test;

/** {@link LevelRuns} read back by parquet-java's own decoder of the RLE/bit-packing hybrid. */
class LevelRunsTest {
    @Test
    void everyMixOfRunsAndPackedValuesReadsBack() throws IOException {
        Random random = new Random(42);
        for (int width = 1; width <= 20; width++)
            for (int trial = 0; trial < 40; trial++) {
                int count = 1 + random.nextInt(trial < 20 ? 40 : 5000);
                int[] values = new int[count];
                int max = (1 << width) - 1;
                for (int i = 0; i < count; ) {
                    // runs of every length around the 8 where a run starts to be written as one
                    int run = Math.min(count - i, random.nextInt(4) == 0 ? 1 + random.nextInt(20) : 1);
                    int v = random.nextInt(max + 1);
                    for (int k = 0; k < run; k++) values[i++] = v;
                }
                assertArrayEquals(values, roundTrip(values, width), "width " + width + ", " + count + " values");
            }
    }

    @Test
    void runsOfExactlyEightAndLongOnesAtTheEnd() throws IOException {
        int[] values = {1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
        assertArrayEquals(values, roundTrip(values, 2));
        int[] same = new int[100_000];
        assertArrayEquals(same, roundTrip(same, 1));
    }

    @Test
    void aRunIsACountAndAValueAndPackedGroupsAreWidthBytesPerEight() {
        PageBytes out = new PageBytes(16);
        LevelRuns.encode(new int[] {3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, 10, 2, out);
        assertEquals(2, out.size(), "one run: its header (10 << 1) and the value in a byte");
        assertEquals(20, out.array()[0]);
        assertEquals(3, out.array()[1]);
        out.reset();
        LevelRuns.encode(new int[] {1, 0, 1, 0, 1, 0, 1, 0, 1}, 9, 1, out);
        assertEquals(3, out.size(), "a header for two groups of eight, one byte each");
        assertEquals((2 << 1) | 1, out.array()[0]);
        assertEquals(0b01010101, out.array()[1]);
        assertEquals(1, out.array()[2]);
    }

    @Test
    void widthsFitTheLargestValue() {
        assertEquals(1, LevelRuns.bitWidth(0));
        assertEquals(1, LevelRuns.bitWidth(1));
        assertEquals(2, LevelRuns.bitWidth(3));
        assertEquals(3, LevelRuns.bitWidth(4));
        assertEquals(16, LevelRuns.bitWidth(65_535));
    }

    private static int[] roundTrip(int[] values, int width) throws IOException {
        PageBytes out = new PageBytes(16);
        LevelRuns.encode(values, values.length, width, out);
        RunLengthBitPackingHybridDecoder in =
                new RunLengthBitPackingHybridDecoder(width, new ByteArrayInputStream(out.array(), 0, out.size()));
        int[] back = new int[values.length];
        for (int i = 0; i < back.length; i++) back[i] = in.readInt();
        return back;
    }
}
