package org.jgwire.cli;

import java.io.PrintWriter;
import java.util.function.LongSupplier;

/** Packets read so far, redrawn on one stderr line once a second while a long input decodes. */
public final class Progress implements AutoCloseable {
    private final Thread thread;
    private final PrintWriter err;
    private volatile boolean shown;

    private Progress(boolean enabled, LongSupplier packets, PrintWriter err) {
        this.err = err;
        this.thread = enabled ? new Thread(() -> redraw(packets), "jgwire-progress") : null;
    }

    static Progress start(boolean enabled, LongSupplier packets, PrintWriter err) {
        Progress p = new Progress(enabled, packets, err);
        if (p.thread != null) {
            p.thread.setDaemon(true);
            p.thread.start();
        }
        return p;
    }

    private void redraw(LongSupplier packets) {
        long started = System.nanoTime();
        try {
            while (true) {
                Thread.sleep(1000);
                double secs = (System.nanoTime() - started) / 1e9;
                synchronized (err) {
                    err.printf("\rjgwire: %,d packets read (%.0fs)", packets.getAsLong(), secs);
                    err.flush();
                }
                shown = true;
            }
        } catch (InterruptedException e) {
            // finished
        }
    }

    @Override
    public void close() {
        if (thread == null || !thread.isAlive()) return;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (shown) {
            synchronized (err) {
                err.print("\r\033[K");
                err.flush();
            }
        }
    }
}
