package org.jgwire.codec.filter;

import org.jgwire.codec.model.Record;

/** A compiled piece of a filter: one small evaluator of a tree built once per expression. */
@FunctionalInterface
interface Condition {
    boolean test(Record r, EvalContext c);

    Condition TRUE = (r, c) -> true;
}
