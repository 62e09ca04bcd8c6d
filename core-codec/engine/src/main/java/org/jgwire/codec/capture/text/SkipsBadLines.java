package org.jgwire.codec.capture.text;

import java.util.List;
import org.jgwire.codec.model.ErrorRecord;

/**
 * A text source that skips a line it cannot read and reports it instead of failing. Call {@link #drainProblems()}
 * after each {@code next()} to pass the reports on in input order.
 */
public interface SkipsBadLines {
    /**
     * The lines skipped as bad since the last call, oldest first. Each record's {@code frame.packet} is the 1-based
     * line number and its {@code offset} the byte offset in the input; the kind is {@code MALFORMED} (not hex, odd
     * number of digits, not part of a follow block) or {@code LIMIT} (line too long, too many reports).
     */
    List<ErrorRecord> drainProblems();

    /** Lines reported as bad so far. */
    long badLines();
}
