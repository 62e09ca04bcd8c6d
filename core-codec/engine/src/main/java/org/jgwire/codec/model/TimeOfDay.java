package org.jgwire.codec.model;

/**
 * The UTC time of day of a capture time ({@link FrameInfo#tsNanos()}), {@code HH:mm:ss} and a truncated fraction.
 * UTC, not the local zone: captures are compared across machines.
 */
public final class TimeOfDay {
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000};

    private TimeOfDay() {}

    /** {@code 04:06:35.123}; {@code tsNanos} must not be negative. */
    public static String millis(long tsNanos) {
        return append(new StringBuilder(12), tsNanos, 3).toString();
    }

    /** {@code 04:06:35.123456}; {@code tsNanos} must not be negative. */
    public static String micros(long tsNanos) {
        return appendMicros(new StringBuilder(15), tsNanos).toString();
    }

    /** Appends {@link #micros} without making a string: the text writer does it for every record. */
    public static StringBuilder appendMicros(StringBuilder b, long tsNanos) {
        return append(b, tsNanos, 6);
    }

    private static StringBuilder append(StringBuilder b, long tsNanos, int digits) {
        long perSecond = POWERS_OF_TEN[digits];
        long t = tsNanos / (1_000_000_000L / perSecond) % (86_400L * perSecond);
        long seconds = t / perSecond;
        digits(b, seconds / 3600, 2).append(':');
        digits(b, seconds / 60 % 60, 2).append(':');
        digits(b, seconds % 60, 2).append('.');
        return digits(b, t % perSecond, digits);
    }

    /** {@code v} in exactly {@code width} decimal digits, zero-padded ({@code v} has no more). */
    private static StringBuilder digits(StringBuilder b, long v, int width) {
        for (long p = POWERS_OF_TEN[width - 1]; p > 0; p /= 10) b.append((char) ('0' + v / p % 10));
        return b;
    }
}
