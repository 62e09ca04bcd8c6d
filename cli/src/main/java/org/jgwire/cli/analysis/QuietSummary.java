package org.jgwire.cli.analysis;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** {@code -q}/{@code --quiet} of the analyses, as {@code decode} has it: no summary line on stderr. */
public final class QuietSummary {
    @Option(
            names = {"-q", "--quiet"},
            description = "No summary line on stderr.")
    boolean quiet;

    boolean quiet() {
        return quiet;
    }

    /** Prints {@code jgwire: LINE} on {@code err} unless quiet. */
    void print(PrintWriter err, String line) {
        if (!quiet) err.println("jgwire: " + line);
    }
}
