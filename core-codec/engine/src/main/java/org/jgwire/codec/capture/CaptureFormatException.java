package org.jgwire.codec.capture;

import java.io.IOException;
import org.jgwire.codec.model.ProblemKind;

/** The input is damaged at {@code offset}; nothing after it can be read. */
public class CaptureFormatException extends IOException {
    private final long offset;
    private final ProblemKind kind;

    /** The input ends inside a structure (TRUNCATED). */
    public CaptureFormatException(String message, long offset) {
        this(message, offset, ProblemKind.TRUNCATED);
    }

    public CaptureFormatException(String message, long offset, ProblemKind kind) {
        super(message);
        this.offset = offset;
        this.kind = kind;
    }

    /** Byte offset in the input where the damage was found. */
    public long offset() {
        return offset;
    }

    /** What is wrong there: TRUNCATED (the input ends inside a structure) or MALFORMED. */
    public ProblemKind kind() {
        return kind;
    }
}
