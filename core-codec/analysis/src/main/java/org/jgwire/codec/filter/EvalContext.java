package org.jgwire.codec.filter;

import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Record;

/** What a filter keeps between records: the logical names learned so far and the capture's first time. */
final class EvalContext {
    final NameTable names;
    /** Time of the first record with a time (origin of {@code time}), -1 before it. */
    long originNanos = -1;

    EvalContext(NameTable names) {
        this.names = names;
    }

    void observe(Record r, boolean learnNames) {
        if (learnNames) names.learnFrom(r);
        if (originNanos < 0) originNanos = r.frame().tsNanos();
    }
}
