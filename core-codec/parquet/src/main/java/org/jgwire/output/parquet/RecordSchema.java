package org.jgwire.output.parquet;

import static org.apache.parquet.schema.LogicalTypeAnnotation.jsonType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.listType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.stringType;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BOOLEAN;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.jgwire.output.table.Column;
import org.jgwire.output.table.RecordTable;

/**
 * {@link RecordTable}'s columns as a Parquet schema, every field optional (a key a line lacks is null), lists in the
 * three-level form DuckDB and Spark read and write ({@code list}/{@code element}), the header fields as a JSON
 * string.
 */
final class RecordSchema {
    static final MessageType SCHEMA = build();

    private RecordSchema() {}

    private static MessageType build() {
        List<Type> fields = new ArrayList<>();
        for (Column c : RecordTable.COLUMNS) fields.add(type(c));
        return new MessageType("record", fields);
    }

    private static Type type(Column c) {
        String n = c.name();
        return switch (c.type()) {
            case STRING -> string(n);
            case LONG -> Types.optional(INT64).named(n);
            case INT -> Types.optional(INT32).named(n);
            case BOOLEAN -> Types.optional(BOOLEAN).named(n);
            case STRING_LIST -> list(n, string("element"));
            case LONG_LIST -> list(n, Types.optional(INT64).named("element"));
            case HEADER_LIST -> list(
                    n,
                    Types.optionalGroup()
                            .addField(string("protocol"))
                            .addField(string("header"))
                            .addField(Types.optional(BINARY).as(jsonType()).named("fields"))
                            .addField(Types.optional(INT64).named("offset"))
                            .addField(Types.optional(INT64).named("length"))
                            .named("element"));
            case PAYLOAD -> Types.optionalGroup()
                    .addField(Types.optional(INT64).named("length"))
                    .addField(string("text"))
                    .addField(string("class"))
                    .addField(string("hex"))
                    .named(n);
        };
    }

    /** An optional UTF-8 string field. */
    static Type string(String name) {
        return Types.optional(BINARY).as(stringType()).named(name);
    }

    /** An optional list in the three-level form: a group holding repeated {@code list} groups of {@code element}. */
    static GroupType list(String name, Type element) {
        return Types.optionalGroup()
                .as(listType())
                .addField(Types.repeatedGroup().addField(element).named("list"))
                .named(name);
    }
}
