package org.jgwire.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;

/**
 * Standard output of a command whose work runs apart from its writing ({@code jgwire cluster}: the members, the
 * capture thread, the live decoder): when the reader goes away ({@code | head}), the first failed write interrupts
 * the thread that runs the work, so that it stops at once instead of running the scenario to its end.
 */
final class ReaderGoneWatch extends FilterOutputStream {
    private final Thread worker;
    private volatile boolean gone;

    /** Standard output, watched for {@code worker}. */
    ReaderGoneWatch(Thread worker) {
        super(new FileOutputStream(FileDescriptor.out));
        this.worker = worker;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** Whether a write failed because the reader went away. */
    boolean readerGone() {
        return gone;
    }

    private IOException failed(IOException e) {
        if (OutputClosedException.isClosedOutput(e) && !gone) {
            gone = true;
            worker.interrupt();
        }
        return e;
    }
}
