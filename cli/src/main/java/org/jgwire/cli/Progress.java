package org.jgwire.cli;

import java.io.PrintWriter;
import java.util.function.LongSupplier;

/** Packets read so far, redrawn on one stderr line once a second while a long input decodes. */
final class Progress implements AutoCloseable {
    private final Thread thread;
    private final PrintWriter err;
    private volatile boolean shown;

    private Progress(Thread thread, PrintWriter err) {
        this.thread = thread;
        this.err = err;
    }

    static Progress start(boolean enabled, LongSupplier packets, PrintWriter err) {
        if (!enabled) return new Progress(null, err);
        Progress[] self = new Progress[1];
        Thread t = new Thread(() -> {
            long started = System.nanoTime();
            try {
                while (true) {
                    Thread.sleep(1000);
                    double secs = (System.nanoTime() - started) / 1e9;
                    synchronized (err) {
                        err.printf("\rjgwire: %,d packets read (%.0fs)", packets.getAsLong(), secs);
                        err.flush();
                    }
                    self[0].shown = true;
                }
            } catch (InterruptedException e) {
                // finished
            }
        }, "jgwire-progress");
        t.setDaemon(true);
        self[0] = new Progress(t, err);
        t.start();
        return self[0];
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
