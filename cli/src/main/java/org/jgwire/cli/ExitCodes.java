package org.jgwire.cli;

/** What a jgwire run's exit code says. */
public final class ExitCodes {
    /** Everything in the input was decoded. */
    public static final int OK = 0;
    /** The run finished, but some frames could not be decoded (they are error records in the output). */
    public static final int UNDECODED = 1;
    /** The command line was wrong. */
    public static final int USAGE = 2;
    /** An input or output could not be opened, read or written. */
    public static final int IO = 3;
    /** A bug in jgwire: please report it with the output of --stacktrace. */
    public static final int INTERNAL = 4;

    /**
     * What 2, 3 and 4 say, the end of every command's "Exit codes:" line in its help (the README says the same):
     * a command adds what 0 and 1 mean for it.
     */
    public static final String HELP_2_TO_4 = "2 usage error, 3 input/output error (a capture, keystore, key log or "
            + "other file that cannot be read, used or written), 4 internal error (out of memory included).";

    private ExitCodes() {}
}
