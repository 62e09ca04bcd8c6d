package org.jgwire.codec.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimeOfDayTest {
    @Test
    void showsTheUtcTimeOfDayTruncatedToTheFraction() {
        long ts = 1_700_000_000_123_456_789L; // 2023-11-14T22:13:20.123456789Z
        assertEquals("22:13:20.123", TimeOfDay.millis(ts));
        assertEquals("22:13:20.123456", TimeOfDay.micros(ts));
    }

    @Test
    void padsEveryFieldWithZeros() {
        long ts = 3723_000_000_000L + 5_000_000L; // 01:02:03.005 on the first day
        assertEquals("01:02:03.005", TimeOfDay.millis(ts));
        assertEquals("01:02:03.005000", TimeOfDay.micros(ts));
        assertEquals("00:00:00.000000", TimeOfDay.micros(0));
    }

    @Test
    void appendsToWhatIsThere() {
        assertEquals(
                "#1 23:59:59.999999",
                TimeOfDay.appendMicros(new StringBuilder("#1 "), 86_399_999_999_999L)
                        .toString());
    }
}
