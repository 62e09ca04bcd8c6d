package org.jgwire.codec.filter;

import java.util.function.Predicate;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Record;

/**
 * A compiled filter expression over records (the language is in docs/filter.md), for example
 * {@code gms.type == VIEW || src == "node-3"}. The expression is parsed and type-checked once into a tree of small
 * evaluators; testing a record walks that tree without parsing or looking fields up by name.
 *
 * <p>Members compare by logical name as well as by address. Names come from the records themselves (discovery,
 * MERGE3 INFO, GossipRouter registrations), so the filter learns them from every record it tests, in the order
 * tested: test records in capture order, rejected ones included, as {@code jgwire decode} does. {@code time} is
 * measured from the first record tested that has a time. A filter is therefore not thread-safe: give each thread
 * its own ({@link #compile} again or {@link #withNames}).
 */
public final class RecordFilter implements Predicate<Record> {
    private final String expression;
    private final Condition condition;
    private final boolean usesNames;
    private final EvalContext context;

    private RecordFilter(String expression, Condition condition, boolean usesNames, NameTable names) {
        this.expression = expression;
        this.condition = condition;
        this.usesNames = usesNames;
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
        FilterParser.Compiled c = FilterParser.compile(expression);
        return new RecordFilter(expression, c.condition(), c.usesNames(), new NameTable());
    }

    /**
     * The same compiled filter, starting from these names (for example those of {@code --names}) and learning into
     * this table from the records it tests. The table is used, not copied.
     */
    public RecordFilter withNames(NameTable names) {
        return new RecordFilter(expression, condition, usesNames, names);
    }

    /** Whether the record matches; learns the names the record carries first. */
    @Override
    public boolean test(Record record) {
        context.observe(record, usesNames);
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
