package org.jgwire.gui.app;

import java.util.function.Predicate;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.filter.FilterSyntaxException;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.codec.model.Record;

/**
 * The filter language of {@code jgwire decode --filter} (core-codec {@link RecordFilter}), as the filter bar uses it.
 */
final class FilterCompiler {
    private FilterCompiler() {}

    /** A filter that does not compile: the reason and the character position it refers to. */
    static final class BadFilter extends Exception {
        private final int position;

        BadFilter(String message, int position) {
            super(message);
            this.position = position;
        }

        int position() {
            return position;
        }
    }

    /**
     * A new filter for {@code text}, comparing members by the names the viewer shows ({@code names}). A RecordFilter
     * keeps the start time of the records it tests, in order, so each capture (and each change of expression) gets a
     * fresh one.
     */
    static Predicate<Record> compile(String text, Names names) throws BadFilter {
        try {
            return RecordFilter.compile(text).withNames(names);
        } catch (FilterSyntaxException e) {
            return fail(e);
        }
    }

    private static Predicate<Record> fail(FilterSyntaxException e) throws BadFilter {
        throw new BadFilter(e.reason() + " at position " + e.position(), e.position());
    }
}
