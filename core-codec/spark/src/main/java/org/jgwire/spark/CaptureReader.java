package org.jgwire.spark;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.output.table.RecordTable;

/**
 * Decodes one capture file on the executor and hands its records to Spark as rows. The decoder pushes records into
 * a consumer and Spark pulls rows, so the decode runs in a thread of its own that turns each record into a row at
 * once (with the names known at that point of the capture, as {@code jgwire decode} shows them) and hands rows over
 * in batches through a bounded queue: memory is bounded by {@link #QUEUED_BATCHES} batches of {@link #BATCH} rows
 * whatever the file's size. A failure of the decode is thrown from {@link #next} once the rows before it are read;
 * {@link #close} before the end (a {@code limit}, a failed task) stops the decode and its thread.
 */
final class CaptureReader implements PartitionReader<InternalRow> {
    static final int BATCH = 256;
    static final int QUEUED_BATCHES = 16;
    /** The end of the rows: the decode finished, or failed ({@link #failure}). */
    private static final InternalRow[] END = new InternalRow[0];

    private final String file;
    private final BlockingQueue<InternalRow[]> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
    private final Thread decoding;
    private volatile Throwable failure;
    private volatile boolean closed;
    private volatile Decoder decoder;

    private InternalRow[] batch = END;
    private int next;
    private boolean ended;

    CaptureReader(String file, DecodeSettings settings, Configuration conf) {
        this.file = file;
        this.decoding = new Thread(() -> decode(settings, conf), "jgwire-decode " + file);
        decoding.setDaemon(true);
        decoding.start();
    }

    // --- the reading side (Spark's task thread) ---

    @Override
    public boolean next() throws IOException {
        if (++next < batch.length) return true;
        if (ended) return false;
        InternalRow[] b;
        try {
            b = queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the records of " + file);
        }
        if (b == END) {
            ended = true;
            Throwable t = failure;
            if (t != null) throw new IOException("jgwire could not decode " + file + ": " + t, t);
            return false;
        }
        batch = b;
        next = 0;
        return true;
    }

    @Override
    public InternalRow get() {
        return batch[next];
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        Decoder d = decoder;
        if (d != null) d.stop();
        queue.clear(); // a decode thread waiting to hand over a batch sees closed within its next wait
        try {
            decoding.join(TimeUnit.SECONDS.toMillis(10));
            if (decoding.isAlive()) {
                decoding.interrupt();
                decoding.join(TimeUnit.SECONDS.toMillis(10));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // --- the decoding side (the thread of its own) ---

    /** Stops the decode from within its consumer when the reader was closed early. */
    private static final class Closed extends RuntimeException {
        Closed() {
            super("the reader was closed", null, false, false);
        }
    }

    private void decode(DecodeSettings settings, Configuration conf) {
        try {
            DecodeOptions options = settings.decodeOptions();
            NameTable names = settings.names();
            RecordTable table = new RecordTable(names);
            InternalRow[][] pending = {new InternalRow[BATCH]};
            int[] size = {0};
            try (Decoder d = new Decoder(options);
                    CaptureSource source = open(file, conf, options.limits())) {
                decoder = d;
                if (closed) return;
                d.decode(source, new NameStage(names, r -> {
                    if (closed) throw new Closed();
                    pending[0][size[0]++] = RowSchema.internalRow(table.row(r));
                    if (size[0] == BATCH) {
                        hand(pending[0]);
                        pending[0] = new InternalRow[BATCH];
                        size[0] = 0;
                    }
                }));
            }
            if (size[0] > 0) hand(java.util.Arrays.copyOf(pending[0], size[0]));
        } catch (Closed e) {
            // the reader is gone: nobody reads the rest
        } catch (Throwable t) {
            if (!closed) failure = t;
        } finally {
            try {
                hand(END);
            } catch (Closed e) {
                // closed: no END needed
            }
        }
    }

    /** Hands a batch to the reader, waiting while the queue is full; throws {@link Closed} once the reader is. */
    private void hand(InternalRow[] rows) {
        try {
            while (!closed) if (queue.offer(rows, 100, TimeUnit.MILLISECONDS)) return;
        } catch (InterruptedException e) {
            // closed below
        }
        queue.clear();
        throw new Closed();
    }

    /**
     * The capture as {@code jgwire decode FILE} opens it: a local file by its path (its kind and compression told
     * from its first bytes), a file of another file system as the stream it gives.
     */
    static CaptureSource open(String file, Configuration conf, Limits limits) throws IOException {
        Path p = new Path(file);
        FileSystem fs = p.getFileSystem(conf);
        if (fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem)
            return InputOpener.open(p.toUri().getPath(), InputHints.AUTO, limits, InputStream.nullInputStream());
        InputStream in = new BufferedInputStream(fs.open(p), 1 << 16);
        try {
            return InputOpener.open("-", InputHints.AUTO, limits, in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }
}
