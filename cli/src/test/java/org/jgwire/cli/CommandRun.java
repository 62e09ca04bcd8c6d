package org.jgwire.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs {@code jgwire} in-process with its exit-code mapping, keeping what it printed to out and err. */
public final class CommandRun {
    public final StringWriter out = new StringWriter();
    public final StringWriter err = new StringWriter();

    /** The exit code of {@code jgwire args...}; the output accumulates over several runs. */
    public int run(String... args) {
        CommandLine cl = JgwireCommand.commandLine(args); // as Main builds it
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }
}
