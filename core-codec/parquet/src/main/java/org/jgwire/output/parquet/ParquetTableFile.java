package org.jgwire.output.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * A Parquet file of a flat table, the tables of the analyses ({@code stats}, {@code views} with
 * {@code --format parquet}): named, typed columns ({@link TableColumn}) and rows of cells in their order. Written
 * as {@link ParquetRecordFile} writes records, without Hadoop, Snappy-compressed; an existing file is replaced, and a
 * table without rows is a file with the columns and no rows.
 */
public final class ParquetTableFile implements Closeable {
    private final ParquetWriter<Object[]> writer;

    /** {@code name}: the schema's name (the table's). */
    public ParquetTableFile(Path file, String name, List<TableColumn> columns) throws IOException {
        this.writer = new Builder(new LocalOutputFile(file), new TableWriteSupport(name, columns))
                .withConf(new PlainParquetConfiguration())
                .withCodecFactory(new SnappyCodecs())
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withPageWriteChecksumEnabled(false)
                .build();
    }

    /** Writes the file at once: {@code rows}' cells in the columns' order, null where a value is missing. */
    public static void write(Path file, String name, List<TableColumn> columns, List<Object[]> rows)
            throws IOException {
        try (ParquetTableFile f = new ParquetTableFile(file, name, columns)) {
            for (Object[] row : rows) f.row(row);
        }
    }

    /** One row: a cell per column, in the columns' order. */
    public void row(Object... cells) throws IOException {
        writer.write(cells);
    }

    /** Writes the row group and the footer. */
    @Override
    public void close() throws IOException {
        writer.close();
    }

    private static final class Builder extends ParquetWriter.Builder<Object[], Builder> {
        private final TableWriteSupport support;

        Builder(OutputFile file, TableWriteSupport support) {
            super(file);
            this.support = support;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Object[]> getWriteSupport(ParquetConfiguration conf) {
            return support;
        }

        /** Hadoop's overload: never called, the writer is given a {@link ParquetConfiguration}. */
        @Override
        protected WriteSupport<Object[]> getWriteSupport(Configuration conf) {
            return support;
        }
    }
}
