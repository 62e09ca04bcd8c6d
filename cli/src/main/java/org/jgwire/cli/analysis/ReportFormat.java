package org.jgwire.cli.analysis;

import org.jgwire.cli.OutputFormat;

/**
 * The values of {@code -f/--format} of the analyses that have tables (stats, views), accepted in any case: a report's
 * formats ({@link OutputFormat}) and {@code parquet}, the report's tables as Parquet (docs/scale-out.md).
 */
public enum ReportFormat {
    text,
    jsonl,
    json,
    parquet;

    static final String STATS = "Report format: text, json (one JSON document), jsonl (the same document on one line) "
            + "or parquet (each array of the JSON as a Parquet file of its name, e.g. members.parquet, in the "
            + "directory -o DIR); any case (default: text).";

    static final String VIEWS = "Report format: text, json (one JSON document), jsonl (the same document on one line) "
            + "or parquet (a row per event; needs -o FILE); any case (default: text).";

    /** The report's format for text and JSON; there is none for parquet. */
    OutputFormat report() {
        if (this == parquet) throw new IllegalStateException("parquet is written as tables");
        return OutputFormat.valueOf(name());
    }
}
