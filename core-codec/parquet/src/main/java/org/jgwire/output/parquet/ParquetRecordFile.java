package org.jgwire.output.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Record;
import org.jgwire.output.table.RecordTable;

/**
 * A Parquet file of records, one row each ({@link RecordTable}), as {@code decode --format parquet} writes it. Rows
 * are written as they come, a row group at a time: memory holds one row group's compressed pages (about
 * {@link #ROW_GROUP_BYTES}) whatever the capture's size.
 *
 * <p>The rows go straight into jgwire's own column buffers ({@link RowShredder}, {@link LeafColumn}), and
 * parquet-java's file writer lays out the pages, the page headers and the footer. parquet-java's record writer did
 * the same work through its general-purpose record consumer and value writers at 2.4 times the CPU of writing JSON
 * Lines (tests/bench/README.md, "Parquet against JSON Lines"): the table has one fixed shape, so its levels are
 * known per value and need no general machinery.
 */
public final class ParquetRecordFile implements Consumer<Record>, Closeable {
    /** The compressed pages a row group holds before it is written. */
    public static final int ROW_GROUP_BYTES = 64 << 20;

    /** String columns whose values repeat (endpoints, names, types): dictionary-encoded; the others are plain. */
    private static final List<String> PLAIN_STRINGS =
            List.of("payload.text", "payload.hex", "headers.list.element.fields", "message");

    private final RecordTable table;
    private final ParquetFileWriter file;
    private final LeafColumn[] leaves;
    private final RowShredder shredder;
    private long rows;
    private long groupRows;

    /** {@code names}: the names stage's table, read for the addresses' shown forms as the lines show them. */
    public ParquetRecordFile(Path path, NameTable names) throws IOException {
        this.table = new RecordTable(names);
        this.file = new ParquetFileWriter(
                new LocalOutputFile(path),
                RecordSchema.SCHEMA,
                ParquetFileWriter.Mode.OVERWRITE,
                ROW_GROUP_BYTES,
                0,
                ParquetProperties.DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH,
                ParquetProperties.DEFAULT_STATISTICS_TRUNCATE_LENGTH,
                false);
        List<ColumnDescriptor> columns = RecordSchema.SCHEMA.getColumns();
        PageCompressor snappy = new PageCompressor();
        this.leaves = new LeafColumn[columns.size()];
        for (int i = 0; i < leaves.length; i++) {
            ColumnDescriptor c = columns.get(i);
            boolean string = c.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY;
            leaves[i] = new LeafColumn(c, string && !PLAIN_STRINGS.contains(String.join(".", c.getPath())), snappy);
        }
        this.shredder = new RowShredder(leaves);
        file.start();
    }

    @Override
    public void accept(Record r) {
        shredder.write(table.row(r));
        rows++;
        groupRows++;
        if (groupRows % 1024 == 0 && bufferedBytes() >= ROW_GROUP_BYTES) {
            try {
                writeRowGroup();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Rows written so far. */
    public long rows() {
        return rows;
    }

    private long bufferedBytes() {
        long n = 0;
        for (LeafColumn c : leaves) n += c.bufferedBytes();
        return n;
    }

    private void writeRowGroup() throws IOException {
        file.startBlock(groupRows);
        for (LeafColumn c : leaves) c.writeTo(file);
        file.endBlock();
        groupRows = 0;
    }

    /** Writes the last row group and the footer. */
    @Override
    public void close() throws IOException {
        if (groupRows > 0) writeRowGroup(); // none for no rows: a file of no row groups
        file.end(Map.of("writer", "jgwire"));
    }
}
