package org.jgwire.output.parquet;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/** Hands a flat table's rows to parquet-java's column writers, cell by cell ({@link TableSchema}). */
final class TableWriteSupport extends WriteSupport<Object[]> {
    private final List<TableColumn> columns;
    private final MessageType schema;
    private RecordConsumer out;

    TableWriteSupport(String name, List<TableColumn> columns) {
        this.columns = List.copyOf(columns);
        this.schema = TableSchema.of(name, columns);
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
        return new WriteContext(schema, Map.of("writer", "jgwire"));
    }

    /** Hadoop's overload: never called, the writer is given a {@link ParquetConfiguration}. */
    @Override
    public WriteContext init(Configuration configuration) {
        return new WriteContext(schema, Map.of("writer", "jgwire"));
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        this.out = recordConsumer;
    }

    @Override
    public void write(Object[] row) {
        if (row.length != columns.size())
            throw new IllegalArgumentException(row.length + " cells for " + columns.size() + " columns");
        out.startMessage();
        for (int i = 0; i < row.length; i++) {
            Object v = row[i];
            if (v == null) continue;
            String name = columns.get(i).name();
            out.startField(name, i);
            value(columns.get(i).type(), v);
            out.endField(name, i);
        }
        out.endMessage();
    }

    private void value(TableColumn.Type type, Object v) {
        switch (type) {
            case STRING -> out.addBinary(Binary.fromString((String) v));
            case LONG -> out.addLong(((Number) v).longValue());
            case DOUBLE -> out.addDouble(((Number) v).doubleValue());
            case BOOLEAN -> out.addBoolean((Boolean) v);
            case STRING_LIST -> list((List<?>) v, TableColumn.Type.STRING);
            case LONG_LIST -> list((List<?>) v, TableColumn.Type.LONG);
            case STRING_LIST_LIST -> list((List<?>) v, TableColumn.Type.STRING_LIST);
        }
    }

    /** The three-level list: a group holding repeated {@code list} groups, each with an optional {@code element}. */
    private void list(List<?> values, TableColumn.Type element) {
        out.startGroup();
        if (!values.isEmpty()) {
            out.startField("list", 0);
            for (Object v : values) {
                out.startGroup();
                if (v != null) {
                    out.startField("element", 0);
                    value(element, v);
                    out.endField("element", 0);
                }
                out.endGroup();
            }
            out.endField("list", 0);
        }
        out.endGroup();
    }
}
