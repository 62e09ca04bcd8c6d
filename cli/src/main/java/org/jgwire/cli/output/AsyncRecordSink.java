package org.jgwire.cli.output;

import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;
import org.jgwire.codec.model.Record;

/**
 * Hands records to a writer running on a second thread, in batches, so that decoding and formatting use both
 * cores. Order is kept; memory is bounded by {@link #QUEUED_BATCHES} x {@link #BATCH} records. A failure of the
 * writer (a closed pipe, a full disk) stops the decoding thread at its next record.
 */
public final class AsyncRecordSink implements Consumer<Record>, AutoCloseable {
    static final int BATCH = 1024;
    static final int QUEUED_BATCHES = 16;
    private static final Record[] END = new Record[0];

    private final BlockingQueue<Record[]> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
    private final Thread thread;
    private volatile RuntimeException failure;
    private Record[] batch = new Record[BATCH];
    private int size;

    public AsyncRecordSink(RecordWriter writer) {
        thread = new Thread(() -> drain(writer), "jgwire-writer");
        thread.setDaemon(true);
        thread.start();
    }

    private void drain(RecordWriter writer) {
        try {
            for (Record[] b; (b = queue.take()) != END; )
                for (Record r : b) {
                    if (r == null) break;
                    writer.write(r);
                }
        } catch (RuntimeException e) {
            failure = e;
            queue.clear(); // unblock the decoding thread, which sees the failure on its next record
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void accept(Record r) {
        batch[size++] = r;
        if (size == BATCH) handOff();
    }

    private void handOff() {
        checkWriter();
        put(batch);
        batch = new Record[BATCH];
        size = 0;
    }

    private void put(Record[] b) {
        try {
            while (!queue.offer(b, 100, java.util.concurrent.TimeUnit.MILLISECONDS)) checkWriter();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing records to the writer", e);
        }
    }

    private void checkWriter() {
        if (failure != null) throw failure;
        if (!thread.isAlive()) throw new IllegalStateException("the writer thread stopped");
    }

    /** Waits until every record handed in so far is written; rethrows the writer's failure. */
    @Override
    public void close() {
        if (thread.isAlive()) {
            if (size > 0) put(java.util.Arrays.copyOf(batch, size));
            size = 0;
            put(END);
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (failure instanceof UncheckedIOException u) throw u;
        if (failure != null) throw failure;
    }
}
