package org.jgwire.output.table;

/** One column of {@link RecordTable}: its name (the JSON Lines key) and type. */
public record Column(String name, ColumnType type) {}
