package org.jgwire.output.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Record;
import org.jgwire.output.table.RecordTable;

/**
 * A Parquet file of records, one row each ({@link RecordTable}), as {@code decode --format parquet} writes it. Rows
 * are written as they come, a row group at a time: memory holds one row group's encoded pages (at most
 * {@link #ROW_GROUP_BYTES}) whatever the capture's size. Snappy-compressed, dictionary-encoded where it pays.
 */
public final class ParquetRecordFile implements Consumer<Record>, Closeable {
    /** The row group parquet-java fills before writing it out. */
    public static final int ROW_GROUP_BYTES = 64 << 20;

    /** Columns whose values are mostly new: times, frame numbers, payloads, header fields (sequence numbers). */
    private static final List<String> UNIQUE_COLUMNS = List.of(
            "frame",
            "ts_ns",
            "payload.text",
            "payload.hex",
            "headers.list.element.fields",
            "reassembled_from.list.element",
            "message");

    private final RecordTable table;
    private final ParquetWriter<Object[]> writer;
    private long rows;

    /** {@code names}: the names stage's table, read for the addresses' shown forms as the lines show them. */
    public ParquetRecordFile(Path file, NameTable names) throws IOException {
        this.table = new RecordTable(names);
        Builder builder = new Builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withCodecFactory(new SnappyCodecs())
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withRowGroupSize((long) ROW_GROUP_BYTES)
                .withPageWriteChecksumEnabled(false)
                .withSizeStatisticsEnabled(false);
        // a dictionary of values that hardly repeat only costs: each is hashed until the writer gives up on it
        for (String column : UNIQUE_COLUMNS) builder.withDictionaryEncoding(column, false);
        this.writer = builder.build();
    }

    @Override
    public void accept(Record r) {
        try {
            writer.write(table.row(r));
            rows++;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rows written so far. */
    public long rows() {
        return rows;
    }

    /** Writes the last row group and the footer. */
    @Override
    public void close() throws IOException {
        writer.close();
    }

    private static final class Builder extends ParquetWriter.Builder<Object[], Builder> {
        Builder(OutputFile file) {
            super(file);
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Object[]> getWriteSupport(ParquetConfiguration conf) {
            return new RowWriteSupport();
        }

        /** Hadoop's overload: never called, the writer is given a {@link ParquetConfiguration}. */
        @Override
        protected WriteSupport<Object[]> getWriteSupport(Configuration conf) {
            return new RowWriteSupport();
        }
    }
}
