package org.jgwire.output.table;

/** The types of {@link RecordTable}'s columns, as docs/scale-out.md gives them in DuckDB's words. */
public enum ColumnType {
    /** VARCHAR: a {@code String}. */
    STRING,
    /** BIGINT: a {@code Long}. */
    LONG,
    /** INTEGER: an {@code Integer}. */
    INT,
    /** BOOLEAN: a {@code Boolean}. */
    BOOLEAN,
    /** VARCHAR[]: a {@code List<String>}. */
    STRING_LIST,
    /** BIGINT[]: a {@code List<Long>}. */
    LONG_LIST,
    /** STRUCT(protocol, header, fields JSON, offset, length)[]: a {@code List<HeaderCell>}. */
    HEADER_LIST,
    /** STRUCT(length, text, class, hex): a {@link PayloadCell}. */
    PAYLOAD
}
