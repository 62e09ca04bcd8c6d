package org.jgwire.codec;

import java.util.SortedSet;

/** What one run saw: printed on stderr at the end and used for the exit code. */
public record DecodeSummary(long packets, long frames, long messages, long errors, SortedSet<String> versions) {
    public boolean clean() {
        return errors == 0;
    }
}
