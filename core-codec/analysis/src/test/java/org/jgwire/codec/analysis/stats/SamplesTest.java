package org.jgwire.codec.analysis.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SamplesTest {
    @Test
    void givesNearestRankPercentiles() {
        Samples s = new Samples();
        for (int i = 100; i >= 1; i--) s.add(i);
        Samples.Summary x = s.summary();
        assertEquals(100, x.count());
        assertEquals(50, x.p50());
        assertEquals(90, x.p90());
        assertEquals(99, x.p99());
        assertEquals(100, x.max());
        assertEquals(50.5, x.mean(), 1e-9);
    }

    @Test
    void staysBoundedAndExactInCountAndMaxBeyondItsCapacity() {
        Samples s = new Samples();
        int n = Samples.CAPACITY * 3;
        for (int i = 0; i < n; i++) s.add(i % 1000);
        s.add(5000);
        assertEquals(n + 1, s.count());
        assertEquals(5000, s.max());
        double p50 = s.percentile(50);
        assertTrue(p50 > 400 && p50 < 600, "uniform estimate: " + p50);
    }

    @Test
    void emptyHasNoPercentiles() {
        assertTrue(Double.isNaN(new Samples().summary().p99()));
    }
}
