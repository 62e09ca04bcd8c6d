package org.jgwire.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code stats} and {@code views} with {@code --format parquet}: each table, read back by DuckDB, has the rows of
 * the JSON report's array of the same name on the same capture, value for value, a nested object's keys flattened
 * ({@code latency_ms.p50} is the column {@code latency_ms_p50}), {@code ts} left for {@code ts_ns}; and the columns
 * have the types docs/scale-out.md gives. On captures with RPCs (some left unanswered by a filter), a merge, leaves
 * and crashes, and three captures of one cluster merged (captures and links).
 */
class ParquetTablesTest {
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** Each table's columns and types as DuckDB describes them. */
    private static final Map<String, String> STATS_SCHEMAS = new LinkedHashMap<>();

    static {
        String ms = " BIGINT, %1$s_mean DOUBLE, %1$s_p50 DOUBLE, %1$s_p90 DOUBLE, %1$s_p99 DOUBLE, %1$s_max DOUBLE";
        STATS_SCHEMAS.put(
                "members",
                "member VARCHAR, addr VARCHAR, messages BIGINT, bytes BIGINT, multicasts BIGINT, unicasts BIGINT, "
                        + "credit_requests BIGINT, replenishments BIGINT, heartbeats BIGINT, "
                        + "heartbeat_interval_ms_count" + ms.formatted("heartbeat_interval_ms"));
        STATS_SCHEMAS.put("headers", "key VARCHAR, messages BIGINT, bytes BIGINT");
        STATS_SCHEMAS.put("message_types", "key VARCHAR, messages BIGINT, bytes BIGINT");
        STATS_SCHEMAS.put(
                "per_second",
                "second BIGINT, messages BIGINT, bytes BIGINT, top_sender VARCHAR, top_sender_bytes BIGINT");
        STATS_SCHEMAS.put(
                "methods",
                "method VARCHAR, requests BIGINT, answered BIGINT, exceptions BIGINT, latency_ms_count"
                        + ms.formatted("latency_ms"));
        STATS_SCHEMAS.put(
                "unanswered_requests",
                "frame BIGINT, ts_ns BIGINT, from VARCHAR, to VARCHAR, method VARCHAR, evicted BOOLEAN");
        STATS_SCHEMAS.put(
                "reliability",
                "protocol VARCHAR, sender VARCHAR, addr VARCHAR, streams BIGINT, messages BIGINT, "
                        + "highest_seqno BIGINT, gaps BIGINT, filled BIGINT, still_missing BIGINT, "
                        + "duplicates BIGINT, xmit_requests BIGINT, retransmissions BIGINT, acks BIGINT, "
                        + "highest_seqno_messages BIGINT, send_first_seqno BIGINT, closes BIGINT, "
                        + "retransmission_delay_ms_count" + ms.formatted("retransmission_delay_ms"));
        STATS_SCHEMAS.put(
                "captures", "capture VARCHAR, host VARCHAR, clock_offset_ns BIGINT, clock VARCHAR, clock_pairs BIGINT");
        STATS_SCHEMAS.put(
                "links",
                "from VARCHAR, to VARCHAR, sent BIGINT, arrived BIGINT, lost BIGINT, duplicates BIGINT, "
                        + "first_lost_frames BIGINT[], delay_ms_count BIGINT, delay_ms_p50 DOUBLE, "
                        + "delay_ms_p90 DOUBLE, delay_ms_p99 DOUBLE, delay_ms_max DOUBLE");
    }

    private static final String EVENTS_SCHEMA = "frame BIGINT, ts_ns BIGINT, cluster VARCHAR, event VARCHAR, "
            + "view VARCHAR, view_creator VARCHAR, view_id BIGINT, members VARCHAR[], subgroups VARCHAR[][], "
            + "subjects VARCHAR[], by VARCHAR, detail VARCHAR";

    @TempDir
    Path work;

