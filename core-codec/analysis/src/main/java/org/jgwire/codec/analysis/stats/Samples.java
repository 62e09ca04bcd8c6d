package org.jgwire.codec.analysis.stats;

import java.util.Arrays;

/**
 * Durations (or sizes) for percentiles, in bounded memory: the first {@link #CAPACITY} values are kept exactly,
 * later ones replace kept ones at random (reservoir sampling, a fixed seed so runs repeat), so percentiles stay
 * exact up to that many values and a uniform estimate beyond. Count, sum, min and max are always exact.
 */
public final class Samples {
    public static final int CAPACITY = 1 << 16;

    private double[] kept = new double[64];
    private int size;
    private long count;
    private double sum, min = Double.NaN, max = Double.NaN;
    private long seed = 0x9E3779B97F4A7C15L;

    public void add(double v) {
        count++;
        sum += v;
        if (count == 1 || v < min) min = v;
        if (count == 1 || v > max) max = v;
        if (size < CAPACITY) {
            if (size == kept.length) kept = Arrays.copyOf(kept, Math.min(CAPACITY, size * 2));
            kept[size++] = v;
        } else {
            seed ^= seed << 13;
            seed ^= seed >>> 7;
            seed ^= seed << 17;
            long j = Math.floorMod(seed, count);
            if (j < CAPACITY) kept[(int) j] = v;
        }
    }

    public long count() {
        return count;
    }

    public double sum() {
        return sum;
    }

    public double min() {
        return min;
    }

    public double max() {
        return max;
    }

    public double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    /** The {@code p}-th percentile (0..100) by the nearest-rank method; NaN when empty. */
    public double percentile(double p) {
        if (size == 0) return Double.NaN;
        double[] sorted = Arrays.copyOf(kept, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * size);
        return sorted[Math.max(0, Math.min(size - 1, rank - 1))];
    }

    /** p50, p90, p99 and max, for the tables. */
    public Summary summary() {
        if (size == 0) return new Summary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        double[] sorted = Arrays.copyOf(kept, size);
        Arrays.sort(sorted);
        return new Summary(count, mean(), rank(sorted, 50), rank(sorted, 90), rank(sorted, 99), max);
    }

    private static double rank(double[] sorted, double p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** A distribution in a few numbers. */
    public record Summary(long count, double mean, double p50, double p90, double p99, double max) {}
}
