package org.jgwire.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * Standard output as a stream that fails when its reader went away: {@link System#out} swallows EPIPE (a
 * {@link PrintStream} only sets its error flag), so a command writing a large capture into {@code head} would
 * decode to the end. A finished command flushes it but never closes it (in-process callers keep using it).
 */
public final class StandardOutput extends OutputStream {
    @Override
    public void write(int b) throws OutputClosedException {
        System.out.write(b);
        check();
    }

    @Override
    public void write(byte[] b, int off, int len) throws OutputClosedException {
        System.out.write(b, off, len); // whole arrays: FilterOutputStream would pass them on byte by byte
        check();
    }

    @Override
    public void flush() throws OutputClosedException {
        check(); // flushes too
    }

    @Override
    public void close() throws OutputClosedException {
        flush();
    }

    /**
     * Flushes a command's print writer and fails when its reader went away: then the command stops at once, without
     * its summary, and exits 0. picocli's writer wraps {@link System#out} in writers that hide its error flag, so that
     * flag is read too.
     */
    public static void flush(PrintWriter out) throws OutputClosedException {
        if (out.checkError() | System.out.checkError()) throw new OutputClosedException();
    }

    /** Flushes {@link System#out} and fails when a write to it failed. */
    private static void check() throws OutputClosedException {
        if (System.out.checkError()) throw new OutputClosedException();
    }
}
