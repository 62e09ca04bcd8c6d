package org.jgwire.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.jgwire.output.table.Column;
import org.jgwire.output.table.ColumnType;
import org.jgwire.output.table.HeaderCell;
import org.jgwire.output.table.PayloadCell;
import org.jgwire.output.table.RecordTable;

/**
 * The rows in Spark's terms: the schema made from {@link RecordTable#COLUMNS}, and each {@link RecordTable#row} as
 * an {@link InternalRow} of that schema. Every column is nullable: a key a record does not have is null, as in the
 * DuckDB recipe's Parquet.
 */
final class RowSchema {
    /** {@code headers}' element: the recipe's {@code STRUCT(protocol, header, fields, "offset", length)}. */
    static final StructType HEADER = new StructType(new StructField[] {
        field("protocol", DataTypes.StringType),
        field("header", DataTypes.StringType),
        field("fields", DataTypes.StringType), // the header's fields as a JSON object's text
        field("offset", DataTypes.LongType),
        field("length", DataTypes.LongType)
    });

    /** {@code payload}: the recipe's {@code STRUCT(length, text, class, hex)}. */
    static final StructType PAYLOAD = new StructType(new StructField[] {
        field("length", DataTypes.LongType),
        field("text", DataTypes.StringType),
        field("class", DataTypes.StringType),
        field("hex", DataTypes.StringType)
    });

    static final StructType STRUCT = struct(RecordTable.COLUMNS);

    private static final ColumnType[] TYPES =
            RecordTable.COLUMNS.stream().map(Column::type).toArray(ColumnType[]::new);

    private RowSchema() {}

    static StructType struct(List<Column> columns) {
        return new StructType(
                columns.stream().map(c -> field(c.name(), type(c.type()))).toArray(StructField[]::new));
    }

    static DataType type(ColumnType t) {
        return switch (t) {
            case STRING -> DataTypes.StringType;
            case LONG -> DataTypes.LongType;
            case INT -> DataTypes.IntegerType;
            case BOOLEAN -> DataTypes.BooleanType;
            case STRING_LIST -> DataTypes.createArrayType(DataTypes.StringType, true);
            case LONG_LIST -> DataTypes.createArrayType(DataTypes.LongType, true);
            case HEADER_LIST -> DataTypes.createArrayType(HEADER, true);
            case PAYLOAD -> PAYLOAD;
        };
    }

    private static StructField field(String name, DataType type) {
        return DataTypes.createStructField(name, type, true);
    }

    /** One {@link RecordTable#row} in Spark's internal form; a value of another Java type than its column's fails. */
    static InternalRow internalRow(Object[] row) {
        if (row.length != TYPES.length)
            throw new IllegalStateException("a row of " + row.length + " values for " + TYPES.length + " columns");
        Object[] values = new Object[row.length];
        for (int i = 0; i < row.length; i++) values[i] = row[i] == null ? null : value(TYPES[i], row[i], i);
        return new GenericInternalRow(values);
    }

    private static Object value(ColumnType t, Object v, int column) {
        try {
            return switch (t) {
                case STRING -> utf8((String) v);
                case LONG -> (Long) v;
                case INT -> (Integer) v;
                case BOOLEAN -> (Boolean) v;
                case STRING_LIST -> array((List<?>) v, x -> utf8((String) x));
                case LONG_LIST -> array((List<?>) v, x -> (Long) x);
                case HEADER_LIST -> array((List<?>) v, x -> header((HeaderCell) x));
                case PAYLOAD -> payload((PayloadCell) v);
            };
        } catch (ClassCastException e) {
            throw new IllegalStateException(
                    "column " + RecordTable.COLUMNS.get(column).name() + " (" + t + ") got a "
                            + v.getClass().getName());
        }
    }

    private static GenericArrayData array(List<?> list, java.util.function.Function<Object, Object> element) {
        Object[] out = new Object[list.size()];
        for (int i = 0; i < out.length; i++) {
            Object x = list.get(i);
            out[i] = x == null ? null : element.apply(x);
        }
        return new GenericArrayData(out);
    }

    private static InternalRow header(HeaderCell h) {
        return new GenericInternalRow(new Object[] {
            utf8(h.protocol()),
            utf8(h.header()),
            h.fieldsJsonUtf8() == null ? null : UTF8String.fromBytes(h.fieldsJsonUtf8()),
            h.offset(),
            h.length()
        });
    }

    private static InternalRow payload(PayloadCell p) {
        return new GenericInternalRow(new Object[] {p.length(), utf8(p.text()), utf8(p.className()), utf8(p.hex())});
    }

    private static UTF8String utf8(String s) {
        return s == null ? null : UTF8String.fromString(s);
    }
}
