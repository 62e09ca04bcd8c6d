package org.jgwire.cli;

/**
 * The values of decode's {@code -f/--format}, accepted in any case: the record formats every command that writes
 * records has ({@link OutputFormat}), and {@code parquet}, a file of the table docs/scale-out.md gives.
 */
public enum DecodeFormat {
    text,
    jsonl,
    json,
    parquet;

    static final String DESCRIPTION = "Output format: text, jsonl (one JSON object per record and line, "
            + "docs/json-lines.md), json (the same objects in one JSON array) or parquet (one row per record, "
            + "the columns of docs/scale-out.md; needs -o FILE); any case (default: text).";

    /** Whether the output is JSON of either kind. */
    boolean isJson() {
        return this == jsonl || this == json;
    }
}
