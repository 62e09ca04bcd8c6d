package org.jgwire.codec;

import java.util.SortedSet;

/**
 * What one run saw: printed on stderr at the end and used for the exit code. Other traffic ({@link OtherTraffic})
 * is counted, never an error.
 */
public record DecodeSummary(
        long packets, long frames, long messages, long errors, SortedSet<String> versions, OtherTraffic other) {
    public DecodeSummary(long packets, long frames, long messages, long errors, SortedSet<String> versions) {
        this(packets, frames, messages, errors, versions, OtherTraffic.NONE);
    }

    public boolean clean() {
        return errors == 0;
    }
}
