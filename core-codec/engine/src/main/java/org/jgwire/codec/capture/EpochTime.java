package org.jgwire.codec.capture;

/** tshark's {@code frame.time_epoch}: seconds since the epoch with a fraction, {@code 1700000000.123456789}. */
final class EpochTime {
    private EpochTime() {}

    /**
     * Nanoseconds since the epoch, or -1 when {@code b[s, e)} is not 9 to 11 digits, a point and 1 to 9 digits
     * (more fraction digits are cut). Fewer integer digits would be a relative time, not an epoch.
     */
    static long parse(byte[] b, int s, int e) {
        long seconds = 0;
        int i = s;
        while (i < e && b[i] >= '0' && b[i] <= '9') seconds = seconds * 10 + (b[i++] - '0');
        int intDigits = i - s;
        if (intDigits < 9 || intDigits > 11 || i >= e || b[i] != '.') return -1;
        i++;
        long fraction = 0;
        int fracDigits = 0;
        for (; i < e; i++) {
            byte c = b[i];
            if (c < '0' || c > '9') return -1;
            if (fracDigits < 9) {
                fraction = fraction * 10 + (c - '0');
                fracDigits++;
            }
        }
        if (fracDigits == 0) return -1;
        for (int k = fracDigits; k < 9; k++) fraction *= 10;
        return seconds * 1_000_000_000L + fraction;
    }
}
