package org.jgwire.cli;

/** Entry point of the {@code jgwire} launcher. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command line in-process and returns its exit code (tests call this). */
    public static int run(String... args) {
        return JgwireCommand.commandLine().execute(args);
    }
}
