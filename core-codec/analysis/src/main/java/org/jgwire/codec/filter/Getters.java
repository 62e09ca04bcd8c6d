package org.jgwire.codec.filter;

import org.jgwire.codec.model.Record;

/** How a field's value is read from a record. */
final class Getters {
    /** Value of a number field when the record has none. */
    static final long MISSING = Long.MIN_VALUE;

    private Getters() {}

    /** A number field, {@link #MISSING} when absent: no boxing on the hot path. */
    @FunctionalInterface
    interface Number {
        long get(Record r, EvalContext c);
    }

    /** Any other field: a String, NodeAddress, Boolean, List or header field value; null when absent. */
    @FunctionalInterface
    interface Value {
        Object get(Record r, EvalContext c);
    }
}
