package org.jgwire.output.parquet;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.jgwire.output.table.Column;
import org.jgwire.output.table.HeaderCell;
import org.jgwire.output.table.PayloadCell;
import org.jgwire.output.table.RecordTable;

/** Hands {@link RecordTable}'s rows to parquet-java's column writers, field by field ({@link RecordSchema}). */
final class RowWriteSupport extends WriteSupport<Object[]> {
    private static final List<Column> COLUMNS = RecordTable.COLUMNS;
    private RecordConsumer out;

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
        return new WriteContext(RecordSchema.SCHEMA, Map.of("writer", "jgwire"));
    }

    /** Hadoop's overload: never called, the writer is given a {@link ParquetConfiguration}. */
    @Override
    public WriteContext init(Configuration configuration) {
        return new WriteContext(RecordSchema.SCHEMA, Map.of("writer", "jgwire"));
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        this.out = recordConsumer;
    }

    @Override
    public void write(Object[] row) {
        out.startMessage();
        for (int i = 0; i < row.length; i++) {
            Object v = row[i];
            if (v == null) continue;
            String name = COLUMNS.get(i).name();
            out.startField(name, i);
            switch (COLUMNS.get(i).type()) {
                case STRING -> string((String) v);
                case LONG -> out.addLong((Long) v);
                case INT -> out.addInteger((Integer) v);
                case BOOLEAN -> out.addBoolean((Boolean) v);
                case STRING_LIST, LONG_LIST, HEADER_LIST -> list((List<?>) v);
                case PAYLOAD -> payload((PayloadCell) v);
            }
            out.endField(name, i);
        }
        out.endMessage();
    }

    private void string(String s) {
        out.addBinary(Binary.fromString(s));
    }

    /** The three-level list: a group holding repeated {@code list} groups, each with an optional {@code element}. */
    private void list(List<?> values) {
        out.startGroup();
        if (!values.isEmpty()) {
            out.startField("list", 0);
            for (Object v : values) {
                out.startGroup();
                if (v != null) {
                    out.startField("element", 0);
                    element(v);
                    out.endField("element", 0);
                }
                out.endGroup();
            }
            out.endField("list", 0);
        }
        out.endGroup();
    }

    private void element(Object v) {
        if (v instanceof String s) string(s);
        else if (v instanceof Long l) out.addLong(l);
        else if (v instanceof HeaderCell h) header(h);
        else throw new IllegalArgumentException("not a list element of the table: " + v.getClass());
    }

    private void header(HeaderCell h) {
        out.startGroup();
        optionalString("protocol", 0, h.protocol());
        optionalString("header", 1, h.header());
        optionalString("fields", 2, h.fieldsJson());
        optionalLong("offset", 3, h.offset());
        optionalLong("length", 4, h.length());
        out.endGroup();
    }

    private void payload(PayloadCell p) {
        out.startGroup();
        optionalLong("length", 0, p.length());
        optionalString("text", 1, p.text());
        optionalString("class", 2, p.className());
        optionalString("hex", 3, p.hex());
        out.endGroup();
    }

    private void optionalString(String field, int index, String value) {
        if (value == null) return;
        out.startField(field, index);
        string(value);
        out.endField(field, index);
    }

    private void optionalLong(String field, int index, Long value) {
        if (value == null) return;
        out.startField(field, index);
        out.addLong(value);
        out.endField(field, index);
    }
}
