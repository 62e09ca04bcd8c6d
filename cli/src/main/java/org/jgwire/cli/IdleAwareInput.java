package org.jgwire.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An input (stdin: a pipe from {@code tshark -l}) that runs an action before a read that would wait for more bytes,
 * and at least every {@link #MAX_QUIET_NANOS} of reading: the command flushes the records decoded so far, so a quiet
 * live input shows each record as it comes while a busy one is still written in large batches.
 */
final class IdleAwareInput extends FilterInputStream {
    /** Longest time records may wait in batches while the input keeps coming. */
    static final long MAX_QUIET_NANOS = 100_000_000L;

    private final Runnable onIdle;
    private long lastIdle = System.nanoTime();

    IdleAwareInput(InputStream in, Runnable onIdle) {
        super(in);
        this.onIdle = onIdle;
    }

    @Override
    public int read() throws IOException {
        beforeRead();
        return super.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        beforeRead();
        return super.read(b, off, len);
    }

    private void beforeRead() throws IOException {
        long now = System.nanoTime();
        if (in.available() == 0 || now - lastIdle > MAX_QUIET_NANOS) {
            lastIdle = now;
            onIdle.run();
        }
    }
}
