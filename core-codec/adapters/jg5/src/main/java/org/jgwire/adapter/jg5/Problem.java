package org.jgwire.adapter.jg5;

import java.io.IOException;
import org.jgwire.codec.model.ProblemKind;

/** A decoding problem at a known place; ends the current frame, which keeps what was decoded before it. */
final class Problem extends IOException {
    final ProblemKind kind;
    final int position;

    Problem(ProblemKind kind, int position, String message) {
        super(message);
        this.kind = kind;
        this.position = position;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this; // a data problem, not a bug: no stack trace to pay for
    }
}
