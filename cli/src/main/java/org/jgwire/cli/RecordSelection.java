package org.jgwire.cli;

import java.io.PrintWriter;
import java.util.function.LongSupplier;
import org.jgwire.codec.filter.FilterSyntaxException;
import org.jgwire.codec.filter.RecordColumns;
import org.jgwire.codec.filter.RecordFilter;
import picocli.CommandLine.Option;

/**
 * Which records a command reads and whether it shows how far it got: {@code --filter} and {@code --progress}, a
 * picocli mixin of {@code decode}, {@code views} and {@code stats}.
 */
public final class RecordSelection {
    @Option(
            names = "--filter",
            paramLabel = "EXPR",
            description =
                    "Only records matching this expression (docs/filter.md), e.g. 'gms.type == VIEW || src == \"B\"'.")
    String filter;

    @Option(
            names = "--progress",
            negatable = true,
            description = "Progress on stderr (default: on when stderr is a terminal).")
    Boolean progress;

    /** The --filter expression compiled, or null; a bad one is a usage error showing where it went wrong. */
    public RecordFilter compileFilter() {
        if (filter == null) return null;
        try {
            return RecordFilter.compile(filter);
        } catch (FilterSyntaxException e) {
            throw usage("--filter", e);
        }
    }

    /** A list of field names compiled for {@code option}; a bad one is a usage error showing where. */
    public static RecordColumns compileColumns(String option, String list) {
        try {
            return RecordColumns.compile(list);
        } catch (FilterSyntaxException e) {
            throw usage(option, e);
        }
    }

    /** Longest expression shown with a caret under it: a longer one wraps on a terminal, and the caret with it. */
    private static final int POINTER_WIDTH = 118;

    /**
     * A usage error for a filter or field list that does not compile: the reason, and a caret under the place when
     * the expression fits on a line (a generated one of thousands of characters gets one line with the position).
     */
    static IllegalArgumentException usage(String option, FilterSyntaxException e) {
        String where = e.expression().length() <= POINTER_WIDTH
                        && e.expression().indexOf('\n') < 0
                ? "\n  " + e.pointer().replace("\n", "\n  ")
                : " (at position " + e.position() + " of " + e.expression().length() + " characters)";
        return new IllegalArgumentException("bad " + option + ": " + e.reason() + where, e);
    }

    /** Starts redrawing the packets read on {@code err} once a second, when wanted; close it when done. */
    public Progress startProgress(LongSupplier packets, PrintWriter err) {
        return Progress.start(progress != null ? progress : Terminal.stderrIsTerminal(), packets, err);
    }
}
