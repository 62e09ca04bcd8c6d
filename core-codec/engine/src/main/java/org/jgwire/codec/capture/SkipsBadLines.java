package org.jgwire.codec.capture;

/**
 * A text source that skips a line it cannot read and reports it through {@code CaptureSource.drainProblems()} instead
 * of failing. Each report's {@code frame.packet} is the 1-based line number and its {@code offset} the byte offset in
 * the input; the kind is {@code MALFORMED} (not hex, odd number of digits, not part of a follow block) or {@code LIMIT}
 * (line too long, too many reports).
 */
public interface SkipsBadLines {
    /** Lines reported as bad so far. */
    long badLines();
}
