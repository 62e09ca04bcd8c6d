package org.jgwire.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The scale-out recipe (docs/scale-out.md) as a user runs it: a sample decoded to JSON Lines, the SQL files of
 * docs/recipes run verbatim through DuckDB's JDBC driver (only the file names are set, through the variables the
 * files read): JSON Lines to Parquet, Parquet as the table the questions are asked of. The answers are checked
 * against figures this test computes from the same JSON Lines with Jackson and against {@code jgwire stats}, which
 * works on the decoder's records and never sees the JSON.
 */
class DuckDbRecipeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path RECIPES =
            Decoding.samples().resolveSibling("docs").resolve("recipes");
    private static final List<String> SCRIPTS =
            List.of("duckdb-jsonl-to-parquet.sql", "duckdb-records.sql", "duckdb-analyses.sql");

    @TempDir
    Path work;

    @ParameterizedTest
    @CsvSource({"3.6.20,udp,rpc", "4.2.30,udp,rpc", "5.5.7,udp,rpc", "5.5.7,tcp,chat"})
    void theRecipeAnswersAsStatsAndTheJsonLinesDo(String version, String stack, String scenario) throws Exception {
        Path pcap = Decoding.sample(version, stack, scenario);
        Decoding.Run decode = Decoding.cli(work, "decode", "--format", "jsonl", pcap.toString());
        assertEquals(0, decode.exit(), decode.err());
        Path jsonl = Files.writeString(work.resolve("capture.jsonl"), decode.out(), StandardCharsets.UTF_8);
        Decoding.Run statsRun = Decoding.cli(work, "stats", "--format", "json", pcap.toString());
        assertEquals(0, statsRun.exit(), statsRun.err());
        JsonNode stats = JSON.readTree(statsRun.out());
        List<JsonNode> lines = decode.json();
        for (JsonNode line : lines)
            assertFalse(line.has("reassembled_from"), "stats counts fragments, the recipe whole messages: " + line);
        Path parquet = work.resolve("capture.parquet");

        Answers answers;
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            setVariables(db, jsonl, parquet);
            for (String script : SCRIPTS) run(db, script);
            assertTrue(Files.size(parquet) > 0, "Parquet written");
            assertEquals(lines.size(), count(db, "SELECT count(*) FROM records"), "rows read back from Parquet");
            answers = Answers.of(db);
        }

        assertEquals(perMemberSecond(lines), answers.perMemberSecond, "messages per member per second");
        assertMatchesStatsTraffic(stats, answers);
        Map<String, Long> pairs = pairLatencies(lines);
        assertEquals(pairs, answers.pairs, "RPC pairs and their latencies (ns)");
        assertMatchesStatsRpc(stats.get("rpc"), answers);
        if (scenario.equals("rpc")) assertFalse(pairs.isEmpty(), "an rpc sample has answered RPCs");
        if (answers.methods.size() == 1) { // then every pair is that method's
            Method only = answers.methods.values().iterator().next();
            assertEquals(nearestRank(pairs.values(), 99) / 1e6, only.p99, 1e-9, "p99 of the pairs' latencies");
        }
    }

    /**
     * docs/scale-out.md's way with a capture too big for one machine: split by flow with tshark (one part per UDP
     * sending port, one per TCP connection), each part decoded and written to Parquet on its own, the parts' Parquet
     * queried together. The answers are those of the whole capture: RPCs pair across parts (requests and responses
     * are in different parts), and members keep their names though a part may show some of them by address only.
     */
    @ParameterizedTest
    @CsvSource({"5.5.7,udp,rpc,udp.srcport", "5.5.7,tcp,chat,tcp.stream"})
    void aCaptureSplitByFlowAnswersAsTheWholeDoes(String version, String stack, String scenario, String flow)
            throws Exception {
        Path pcap = Decoding.sample(version, stack, scenario);
        Decoding.Run decode = Decoding.cli(work, "decode", "--format", "jsonl", pcap.toString());
        assertEquals(0, decode.exit(), decode.err());
        Path whole = Files.writeString(work.resolve("capture.jsonl"), decode.out(), StandardCharsets.UTF_8);
        Answers wholeAnswers;
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            setVariables(db, whole, work.resolve("capture.parquet"));
            for (String script : SCRIPTS) run(db, script);
            wholeAnswers = Answers.of(db);
        }

        Path parts = Files.createDirectory(work.resolve("parts"));
        String keys = new String(
                Decoding.tool("tshark", "-r", pcap.toString(), "-Y", stack, "-T", "fields", "-e", flow),
                StandardCharsets.US_ASCII);
        List<String> flows = keys.lines().filter(k -> !k.isBlank()).distinct().toList();
        assertTrue(flows.size() > 1, "flows to split by: " + flows);
        for (String key : flows) {
            Path part = parts.resolve(stack + "-" + key + ".pcapng");
            Decoding.tool("tshark", "-r", pcap.toString(), "-Y", flow + " == " + key, "-w", part.toString());
            Decoding.Run partDecode = Decoding.cli(work, "decode", "--format", "jsonl", part.toString());
            assertEquals(0, partDecode.exit(), part + ": " + partDecode.err());
            Path jsonl = Files.writeString(
                    parts.resolve(stack + "-" + key + ".jsonl"), partDecode.out(), StandardCharsets.UTF_8);
            try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
                setVariables(db, jsonl, parts.resolve(stack + "-" + key + ".parquet"));
                run(db, "duckdb-jsonl-to-parquet.sql");
            }
        }
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            setVariables(db, whole, parts.resolve("*.parquet"));
            run(db, "duckdb-records.sql");
            run(db, "duckdb-analyses.sql");
            assertEquals(decode.json().size(), count(db, "SELECT count(*) FROM records"), "rows of all parts");
            Answers union = Answers.of(db);
            assertEquals(wholeAnswers.perMemberSecond, union.perMemberSecond, "messages per member per second");
            assertEquals(wholeAnswers.memberNames, union.memberNames, "names");
            assertEquals(wholeAnswers.pairs, union.pairs, "RPC pairs");
            assertEquals(wholeAnswers.methods, union.methods, "RPC latency per method");
        }
    }

    /** docs/scale-out.md shows the SQL the test runs, so the page cannot drift from it. */
    @Test
    void theDocsShowTheRecipeFilesAsTheyAre() throws IOException {
        String doc = Files.readString(RECIPES.resolveSibling("scale-out.md"), StandardCharsets.UTF_8);
        for (String script : SCRIPTS) {
            String sql = Files.readString(RECIPES.resolve(script), StandardCharsets.UTF_8);
            assertTrue(doc.contains("```sql\n" + sql + "```\n"), "docs/scale-out.md quotes docs/recipes/" + script);
        }
    }

    /** What the recipe's views answered, keyed so that they compare with what the test computes itself. */
    private record Answers(
            Map<String, Long> perMemberSecond,
            Map<String, String> memberNames,
            Map<Long, Long> perSecond,
            Map<String, Long> pairs,
            Map<String, Method> methods) {

        static Answers of(Connection db) throws SQLException {
            Map<String, Long> perMemberSecond = new TreeMap<>();
            Map<String, String> names = new TreeMap<>();
            Map<Long, Long> perSecond = new TreeMap<>();
            try (Statement s = db.createStatement();
                    ResultSet r = s.executeQuery(
                            "SELECT member, src_addr, second, messages FROM messages_per_member_second")) {
                while (r.next()) {
                    perMemberSecond.put(r.getString(2) + " " + r.getLong(3), r.getLong(4));
                    names.put(r.getString(2), r.getString(1));
                    perSecond.merge(r.getLong(3), r.getLong(4), Long::sum);
                }
            }
            Map<String, Long> pairs = new TreeMap<>();
            try (Statement s = db.createStatement();
                    ResultSet r = s.executeQuery("SELECT requester, req_id, responder, latency_ms FROM rpc_pairs")) {
                while (r.next())
                    pairs.put(
                            r.getString(1) + " " + r.getLong(2) + " " + r.getString(3),
                            Math.round(r.getDouble(4) * 1e6));
            }
            Map<String, Method> methods = new TreeMap<>();
            try (Statement s = db.createStatement();
                    ResultSet r = s.executeQuery("SELECT method, requests, answered, exceptions, responses, p50_ms, "
                            + "p99_ms, max_ms FROM rpc_latency")) {
                while (r.next())
                    methods.put(
                            r.getString(1),
                            new Method(
                                    r.getLong(2),
                                    r.getLong(3),
                                    r.getLong(4),
                                    r.getLong(5),
                                    r.getDouble(6),
                                    r.getDouble(7),
                                    r.getDouble(8)));
            }
            return new Answers(perMemberSecond, names, perSecond, pairs, methods);
        }
    }

    private static void assertMatchesStatsTraffic(JsonNode stats, Answers a) {
        Map<String, Long> sent = new TreeMap<>();
        a.perMemberSecond.forEach((k, v) -> sent.merge(k.substring(0, k.indexOf(' ')), v, Long::sum));
        Map<String, Long> statsSent = new TreeMap<>();
        Map<String, String> statsNames = new TreeMap<>();
        for (JsonNode m : stats.get("members")) {
            statsSent.put(m.get("addr").asText(), m.get("messages").asLong());
            statsNames.put(m.get("addr").asText(), m.get("member").asText());
        }
        assertEquals(statsSent, sent, "messages per member: stats and the recipe");
        assertEquals(statsNames, a.memberNames, "member names");
        Map<Long, Long> statsPerSecond = new TreeMap<>();
        for (JsonNode s : stats.get("per_second"))
            statsPerSecond.put(s.get("second").asLong(), s.get("messages").asLong());
        assertEquals(statsPerSecond, a.perSecond, "messages per second: stats and the recipe");
    }

    /** One method's line of {@code rpc_latency} or of the stats' {@code rpc.methods}; latencies in ms. */
    private record Method(
            long requests, long answered, long exceptions, long responses, double p50, double p99, double max) {
        static Method of(JsonNode stats) {
            JsonNode l = stats.get("latency_ms");
            return new Method(
                    stats.get("requests").asLong(),
                    stats.get("answered").asLong(),
                    stats.get("exceptions").asLong(),
                    l.get("count").asLong(),
                    l.path("p50").asDouble(Double.NaN),
                    l.path("p99").asDouble(Double.NaN),
                    l.path("max").asDouble(Double.NaN));
        }

        /** The same counts, and the same latencies to the microsecond, as stats writes them (three decimals). */
        void assertLike(Method stats, String method) {
            assertEquals(
                    List.of(stats.requests, stats.answered, stats.exceptions, stats.responses),
                    List.of(requests, answered, exceptions, responses),
                    method + ": requests, answered, exceptions, responses");
            assertEquals(stats.p50, p50, 0.0005 + 1e-9, method + " p50 ms");
            assertEquals(stats.p99, p99, 0.0005 + 1e-9, method + " p99 ms");
            assertEquals(stats.max, max, 0.0005 + 1e-9, method + " max ms");
        }
    }

    private static void assertMatchesStatsRpc(JsonNode rpc, Answers a) {
        Map<String, Method> statsMethods = new TreeMap<>();
        for (JsonNode m : rpc.get("methods")) statsMethods.put(m.get("method").asText(), Method.of(m));
        assertEquals(statsMethods.keySet(), a.methods.keySet(), "methods");
        statsMethods.forEach((name, stats) -> a.methods.get(name).assertLike(stats, name));
    }

    /** Messages per sender address and epoch second, counted from the JSON Lines. */
    private static Map<String, Long> perMemberSecond(List<JsonNode> lines) {
        Map<String, Long> out = new TreeMap<>();
        for (JsonNode n : lines) {
            if (!n.path("kind").asText().equals("message") || !n.hasNonNull("src_addr") || !n.hasNonNull("ts_ns"))
                continue;
            if (carried(n)) continue;
            out.merge(
                    n.get("src_addr").asText() + " "
                            + Math.floorDiv(n.get("ts_ns").asLong(), 1_000_000_000L),
                    1L,
                    Long::sum);
        }
        return out;
    }

    private static boolean carried(JsonNode n) {
        for (JsonNode t : n.path("transformed"))
            if (t.asText().startsWith("SEQUENCER unwrapped") || t.asText().endsWith("into a serialized message"))
                return true;
        return false;
    }

    /**
     * RPC latencies in ns per requester, req_id and responder, paired in capture order: RequestCorrelator's header is
     * the one with req_id and corrId; a request's first copy counts; each responder's first response sent back to
     * the requester with that req_id is paired.
     */
    private static Map<String, Long> pairLatencies(List<JsonNode> lines) {
        Map<String, Long> requestTs = new HashMap<>();
        Map<String, Long> out = new TreeMap<>();
        for (JsonNode n : lines) {
            JsonNode h = rpcHeader(n);
            if (h == null || !n.hasNonNull("src_addr")) continue;
            long reqId = h.path("req_id").asLong();
            String type = h.path("type").asText();
            if (type.equals("REQ") && reqId > 0)
                requestTs.putIfAbsent(
                        n.get("src_addr").asText() + " " + reqId, n.get("ts_ns").asLong());
            if ((type.equals("RSP") || type.equals("EXC_RSP")) && n.hasNonNull("dest_addr")) {
                String request = n.get("dest_addr").asText() + " " + reqId;
                Long sent = requestTs.get(request);
                if (sent != null)
                    out.putIfAbsent(
                            request + " " + n.get("src_addr").asText(),
                            n.get("ts_ns").asLong() - sent);
            }
        }
        return out;
    }

    private static JsonNode rpcHeader(JsonNode n) {
        for (JsonNode h : n.path("headers"))
            if (h.path("fields").has("req_id") && h.path("fields").has("corrId")) return h.get("fields");
        return null;
    }

    private static long nearestRank(Collection<Long> values, double p) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }

    private static void setVariables(Connection db, Path jsonl, Path parquet) throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute("SET VARIABLE jsonl = '" + jsonl + "'");
            s.execute("SET VARIABLE parquet = '" + parquet + "'");
        }
    }

    /** Runs a recipe file statement by statement (each ends with ';' at the end of a line), results read through. */
    private static void run(Connection db, String script) throws IOException, SQLException {
        String sql = Files.readString(RECIPES.resolve(script), StandardCharsets.UTF_8);
        Map<Integer, String> failures = new LinkedHashMap<>();
        int n = 0;
        for (String statement : sql.split(";[ \\t]*\\R")) {
            if (statement.lines().allMatch(l -> l.isBlank() || l.strip().startsWith("--"))) continue;
            n++;
            try (Statement s = db.createStatement()) {
                if (s.execute(statement))
                    try (ResultSet r = s.getResultSet()) {
                        while (r.next()) assertTrue(r.getMetaData().getColumnCount() > 0);
                    }
            } catch (SQLException e) {
                failures.put(n, e.getMessage() + "\n" + statement);
            }
        }
        assertTrue(failures.isEmpty(), script + ": " + failures);
        assertTrue(n > 1, script + " has statements");
    }

    private static long count(Connection db, String query) throws SQLException {
        try (Statement s = db.createStatement();
                ResultSet r = s.executeQuery(query)) {
            assertTrue(r.next());
            return r.getLong(1);
        }
    }
}
