package org.jgwire.output;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.jgwire.codec.model.TimeOfDay;

/**
 * How the text output shows a capture time ({@code jgwire decode --time-format}), all with microseconds, all UTC:
 * captures are compared across machines.
 */
public enum TimeFormat {
    /** {@code 07:08:41.638419}: the time of day (the default). */
    TIME,
    /** {@code 2026-11-25T07:08:41.638419Z}: date and time. */
    ISO,
    /** {@code 1795331321.638419}: epoch seconds. */
    EPOCH,
    /** {@code 8.897108}: seconds since the first record with a time. */
    RELATIVE;

    private static final DateTimeFormatter DATE = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

    /**
     * Appends {@code tsNanos} (not negative) in this format.
     *
     * @param originNanos the first record's time, for {@link #RELATIVE}
     */
    public StringBuilder append(StringBuilder b, long tsNanos, long originNanos) {
        switch (this) {
            case TIME -> TimeOfDay.appendMicros(b, tsNanos);
            case ISO -> TimeOfDay.appendMicros(
                            b.append(DATE.format(Instant.ofEpochSecond(Math.floorDiv(tsNanos, 1_000_000_000L))))
                                    .append('T'),
                            tsNanos)
                    .append('Z');
            case EPOCH -> seconds(b, tsNanos);
            case RELATIVE -> seconds(b, tsNanos - originNanos);
        }
        return b;
    }

    /** Seconds with six decimals; a negative value (a packet older than the first) keeps its sign. */
    private static void seconds(StringBuilder b, long nanos) {
        if (nanos < 0) {
            b.append('-');
            nanos = -nanos;
        }
        long micros = nanos / 1_000;
        b.append(micros / 1_000_000).append('.');
        String frac = Long.toString(micros % 1_000_000);
        for (int i = frac.length(); i < 6; i++) b.append('0');
        b.append(frac);
    }
}
