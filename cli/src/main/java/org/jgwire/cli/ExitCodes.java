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

    private ExitCodes() {}
}
