package org.jgwire.cli;

import java.util.List;
import picocli.CommandLine;

/** Entry point of the {@code jgwire} launcher. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        WarmStart.begin(args); // a capture's jar loads beside the parse (in-process runs, as tests make, go without)
        System.exit(run(args));
    }

    /**
     * Runs a command line in-process and returns its exit code (tests call this). An OutOfMemoryError passes
     * picocli's handler (it handles exceptions only) and is reported here, never as a stack trace.
     */
    public static int run(String... args) {
        CommandLine cl = JgwireCommand.commandLine(args);
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            return FailureHandler.outOfMemory(e, cl, List.of(args).contains("--stacktrace"));
        }
    }
}
