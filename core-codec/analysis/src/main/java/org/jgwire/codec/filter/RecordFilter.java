package org.jgwire.codec.filter;

import java.util.function.Predicate;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.model.Record;

/**
 * A compiled filter expression over records (the language is in docs/filter.md), for example
 * {@code gms.type == VIEW || src == "node-3"}. The expression is parsed and type-checked once into a tree of small
 * evaluators; testing a record walks that tree without parsing or looking fields up by name.
 *
 * <p>Members compare by logical name as well as by address: the filter reads the names it is given
 * ({@link #withNames}), the table the names stage fills before each record reaches the filter, and learns none
 * itself. {@code time} is measured from the first record tested that has a time. A filter is therefore not
 * thread-safe: give each thread its own ({@link #compile} again or {@link #withNames}).
 */
public final class RecordFilter implements Predicate<Record> {
    private final String expression;
    private final Condition condition;
    private final EvalContext context;

    private RecordFilter(String expression, Condition condition, Names names) {
        this.expression = expression;
        this.condition = condition;
        this.context = new EvalContext(names);
    }

    /**
     * Compiles an expression.
     *
     * @throws FilterSyntaxException when it does not parse or names a field that does not exist, or an operator or
     *                               literal that does not fit the field; {@link FilterSyntaxException#position()}
     *                               says where
     */
    public static RecordFilter compile(String expression) throws FilterSyntaxException {
        if (expression == null) throw new FilterSyntaxException("no filter expression", "", 0);
        return new RecordFilter(expression, FilterParser.compile(expression), Names.NONE);
    }

    /**
     * The same compiled filter, reading logical names from {@code names} (the names stage's table, which holds each
     * record's names by the time the record is tested). The names are read, not copied.
     */
    public RecordFilter withNames(Names names) {
        return new RecordFilter(expression, condition, names);
    }

    /** Whether the record matches. */
    @Override
    public boolean test(Record record) {
        context.observe(record);
        return condition.test(record, context);
    }

    /** The expression as given. */
    public String expression() {
        return expression;
    }

    @Override
    public String toString() {
        return expression;
    }
}
