package org.jgwire.codec.runtime;

import java.io.IOException;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;

/**
 * Bytes an adapter cannot decode, at a known place: thrown to end the walk through a frame, which keeps what was
 * decoded before it, and caught in the adapter, which turns it into the {@link ErrorRecord} that leaves the engine.
 * A fact about the data, not a bug: no stack trace.
 *
 * <p>Its position is an index into the buffer handed to {@link WireAdapter#decode}, as the cursor
 * ({@link FrameInput#position()}) gives it, in every adapter family; {@link #record} makes it the offset from the
 * frame's first byte that error records carry.
 */
public final class FrameProblem extends IOException {
    private final ProblemKind kind;
    private final int position;

    public FrameProblem(ProblemKind kind, int position, String message) {
        super(message);
        this.kind = kind;
        this.position = position;
    }

    public ProblemKind kind() {
        return kind;
    }

    /** Index in the decoded buffer where the problem was found. */
    public int position() {
        return position;
    }

    /** The error record of this problem in {@code frame}, whose first byte is at {@code base} in the buffer. */
    public ErrorRecord record(FrameInfo frame, int base) {
        return new ErrorRecord(frame, kind, position - base, getMessage());
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
