package org.jgwire.output;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.function.LongSupplier;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.filter.RecordColumns;
import org.jgwire.codec.model.Record;

/** One line of tab-separated field values per record ({@code jgwire decode --fields}, as tshark's -T fields). */
public final class FieldsWriter implements RecordWriter {
    private final Writer out;
    private final Names names;
    private final RecordColumns columns;
    private final LongSupplier originNanos;
    private final StringBuilder line = new StringBuilder(128);

    /** @param originNanos the capture time {@code time} counts from (the first record's), -1 before it is known */
    public FieldsWriter(OutputStream out, Names names, RecordColumns columns, LongSupplier originNanos) {
        this.out = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        this.names = names;
        this.columns = columns;
        this.originNanos = originNanos;
    }

    @Override
    public void write(Record r) {
        line.setLength(0);
        long origin = originNanos.getAsLong();
        columns.append(r, names, origin >= 0 ? origin : r.frame().tsNanos(), line);
        line.append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
