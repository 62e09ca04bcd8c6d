package org.jgwire.cli;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * The values of {@code -f/--format}, the same on every command and accepted in any case: {@code text} for people,
 * {@code jsonl} for line-oriented tools, {@code json} for one JSON document. A command that writes records (decode,
 * cluster) writes one record per line in jsonl and a JSON array of them in json; a command that writes one report
 * (views, stats, verify, diff) writes it indented in json and on a single line in jsonl. decode and the analyses with
 * tables (stats, views) take these values and {@code parquet}: {@link DecodeFormat},
 * {@code org.jgwire.cli.analysis.ReportFormat}.
 */
public enum OutputFormat {
    text,
    jsonl,
    json;

    /** The description of {@code --format} on a command that writes records. */
    public static final String RECORDS = "Output format: text, jsonl (one JSON object per record and line, "
            + "docs/json-lines.md) or json (the same objects in one JSON array); any case (default: text).";

    /** The description of {@code --format} on a command that writes one report. */
    public static final String REPORT = "Report format: text, json (one JSON document) or jsonl (the same document "
            + "on one line); any case (default: text).";

    /** Whether the output is JSON of either kind. */
    public boolean isJson() {
        return this != text;
    }

    /** Sets up a report's generator: indented for json, one line for jsonl. */
    public JsonGenerator configure(JsonGenerator g) {
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        if (this == json) g.useDefaultPrettyPrinter();
        return g;
    }
}
