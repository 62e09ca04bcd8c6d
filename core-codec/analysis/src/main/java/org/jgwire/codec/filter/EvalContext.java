package org.jgwire.codec.filter;

import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.model.Record;

/** What a filter keeps between records: the capture's first time, and the names it reads (the names stage's). */
final class EvalContext {
    final Names names;
    /** Time of the first record with a time (origin of {@code time}), -1 before it. */
    long originNanos = -1;

    EvalContext(Names names) {
        this.names = names;
    }

    void observe(Record r) {
        if (originNanos < 0) originNanos = r.frame().tsNanos();
    }
}
