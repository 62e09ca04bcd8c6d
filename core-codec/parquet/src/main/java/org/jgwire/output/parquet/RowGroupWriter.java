package org.jgwire.output.parquet;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Rows of {@link RecordSchema} into a Parquet file: each row's values into the leaf columns' pages, a row group
 * written out once its pages reach {@link ParquetRecordFile.Sizes#rowGroupBytes}. parquet-java's file writer lays
 * out the pages, their headers and the footer.
 */
final class RowGroupWriter {
    /** String columns whose values are mostly new: plain; the others (endpoints, names, types) get a dictionary. */
    private static final List<String> PLAIN_STRINGS =
            List.of("payload.text", "payload.hex", "headers.list.element.fields", "message");
    /** Rows between two looks at the row group's size (a sum over every column). */
    private static final int SIZE_CHECK_ROWS = 64;

    private final ParquetFileWriter file;
    private final LeafColumn[] leaves;
    private final RowShredder shredder;
    private final long rowGroupBytes;
    private long groupRows;

    RowGroupWriter(Path path, ParquetRecordFile.Sizes sizes) throws IOException {
        this.rowGroupBytes = sizes.rowGroupBytes();
        this.file = new ParquetFileWriter(
                new LocalOutputFile(path),
                RecordSchema.SCHEMA,
                ParquetFileWriter.Mode.OVERWRITE,
                rowGroupBytes,
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
            boolean dictionary = string && !PLAIN_STRINGS.contains(String.join(".", c.getPath()));
            leaves[i] = new LeafColumn(c, dictionary, snappy, sizes);
        }
        this.shredder = new RowShredder(leaves);
        file.start();
    }

    void write(Object[] row) throws IOException {
        shredder.write(row);
        groupRows++;
        if (groupRows % SIZE_CHECK_ROWS == 0 && bufferedBytes() >= rowGroupBytes) writeRowGroup();
    }

    private long bufferedBytes() {
        long n = 0;
        for (LeafColumn c : leaves) n += c.bufferedBytes();
        return n;
    }

    private void writeRowGroup() throws IOException {
        shredder.endRows();
        file.startBlock(groupRows);
        for (LeafColumn c : leaves) c.writeTo(file);
        file.endBlock();
        groupRows = 0;
    }

    /** Writes the last row group and the footer. */
    void finish() throws IOException {
        if (groupRows > 0) writeRowGroup(); // none for no rows: a file of no row groups
        file.end(Map.of("writer", "jgwire"));
    }
}
