package org.jgwire.cli;

import java.io.IOException;

/**
 * Standard output was closed by its reader ({@code jgwire decode x.pcapng | head}): the run stops at once, quietly,
 * and exits 0, as Unix filters do on EPIPE.
 */
public final class OutputClosedException extends IOException {
    public OutputClosedException() {
        super("standard output closed");
    }

    /** Whether {@code t} or one of its causes says the reader of the output went away. */
    static boolean isClosedOutput(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof OutputClosedException) return true;
            if (c instanceof IOException && "Broken pipe".equals(c.getMessage())) return true;
        }
        return false;
    }
}
