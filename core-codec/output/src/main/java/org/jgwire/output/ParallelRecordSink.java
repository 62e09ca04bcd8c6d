package org.jgwire.output;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Record;

/**
 * Formats records on several threads and writes the bytes in capture order, so that formatting (the costly part
 * of {@code decode}) does not hold up decoding. Memory is bounded by the batches in flight.
 *
 * <p>Records show the logical names known at their point of the capture, exactly as one sequential writer would:
 * the names stage before this sink learns them in order, and each batch is formatted with its own copy of the table
 * as it stood at the batch's first record. A record that comes after a new name (learnt from it or from a record
 * the filter dropped) starts a new batch, so no name changes inside a batch.
 */
public final class ParallelRecordSink implements Consumer<Record>, AutoCloseable {
    /** Makes the writer that formats one batch. */
    public interface WriterFactory {
        RecordWriter create(OutputStream out, NameTable names) throws IOException;
    }

    static final int BATCH = 2048;
    private static final Future<OutputBuffer> END = CompletableFuture.completedFuture(null);
    /** Asks the output thread to flush the stream once the batches before it are written. */
    private static final Future<OutputBuffer> FLUSH = CompletableFuture.completedFuture(null);

    private final WriterFactory factory;
    private final NameTable names;
    private final ExecutorService formatters;
    private final BlockingQueue<Future<OutputBuffer>> inOrder;
    /** Output buffers written out and ready for another batch: a batch's megabyte is not garbage each time. */
    private final BlockingQueue<OutputBuffer> spare;

    private final Thread output;
    private volatile Throwable failure;
    private Record[] batch = new Record[BATCH];
    private int size;
    private NameTable batchNames;
    /** {@link NameTable#changes} of {@link #batchNames}. */
    private long batchChanges;

    private boolean closed;
    /** Batches were handed off since the last {@link #flush}. */
    private boolean unflushed;

    /**
     * @param names   the names stage's table, read on the calling thread at each record
     * @param threads formatting threads
     */
    public ParallelRecordSink(OutputStream out, WriterFactory factory, NameTable names, int threads) {
        this.factory = factory;
        this.names = names;
        this.formatters = Executors.newFixedThreadPool(threads, r -> daemon(r, "jgwire-format"));
        // One batch waiting per formatting thread, and one more: enough to keep every thread busy; more only keeps more
        // records alive for the collector (tests/bench/README.md).
        this.inOrder = new ArrayBlockingQueue<>(threads + 1);
        this.spare = new ArrayBlockingQueue<>(3 * threads + 3);
        this.output = daemon(() -> drain(out), "jgwire-output");
        output.start();
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public void accept(Record r) {
        if (failure != null) rethrowFailure(); // a closed output stops the run at once, not a batch later
        long changes = names.changes();
        if (changes != batchChanges && size > 0) handOff(); // r and what follows need the new names
        if (size == 0) {
            batchNames = names.copy();
            batchChanges = changes;
        }
        batch[size++] = r;
        if (size == BATCH) handOff();
    }

    private void handOff() {
        Record[] records = batch;
        int n = size;
        NameTable table = batchNames;
        put(formatters.submit(() -> format(records, n, table)));
        batch = new Record[BATCH];
        size = 0;
        unflushed = true;
    }

    /**
     * Writes every record handed in so far and flushes the stream, without waiting for the writing: for inputs that
     * went idle (a live pipe), so that what was decoded is seen now and not when a batch fills. Nothing to do when
     * nothing was handed in since the last flush.
     */
    public void flush() {
        if (size > 0) handOff();
        if (!unflushed) return;
        unflushed = false;
        put(FLUSH);
    }

    private OutputBuffer format(Record[] records, int n, NameTable table) throws IOException {
        OutputBuffer bytes = spare.poll();
        if (bytes == null) bytes = new OutputBuffer(n * 1024);
        bytes.reset();
        RecordWriter writer = factory.create(bytes, table);
        for (int i = 0; i < n; i++) writer.write(records[i]);
        writer.flush();
        return bytes;
    }

    private void put(Future<OutputBuffer> f) {
        try {
            while (!inOrder.offer(f, 100, TimeUnit.MILLISECONDS)) rethrowFailure();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing records to the writers", e);
        }
        rethrowFailure();
    }

    private void drain(OutputStream out) {
        try {
            for (Future<OutputBuffer> f; (f = inOrder.take()) != END; ) {
                if (f == FLUSH) {
                    out.flush();
                    continue;
                }
                OutputBuffer bytes = f.get();
                bytes.writeTo(out);
                spare.offer(bytes);
            }
            out.flush();
        } catch (ExecutionException e) {
            failure = e.getCause();
        } catch (IOException | RuntimeException e) {
            failure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) inOrder.clear(); // unblock the decoding thread, which sees the failure next
    }

    private void rethrowFailure() {
        Throwable t = failure;
        if (t == null) return;
        if (t instanceof UncheckedIOException u) throw u;
        if (t instanceof IOException io) throw new UncheckedIOException(io);
        if (t instanceof RuntimeException re) throw re;
        throw new IllegalStateException("writing records failed: " + t, t);
    }

    /** Writes everything handed in so far, then stops the threads; rethrows a failure of formatting or writing. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            if (size > 0) handOff();
            put(END);
            output.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            formatters.shutdownNow();
        }
        rethrowFailure();
    }
}
