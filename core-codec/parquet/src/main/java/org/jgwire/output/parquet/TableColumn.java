package org.jgwire.output.parquet;

/**
 * A column of a flat table ({@link ParquetTableFile}): its name and what its cells hold. Every column is optional:
 * a null cell is a missing value.
 */
public record TableColumn(String name, Type type) {
    /** The cells' Java values: String, a Number, Boolean, or a List of them (of Lists for the nested list). */
    public enum Type {
        /** UTF-8 text (a String). */
        STRING,
        /** INT64 (any integral Number): counts, bytes, frame numbers, times in nanoseconds. */
        LONG,
        /** DOUBLE (any Number): milliseconds, percentiles. */
        DOUBLE,
        BOOLEAN,
        /** A list of strings (a List of String). */
        STRING_LIST,
        /** A list of INT64 (a List of Number). */
        LONG_LIST,
        /** A list of lists of strings (a List of Lists of String), e.g. a merge view's subgroups. */
        STRING_LIST_LIST
    }

    public static TableColumn string(String name) {
        return new TableColumn(name, Type.STRING);
    }

    public static TableColumn int64(String name) {
        return new TableColumn(name, Type.LONG);
    }

    public static TableColumn float64(String name) {
        return new TableColumn(name, Type.DOUBLE);
    }
}
