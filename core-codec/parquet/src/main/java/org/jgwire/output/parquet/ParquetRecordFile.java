package org.jgwire.output.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Record;
import org.jgwire.output.table.RecordTable;

/**
 * A Parquet file of records, one row each ({@link RecordTable}), as {@code decode --format parquet} writes it.
 *
 * <p>Rows are made on the caller's thread, in capture order, with the names known at each record (as the lines show
 * them), and handed in batches to a writer thread that puts them into columns and writes a row group at a time
 * ({@link RowGroupWriter}): the encoding does not hold up the decoding. Memory holds one row group's compressed pages
 * (about {@link Sizes#rowGroupBytes}) and two batches of rows, whatever the capture's size.
 *
 * <p>The rows go straight into jgwire's own column buffers ({@link RowShredder}, {@link LeafColumn}) rather than
 * through parquet-java's record writer: that general-purpose path cost 2.4 times the CPU of writing JSON Lines
 * (tests/bench/README.md, "Parquet against JSON Lines"), and the table has one fixed shape whose levels are known
 * per value.
 */
public final class ParquetRecordFile implements Consumer<Record>, Closeable {
    /**
     * How big pages, dictionaries and row groups grow. {@code pageBytes}: a page's values before the page ends (at a
     * row's end); {@code pageLevels}: its entries; {@code dictionaryBytes}: a column's dictionary before the column is
     * written plain for the rest of the row group; {@code rowGroupBytes}: the compressed pages a row group holds.
     */
    public record Sizes(int pageBytes, int pageLevels, int dictionaryBytes, long rowGroupBytes) {
        /** parquet-java's own defaults, but a row group of 64 MiB (memory held while it fills). */
        public static final Sizes DEFAULT = new Sizes(1 << 20, 20_000, 1 << 20, 64 << 20);
    }

    private static final int BATCH = 1024;
    private static final Object[][] END = new Object[0][];

    private final RecordTable table;
    private final BlockingQueue<Object[][]> batches = new ArrayBlockingQueue<>(2);
    private final Thread writer;
    private volatile Throwable failure;
    private Object[][] batch = new Object[BATCH][];
    private int size;
    private long rows;
    private boolean closed;

    /** {@code names}: the names stage's table, read for the addresses' shown forms as the lines show them. */
    public ParquetRecordFile(Path path, NameTable names) throws IOException {
        this(path, names, Sizes.DEFAULT);
    }

    public ParquetRecordFile(Path path, NameTable names, Sizes sizes) throws IOException {
        this.table = new RecordTable(names);
        RowGroupWriter out = new RowGroupWriter(path, sizes);
        this.writer = new Thread(() -> drain(out), "jgwire-parquet");
        writer.setDaemon(true);
        writer.start();
    }

    @Override
    public void accept(Record r) {
        batch[size++] = table.row(r);
        rows++;
        if (size == BATCH) handOff();
    }

    /** Rows written so far. */
    public long rows() {
        return rows;
    }

    private void handOff() {
        Object[][] full = size == BATCH ? batch : Arrays.copyOf(batch, size);
        put(full);
        batch = new Object[BATCH][];
        size = 0;
    }

    private void put(Object[][] b) {
        try {
            while (!batches.offer(b, 100, TimeUnit.MILLISECONDS)) failed();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new InterruptedIOException("interrupted writing Parquet"));
        }
        failed();
    }

    /** Rethrows the writer thread's failure on the caller's thread. */
    private void failed() {
        Throwable t = failure;
        if (t instanceof IOException e) throw new UncheckedIOException(e);
        if (t instanceof RuntimeException e) throw e;
        if (t != null) throw new IllegalStateException("the Parquet writer failed", t);
    }

    private void drain(RowGroupWriter out) {
        try {
            for (Object[][] b = batches.take(); b != END; b = batches.take()) for (Object[] row : b) out.write(row);
            out.finish();
        } catch (Throwable t) {
            failure = t;
            batches.clear(); // a caller waiting to put a batch sees the failure
        }
    }

    /** Writes the last rows, the last row group and the footer. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        try {
            if (size > 0) handOff();
            put(END);
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted writing Parquet");
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        Throwable t = failure;
        if (t instanceof IOException e) throw e;
        if (t != null) failed();
    }
}
