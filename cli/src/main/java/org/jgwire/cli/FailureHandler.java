package org.jgwire.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;

/** The one place that turns a failure into a message on stderr and an exit code. */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        boolean trace = parsed.hasMatchedOption("--stacktrace")
                || (parsed.subcommand() != null && parsed.subcommand().hasMatchedOption("--stacktrace"));
        if (OutputClosedException.isClosedOutput(e)) return ExitCodes.OK; // `| head`: done, nothing to say
        // an OutOfMemoryError may come wrapped (e.g. the writer thread's, rethrown)
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryError oom) return outOfMemory(oom, cl, trace);
        }
        Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
        int code;
        String message;
        if (cause instanceof NoSuchFileException n) {
            code = ExitCodes.IO;
            message = "no such file: " + n.getFile();
        } else if (cause instanceof NotACaptureException) {
            code = ExitCodes.UNDECODED;
            message = cause.getMessage();
        } else if (cause instanceof IOException) {
            code = ExitCodes.IO;
            message = cause.getMessage() != null ? cause.getMessage() : cause.toString();
        } else if (cause instanceof IllegalArgumentException) {
            code = ExitCodes.USAGE;
            message = cause.getMessage();
        } else {
            code = ExitCodes.INTERNAL;
            message = "internal error: " + cause + " (run with --stacktrace and report it)";
        }
        cl.getErr().println("jgwire: " + message);
        if (trace) cause.printStackTrace(cl.getErr());
        cl.getErr().flush();
        return code;
    }

    /**
     * The heap ran out outside a decode (the fence reports one inside it as an error record): the limit and how to
     * raise it, no trace unless asked for.
     */
    static int outOfMemory(OutOfMemoryError e, CommandLine cl, boolean trace) {
        long mib = Runtime.getRuntime().maxMemory() >> 20;
        cl.getErr()
                .println("jgwire: out of memory (" + e.getMessage() + ", heap limit " + mib
                        + " MiB): raise it with JGWIRE_HEAP, e.g. JGWIRE_HEAP=4g jgwire ... (docs/security.md)");
        if (trace) e.printStackTrace(cl.getErr());
        cl.getErr().flush();
        return ExitCodes.INTERNAL;
    }
}
