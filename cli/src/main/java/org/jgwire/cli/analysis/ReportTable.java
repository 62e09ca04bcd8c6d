package org.jgwire.cli.analysis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.analysis.stats.Samples;
import org.jgwire.output.parquet.ParquetTableFile;
import org.jgwire.output.parquet.TableColumn;

/**
 * One table of an analysis' report as {@code --format parquet} writes it: the rows of one of the JSON report's
 * arrays, a column per key. A nested object's keys become columns of their own, joined to its key with '_'
 * ({@code latency_ms: {p50}} is {@code latency_ms_p50}).
 */
final class ReportTable {
    private final String name;
    private final List<TableColumn> columns = new ArrayList<>();
    private final List<Object[]> rows = new ArrayList<>();

    /** {@code name}: the JSON array's key, the file's name. */
    ReportTable(String name) {
        this.name = name;
    }

    String name() {
        return name;
    }

    ReportTable column(String column, TableColumn.Type type) {
        columns.add(new TableColumn(column, type));
        return this;
    }

    ReportTable strings(String... names) {
        for (String n : names) column(n, TableColumn.Type.STRING);
        return this;
    }

    ReportTable longs(String... names) {
        for (String n : names) column(n, TableColumn.Type.LONG);
        return this;
    }

    /** A {@link Cells#summary} object's columns: its count, then its milliseconds (mean only if it has one). */
    ReportTable summary(String key, boolean mean) {
        column(key + "_count", TableColumn.Type.LONG);
        for (String k : mean ? SUMMARY_KEYS : SUMMARY_KEYS.subList(1, SUMMARY_KEYS.size()))
            column(key + "_" + k, TableColumn.Type.DOUBLE);
        return this;
    }

    private static final List<String> SUMMARY_KEYS = List.of("mean", "p50", "p90", "p99", "max");

    /** Adds a row; a column it leaves out is null. */
    void row(Cells cells) {
        Object[] row = new Object[columns.size()];
        int found = 0;
        for (int i = 0; i < row.length; i++) {
            String c = columns.get(i).name();
            if (cells.values.containsKey(c)) {
                row[i] = cells.values.get(c);
                found++;
            }
        }
        // a cell without its column is a typo that would lose the value silently
        if (found != cells.values.size())
            throw new IllegalStateException("cells of " + name + " without a column: " + cells.values.keySet());
        rows.add(row);
    }

    /** Writes {@code DIR/NAME.parquet}, replacing it. */
    void writeInto(Path dir) throws IOException {
        write(dir.resolve(name + ".parquet"));
    }

    /** Writes the Parquet file, replacing it. */
    void write(Path file) throws IOException {
        ParquetTableFile.write(file, name, columns, rows);
    }

    /** A row's cells by column name, put as the JSON report writes its fields. */
    static final class Cells {
        private final Map<String, Object> values = new LinkedHashMap<>();

        Cells put(String column, Object value) {
            values.put(column, value);
            return this;
        }

        /** A {@link Samples.Summary} as the JSON report writes it: milliseconds to 3 decimals, null for none. */
        Cells summary(String key, Samples.Summary s) {
            put(key + "_count", s.count());
            put(key + "_mean", StatsReport.rounded(s.mean()));
            put(key + "_p50", StatsReport.rounded(s.p50()));
            put(key + "_p90", StatsReport.rounded(s.p90()));
            put(key + "_p99", StatsReport.rounded(s.p99()));
            return put(key + "_max", StatsReport.rounded(s.max()));
        }
    }
}
