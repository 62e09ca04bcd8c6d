package org.jgwire.output.parquet;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BOOLEAN;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.DOUBLE;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * A flat table's columns as a Parquet schema: every field optional, lists in the three-level form DuckDB and Spark
 * read and write ({@code list}/{@code element}), as {@link RecordSchema} has them.
 */
final class TableSchema {
    private TableSchema() {}

    static MessageType of(String name, List<TableColumn> columns) {
        List<Type> fields = new ArrayList<>();
        for (TableColumn c : columns) fields.add(type(c.name(), c.type()));
        return new MessageType(name, fields);
    }

    private static Type type(String n, TableColumn.Type type) {
        return switch (type) {
            case STRING -> RecordSchema.string(n);
            case LONG -> Types.optional(INT64).named(n);
            case DOUBLE -> Types.optional(DOUBLE).named(n);
            case BOOLEAN -> Types.optional(BOOLEAN).named(n);
            case STRING_LIST -> RecordSchema.list(n, RecordSchema.string("element"));
            case LONG_LIST -> RecordSchema.list(n, Types.optional(INT64).named("element"));
            case STRING_LIST_LIST -> RecordSchema.list(n, RecordSchema.list("element", RecordSchema.string("element")));
        };
    }
}