    /** The arguments after the command and its format: options and captures. */
    static Stream<List<String>> captures() {
        Path samples = Decoding.samples();
        Path hosts = samples.resolve("hosts/5.5.7-udp-chat");
        return Stream.of(
                List.of(samples.resolve("5.5.7/udp-rpc.pcapng").toString()),
                // three responses dropped: an RPC to one member and one to all left unanswered
                List.of(
                        "--filter",
                        "frame != 24 && frame != 30 && frame != 32",
                        samples.resolve("5.5.7/udp-rpc.pcapng").toString()),
                List.of(samples.resolve("5.5.7/udp-partition-merge.pcapng").toString()),
                List.of(samples.resolve("5.5.7/udp-crash.pcapng").toString()),
                List.of(
                        hosts.resolve("A.pcapng").toString(),
                        hosts.resolve("B.pcapng").toString(),
                        hosts.resolve("C.pcapng").toString()));
    }

    // --- stats ---

    @ParameterizedTest
    @MethodSource("captures")
    void statsTablesHoldTheJsonReportsArrays(List<String> capture) throws Exception {
        Path json = work.resolve("stats.json");
        Path dir = work.resolve("stats");
        assertEquals(0, jgwire("stats", capture, "--format", "json", "-o", json.toString()));
        assertEquals(0, jgwire("stats", capture, "--format", "parquet", "-o", dir.toString()));
        JsonNode report = JSON.readTree(json.toFile());
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            for (Map.Entry<String, String> t : STATS_SCHEMAS.entrySet()) {
                String table = t.getKey();
                Path file = dir.resolve(table + ".parquet");
                assertEquals(t.getValue(), describe(db, file), table + ": columns and types");
                JsonNode array = table.equals("methods") || table.equals("unanswered_requests")
                        ? report.get("rpc").get(table)
                        : report.get(table);
                if (table.equals("captures") || table.equals("links"))
                    assertEquals(
                            capture.stream().filter(c -> c.endsWith(".pcapng")).count() > 1,
                            array != null,
                            table + " in the JSON of merged captures only");
                assertRowsEqual(array, rows(db, file), table);
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(STATS_SCHEMAS.size(), files.count(), "a file per table, no other");
        }
    }

