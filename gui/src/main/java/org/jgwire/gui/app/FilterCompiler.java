package org.jgwire.gui.app;

import java.util.function.Predicate;
import org.jgwire.codec.model.Record;

/** The filter language of {@code jgwire decode --filter}, as the filter bar uses it. */
final class FilterCompiler {
    private FilterCompiler() {}

    /** A filter that does not compile: the message and the character position it refers to (-1 if none). */
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

    static Predicate<Record> compile(String text) throws BadFilter {
        throw new BadFilter("the filter language (core-codec RecordFilter) is not in this build yet", -1);
    }
}
