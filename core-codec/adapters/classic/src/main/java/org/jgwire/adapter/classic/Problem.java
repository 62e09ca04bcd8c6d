package org.jgwire.adapter.classic;

import org.jgwire.codec.model.ProblemKind;

/** Stops the walk through a frame at bytes that cannot be decoded; becomes an ErrorRecord. No stack trace. */
final class Problem extends Exception {
    final ProblemKind kind;
    final int offset;

    Problem(ProblemKind kind, int offset, String message) {
        super(message, null, false, false);
        this.kind = kind;
        this.offset = offset;
    }
}