    /** The comparison can fail: a table that lost a row, or a value, differs from the JSON. */
    @Test
    void theComparisonSeesAChangedValueOrALostRow() throws Exception {
        Path capture = Decoding.samples().resolve("5.5.7/udp-rpc.pcapng");
        Path dir = work.resolve("stats");
        Path json = work.resolve("stats.json");
        assertEquals(0, jgwire("stats", List.of(capture.toString()), "-f", "parquet", "-o", dir.toString()));
        assertEquals(0, jgwire("stats", List.of(capture.toString()), "-f", "json", "-o", json.toString()));
        JsonNode members = JSON.readTree(json.toFile()).get("members");
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            List<Map<String, Object>> rows = rows(db, dir.resolve("members.parquet"));
            assertRowsEqual(members, rows, "members");
            rows.get(1).put("bytes", (Long) rows.get(1).get("bytes") + 1);
            assertFails(() -> assertRowsEqual(members, rows, "members"));
            rows.remove(0);
            assertFails(() -> assertRowsEqual(members, rows, "members"));
        }
    }

    /**
     * Files of the tables' names are replaced, others left: the links of a merge written before are replaced by the
     * empty table of one capture.
     */
    @Test
    void tablesReplaceTheirFilesAndTheDirectoryIsMade() throws Exception {
        Path dir = work.resolve("a/b");
        Path hosts = Decoding.samples().resolve("hosts/5.5.7-udp-chat");
        List<String> merged = List.of(
                hosts.resolve("A.pcapng").toString(),
                hosts.resolve("B.pcapng").toString(),
                hosts.resolve("C.pcapng").toString());
        assertEquals(0, jgwire("stats", merged, "-f", "parquet", "-o", dir.toString()));
        Files.writeString(dir.resolve("members.parquet"), "not parquet");
        Files.writeString(dir.resolve("notes.txt"), "mine");
        String one = Decoding.samples().resolve("5.5.7/udp-rpc.pcapng").toString();
        assertEquals(0, jgwire("stats", List.of(one), "-f", "PARQUET", "-o", dir.toString()));
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            assertEquals(0, rows(db, dir.resolve("links.parquet")).size(), "links of one capture");
            assertEquals(0, rows(db, dir.resolve("captures.parquet")).size(), "captures of one capture");
            assertEquals(3, rows(db, dir.resolve("members.parquet")).size(), "members");
        }
        assertEquals("mine", Files.readString(dir.resolve("notes.txt")));
    }

    // --- views ---

    @ParameterizedTest
    @MethodSource("captures")
    void viewsTableHoldsTheJsonReportsEvents(List<String> capture) throws Exception {
        Path json = work.resolve("views.json");
        Path file = work.resolve("views.parquet");
        assertEquals(0, jgwire("views", capture, "--format", "json", "-o", json.toString()));
        assertEquals(0, jgwire("views", capture, "--format", "parquet", "-o", file.toString()));
        JsonNode events = JSON.readTree(json.toFile()).get("events");
        assertTrue(events.size() > 0, "events");
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            assertEquals(EVENTS_SCHEMA, describe(db, file), "columns and types");
            List<Map<String, Object>> rows = rows(db, file);
            // the view id's parts, beside the view's text: creator|id
            for (Map<String, Object> row : rows) {
                Object creator = row.remove("view_creator");
                Object id = row.remove("view_id");
                Object view = row.get("view");
                assertEquals(view == null ? null : Objects.requireNonNullElse(creator, "?") + "|" + id, view, "view");
            }
            assertRowsEqual(events, rows, "events");
        }
    }

    // --- usage ---

    @Test
    void parquetNeedsOutputAndTextAndJsonCanGoToAFile() throws Exception {
        String capture = Decoding.samples().resolve("5.5.7/udp-chat.pcapng").toString();
        Decoding.assertUsage("give their directory with -o DIR", "stats", "--format", "parquet", capture);
        Decoding.assertUsage("give their directory with -o DIR", "stats", "-f", "parquet", "-o", "-", capture);
        Decoding.assertUsage("give it with -o FILE", "views", "--format", "parquet", capture);
        Decoding.assertUsage("give it with -o FILE", "views", "-f", "parquet", "--output", "-", capture);
        Decoding.assertUsage("Invalid value", "views", "-f", "csv", capture);

        // -o DIR naming a file: an output error
        Path file = Files.writeString(work.resolve("file"), "x");
        Decoding.Run notADirectory = Decoding.cli(work, "stats", "-q", "-f", "parquet", "-o", file.toString(), capture);
        assertEquals(3, notADirectory.exit(), notADirectory.err());
        assertTrue(notADirectory.err().contains("is not a directory"), notADirectory.err());

        // -o for text and JSON writes what stdout would have had
        for (String command : List.of("stats", "views"))
            for (String format : List.of("text", "json", "jsonl")) {
                Path out = work.resolve(command + "." + format);
                Decoding.Run stdout = Decoding.cli(work, command, "-q", "-f", format, capture);
                assertEquals(0, stdout.exit(), stdout.err());
                assertEquals(0, jgwire(command, List.of(capture), "-f", format, "-o", out.toString()));
                assertEquals(stdout.out(), Files.readString(out, StandardCharsets.UTF_8), command + " " + format);
            }
    }

    // --- helpers ---

    /** Runs {@code jgwire COMMAND -q CAPTURE... OPTIONS...}; returns its exit code (0 or 1). */
    private int jgwire(String command, List<String> capture, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of(command, "-q"));
        args.addAll(List.of(options));
        args.addAll(capture);
        Decoding.Run r = Decoding.cli(work, args.toArray(String[]::new));
        assertTrue(r.exit() == 0 || r.exit() == 1, String.join(" ", args) + ": " + r.err());
        return r.exit();
    }

    private static void assertFails(Runnable r) {
        boolean failed = false;
        try {
            r.run();
        } catch (AssertionError e) {
            failed = true;
        }
        assertTrue(failed, "the comparison saw no difference");
    }

    private static String describe(Connection db, Path file) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (Statement s = db.createStatement();
                ResultSet r = s.executeQuery(
                        "SELECT column_name || ' ' || column_type FROM (DESCRIBE SELECT * FROM read_parquet('" + file
                                + "'))")) {
            while (r.next()) columns.add(r.getString(1));
        }
        return String.join(", ", columns);
    }

    /** The file's rows in their order, each column's value as Java gives it (lists as Lists), nulls kept. */
    private static List<Map<String, Object>> rows(Connection db, Path file) throws SQLException {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Statement s = db.createStatement();
                ResultSet r = s.executeQuery("SELECT * FROM read_parquet('" + file
                        + "', file_row_number = true) ORDER BY file_row_number")) {
            ResultSetMetaData m = r.getMetaData();
            while (r.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= m.getColumnCount(); i++)
                    if (!m.getColumnName(i).equals("file_row_number"))
                        row.put(m.getColumnName(i), java(r.getObject(i)));
                rows.add(row);
            }
        }
        return rows;
    }

    private static Object java(Object v) throws SQLException {
        if (v instanceof Array a) v = a.getArray();
        if (v instanceof Object[] elements) {
            List<Object> l = new ArrayList<>();
            for (Object e : elements) l.add(java(e));
            return l;
        }
        if (v instanceof Integer i) return i.longValue();
        return v;
    }

    /**
     * {@code array}'s objects (null: none) flattened equal {@code rows}: the same keys with the same values, a
     * column the object lacks null; {@code ts} is {@code ts_ns} in seconds.
     */
    private static void assertRowsEqual(JsonNode array, List<Map<String, Object>> rows, String table) {
        List<JsonNode> objects = new ArrayList<>();
        if (array != null) array.forEach(objects::add);
        assertEquals(objects.size(), rows.size(), table + ": rows");
        for (int i = 0; i < rows.size(); i++) {
            Map<String, Object> expected = new LinkedHashMap<>();
            flatten("", objects.get(i), expected);
            if (expected.containsKey("ts")) {
                Object ts = expected.remove("ts");
                Object ns = expected.get("ts_ns");
                // the same instant: ts_ns in seconds (BigDecimal's equals would compare their scales too)
                assertEquals(ns == null, ts == null, table + " row " + i + ": ts " + ts + ", ts_ns " + ns);
                if (ns != null)
                    assertEquals(
                            0,
                            new BigDecimal(BigInteger.valueOf((Long) ns), 9).compareTo((BigDecimal) ts),
                            table + " row " + i + ": ts " + ts + ", ts_ns " + ns);
            }
            Map<String, Object> actual = rows.get(i);
            assertTrue(
                    actual.keySet().containsAll(expected.keySet()),
                    table + ": columns " + actual.keySet() + " lack some of " + expected.keySet());
            for (Map.Entry<String, Object> c : actual.entrySet())
                assertEquals(
                        expected.get(c.getKey()),
                        c.getValue(),
                        table + " row " + i + ": " + c.getKey() + " of " + actual + ", the JSON's " + expected);
        }
    }

    /** An object's keys as columns: a nested object's keys joined to its key with '_'. */
    private static void flatten(String prefix, JsonNode object, Map<String, Object> into) {
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (f.getValue().isObject()) flatten(prefix + f.getKey() + "_", f.getValue(), into);
            else if (f.getKey().equals("ts") && f.getValue().isNumber())
                into.put("ts", f.getValue().decimalValue());
            else into.put(prefix + f.getKey(), value(f.getValue()));
        }
    }

    /** A JSON value as the table's column gives it. */
    private static Object value(JsonNode v) {
        if (v.isNull()) return null;
        if (v.isIntegralNumber()) return v.longValue();
        if (v.isNumber()) return v.doubleValue();
        if (v.isBoolean()) return v.booleanValue();
        if (v.isTextual()) return v.textValue();
        if (v.isArray()) {
            List<Object> l = new ArrayList<>();
            v.forEach(e -> l.add(value(e)));
            return l;
        }
        throw new AssertionError("not a table's value: " + v);
    }
}
