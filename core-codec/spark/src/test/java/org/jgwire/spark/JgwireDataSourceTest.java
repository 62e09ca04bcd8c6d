package org.jgwire.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code spark.read.format("jgwire")} in Spark's local mode against the references the project already has: the
 * JSON Lines of {@code jgwire decode --format jsonl} through the DuckDB recipe's Parquet
 * (docs/recipes/duckdb-jsonl-to-parquet.sql), and the DuckDB recipe's answers (docs/recipes/duckdb-analyses.sql).
 * The Spark rows are written as Parquet and DuckDB compares the two tables row for row.
 */
class JgwireDataSourceTest {
    private static SparkSession spark;

    @TempDir
    static Path work;

    @BeforeAll
    static void startSpark() {
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("jgwire-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.session.timeZone", "UTC")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) spark.stop();
    }

    /** A sample split by {@code jgwire split} once for all the tests that read its parts. */
    private static final Map<String, Path> PARTS = new HashMap<>();

    private static synchronized Path parts(Path capture) throws Exception {
        Path parts = PARTS.get(capture.toString());
        if (parts == null) {
            parts = Captures.split(capture, Files.createTempDirectory(work, "parts"), 3);
            PARTS.put(capture.toString(), parts);
        }
        return parts;
    }

    private static Dataset<Row> read(String path) {
        return spark.read().format("jgwire").load(path);
    }

    // --- the rows ---

    /**
     * A capture split by flow (UDP sending ports, TCP connections) and read by the data source, one partition per
     * part, gives the rows of the whole capture's JSON Lines in the recipe's Parquet: the same columns and types,
     * the same rows, each as often, but {@code frame} (each part counts from 1). The whole capture read as one file
     * gives them with {@code frame} too.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mping/5.5.7/tcp-low-latency-chat.pcapng", "5.5.7/udp-rpc.pcapng"})
    void partsSplitByFlowGiveTheRowsOfTheWholeCapture(String sample) throws Exception {
        Path capture = Captures.sample(sample);
        Path dir = Files.createDirectories(work.resolve(sample.replace('/', '_')));
        // a part lacks the discovery traffic of other parts (docs/scale-out.md): every decode gets the names
        Path names = Captures.namesFile(capture, dir.resolve("names.txt"));
        Path jsonl = Captures.decodeJsonLines(capture, dir.resolve("whole.jsonl"), "--names", names.toString());
        Path parts = parts(capture);
        List<String> partFiles;
        try (Stream<Path> s = Files.list(parts)) {
            partFiles = s.map(p -> p.getFileName().toString())
                    .filter(f -> f.endsWith(".pcapng")) // not the split's names.txt
                    .sorted()
                    .toList();
        }

        Dataset<Row> partsRead =
                spark.read().format("jgwire").option("names", names.toString()).load(parts + "/*.pcapng");
        assertEquals(partFiles.size(), partsRead.rdd().getNumPartitions(), "one partition per part: " + partFiles);
        // MPING's discovery over UDP multicast (transport mping, docs/json-lines.md), the members' traffic over TCP
        if (sample.startsWith("mping"))
            assertEquals(
                    List.of("mping", "tcp"),
                    partsRead.select("transport").distinct().orderBy("transport").collectAsList().stream()
                            .map(r -> r.getString(0))
                            .filter(t -> t != null)
                            .toList(),
                    "transports");
        Path sparkParts = dir.resolve("spark-parts.parquet");
        partsRead.write().parquet(sparkParts.toString());
        Path sparkWhole = dir.resolve("spark-whole.parquet");
        spark.read()
                .format("jgwire")
                .option("names", names.toString())
                .load(capture.toString())
                .write()
                .parquet(sparkWhole.toString());

        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            Path recipe = Captures.recipeParquet(db, jsonl, dir.resolve("recipe.parquet"));
            String reference = "read_parquet('" + recipe + "')";
            String fromParts = "read_parquet('" + sparkParts + "/*.parquet')";
            String fromWhole = "read_parquet('" + sparkWhole + "/*.parquet')";
            // DuckDB's Parquet marks headers.fields as JSON; Spark has no JSON type: a string column holding the JSON
            // text (docs/scale-out.md, the schema), which DuckDB reads as VARCHAR
            List<String> columns = describe(db, reference).stream()
                    .map(c -> c.replace(" fields JSON,", " fields VARCHAR,"))
                    .toList();
            assertEquals(25, columns.size(), "the recipe's columns: " + columns);
            assertEquals(columns, describe(db, fromParts), "columns and types");
            long rows = count(db, "SELECT count(*) FROM " + reference);
            assertEquals(Files.readAllLines(jsonl).size(), rows, "a row per JSON line");
            assertTrue(rows > 20, sample + ": rows " + rows);
            assertEquals(rows, count(db, "SELECT count(*) FROM " + fromParts), "rows of the parts");
            assertEquals(List.of(), exceptAll(db, reference, fromParts, "frame"), "recipe rows the parts lack");
            assertEquals(List.of(), exceptAll(db, fromParts, reference, "frame"), "parts' rows the recipe lacks");
            assertEquals(columns, describe(db, fromWhole), "columns and types, whole file");
            assertEquals(List.of(), exceptAll(db, reference, fromWhole, null), "recipe rows the whole read lacks");
            assertEquals(List.of(), exceptAll(db, fromWhole, reference, null), "whole read's rows the recipe lacks");
            assertEquals(rows, count(db, "SELECT count(*) FROM " + fromWhole), "rows of the whole file");
            // and jgwire's own Parquet of the whole capture (decode --format parquet), JSON column and all
            Path ours = Captures.decodeParquet(
                    capture, dir.resolve("decode.parquet").toAbsolutePath(), "--names", names.toString());
            String decoded = "read_parquet('" + ours + "')";
            assertEquals(describe(db, reference), describe(db, decoded), "decode --format parquet's columns");
            assertEquals(List.of(), exceptAll(db, decoded, fromParts, "frame"), "decode's rows the parts lack");
            assertEquals(List.of(), exceptAll(db, fromParts, decoded, "frame"), "parts' rows decode's lacks");
            assertEquals(List.of(), exceptAll(db, decoded, fromWhole, null), "decode's rows the whole read lacks");
            assertEquals(List.of(), exceptAll(db, fromWhole, decoded, null), "whole read's rows decode's lacks");
        }
    }

    /** Column name and type per column, as DuckDB reads a Parquet file. */
    private static List<String> describe(Connection db, String table) throws SQLException {
        return strings(db, "SELECT column_name || ' ' || column_type FROM (DESCRIBE SELECT * FROM " + table + ")");
    }

    /** Up to 5 rows of {@code a} that {@code b} does not have as often, {@code without} a column. */
    private static List<String> exceptAll(Connection db, String a, String b, String without) throws SQLException {
        String select = without == null ? "SELECT * FROM " : "SELECT * EXCLUDE (" + without + ") FROM ";
        return strings(
                db, "SELECT CAST(x AS VARCHAR) FROM (" + select + a + " EXCEPT ALL " + select + b + ") x LIMIT 5");
    }

    static List<String> strings(Connection db, String query) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = db.createStatement();
                ResultSet r = s.executeQuery(query)) {
            while (r.next()) out.add(r.getString(1));
        }
        return out;
    }

    static long count(Connection db, String query) throws SQLException {
        try (Statement s = db.createStatement();
                ResultSet r = s.executeQuery(query)) {
            assertTrue(r.next());
            return r.getLong(1);
        }
    }

    // --- the options ---

    /**
     * {@code names} and {@code payloadBytes} do what decode's {@code --names} and {@code --payload-bytes} do: a TCP
     * part of the mping sample has no discovery traffic, so its members show as addresses unless a names file names
     * them; the names file is made from the whole capture's rows.
     */
    @Test
    void namesAndPayloadBytesAreDecodesOptions() throws Exception {
        Path capture = Captures.sample("mping/5.5.7/tcp-low-latency-chat.pcapng");
        Path dir = Files.createDirectories(work.resolve("options"));
        Path parts = Captures.splitByFlow(capture, dir.resolve("parts")); // a part per TCP connection: no discovery
        Path part;
        try (Stream<Path> s = Files.list(parts)) {
            part = s.filter(p -> p.getFileName().toString().startsWith("tcp-"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
        Path namesFile = Captures.namesFile(capture, dir.resolve("names.txt"));

        Path withNames = Captures.decodeJsonLines(
                part, dir.resolve("names.jsonl"), "--names", namesFile.toString(), "--payload-bytes", "6");
        Dataset<Row> read = spark.read()
                .format("jgwire")
                .option("names", namesFile.toString())
                .option("payloadBytes", "6")
                .load(part.toString());
        Path sparkRead = dir.resolve("spark.parquet");
        read.write().parquet(sparkRead.toString());
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            Path recipe = Captures.recipeParquet(db, withNames, dir.resolve("recipe.parquet"));
            String reference = "read_parquet('" + recipe + "')";
            String fromSpark = "read_parquet('" + sparkRead + "/*.parquet')";
            assertEquals(List.of(), exceptAll(db, reference, fromSpark, null), "recipe rows Spark lacks");
            assertEquals(List.of(), exceptAll(db, fromSpark, reference, null), "Spark rows the recipe lacks");
            assertEquals(
                    count(db, "SELECT count(*) FROM " + reference), count(db, "SELECT count(*) FROM " + fromSpark));
            assertEquals(
                    0, count(db, "SELECT count(*) FROM " + fromSpark + " WHERE length(payload.hex) > 12"), "6 bytes");
        }
        // and the options change something: without them the part shows addresses and longer payload heads
        Dataset<Row> plain = read(part.toString());
        assertNotEquals(
                plain.where("src = src_addr").count(),
                read.where("src = src_addr").count(),
                "names given");
        assertTrue(plain.where("length(payload.hex) > 12").count() > 0, "decode's 64 bytes by default");
    }

    @Test
    void aPathThatMatchesNothingFailsTheRead() {
        Exception e = assertThrows(
                Exception.class,
                () -> read(work.resolve("nothing-here/*.pcapng").toString()).count());
        assertTrue(String.valueOf(e.getMessage()).contains("no capture file matches"), e.toString());
    }

    /** A file that cannot be read fails the task, naming the file, after the rows before the failure. */
    @Test
    void aDecodeFailureIsThrownToTheTask() {
        String gone = work.resolve("gone.pcapng").toUri().toString();
        CaptureReader reader = new CaptureReader(gone, new DecodeSettings(null, null, null, null), new Configuration());
        try {
            IOException e = assertThrows(IOException.class, reader::next);
            assertTrue(e.getMessage().contains(gone), e.getMessage());
        } finally {
            reader.close();
        }
    }

    /** A {@code limit} takes the first rows and stops the decode: no decoding thread is left behind. */
    @Test
    void aLimitStopsTheDecode() throws InterruptedException {
        Path capture = Captures.sample("5.5.7/udp-rpc.pcapng");
        List<Row> rows = read(capture.toString()).limit(3).collectAsList();
        assertEquals(3, rows.size());
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (decodingThreads() > 0 && System.nanoTime() < deadline) Thread.sleep(50);
        assertEquals(0, decodingThreads(), "decode threads still running after the limit");
    }

    private static long decodingThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("jgwire-decode") && t.isAlive())
                .count();
    }

    // --- the questions ---

    /**
     * docs/recipes/spark-analyses.sql, run as it is on the rows the data source reads from the RPC sample's parts,
     * answers as docs/recipes/duckdb-analyses.sql does on the whole capture's JSON Lines: messages per member per
     * second, the RPC pairs and the latency per method.
     */
    @Test
    void theSparkQuestionsAnswerAsTheDuckDbRecipe() throws Exception {
        Path capture = Captures.sample("5.5.7/udp-rpc.pcapng");
        Path dir = Files.createDirectories(work.resolve("questions"));
        Path jsonl = Captures.decodeJsonLines(capture, dir.resolve("whole.jsonl"));
        Path parts = parts(capture);
        read(parts + "/*.pcapng").cache().createOrReplaceTempView("records"); // decoded once for the queries
        List<List<String>> answers = new ArrayList<>();
        for (String statement : Captures.statements(Captures.RECIPES.resolve("spark-analyses.sql")))
            answers.add(rows(spark.sql(statement).collectAsList()));
        String pairsQuery = "SELECT method, requester, req_id, responder, response_ts_ns, exception, latency_ms "
                + "FROM rpc_pairs";
        List<String> pairs = rows(spark.sql(pairsQuery).collectAsList());
        assertTrue(pairs.size() > 2, "RPC pairs: " + pairs);

        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            Captures.recipeParquet(db, jsonl, dir.resolve("recipe.parquet"));
            Captures.runScript(db, Captures.RECIPES.resolve("duckdb-records.sql"));
            List<List<String>> duck = new ArrayList<>();
            for (String statement : Captures.statements(Captures.RECIPES.resolve("duckdb-analyses.sql")))
                duck.add(duckRows(db, statement));
            // the scripts' answers: the two SELECTs that end them
            int n = answers.size(), d = duck.size();
            assertEquals(duck.get(d - 2), answers.get(n - 2), "messages per member per second");
            assertEquals(duck.get(d - 1), answers.get(n - 1), "RPC latency per method");
            assertTrue(answers.get(n - 2).size() > 3, "messages per member and second: " + answers);
            assertTrue(!answers.get(n - 1).isEmpty(), "methods: " + answers);
            assertEquals(duckRows(db, pairsQuery), pairs, "RPC pairs");
        }
    }

    /** docs/scale-out.md shows the Spark SQL the test runs, so the page cannot drift from it. */
    @Test
    void theDocsShowTheSparkRecipeAsItIs() throws IOException {
        String doc = Files.readString(Captures.RECIPES.resolveSibling("scale-out.md"), StandardCharsets.UTF_8);
        String sql = Files.readString(Captures.RECIPES.resolve("spark-analyses.sql"), StandardCharsets.UTF_8);
        assertTrue(
                doc.contains("```sql\n" + sql + "```\n"), "docs/scale-out.md quotes docs/recipes/spark-analyses.sql");
    }

    /** The rows of a Spark result as sorted text, times as epoch seconds. */
    private static List<String> rows(List<Row> result) {
        List<String> out = new ArrayList<>();
        for (Row r : result) {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < r.length(); i++) values.add(text(r.get(i)));
            out.add(String.join(" | ", values));
        }
        out.sort(null);
        return out;
    }

    /** A DuckDB statement's rows as sorted text (none for a statement without a result). */
    private static List<String> duckRows(Connection db, String statement) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = db.createStatement()) {
            if (!s.execute(statement)) return out;
            try (ResultSet r = s.getResultSet()) {
                int n = r.getMetaData().getColumnCount();
                while (r.next()) {
                    List<String> values = new ArrayList<>();
                    for (int i = 1; i <= n; i++) values.add(text(r.getObject(i)));
                    out.add(String.join(" | ", values));
                }
            }
        }
        out.sort(null);
        return out;
    }

    private static String text(Object v) {
        if (v instanceof java.sql.Timestamp t) return "epoch " + t.toInstant().getEpochSecond();
        if (v instanceof java.time.Instant t) return "epoch " + t.getEpochSecond();
        if (v instanceof java.time.OffsetDateTime t) return "epoch " + t.toEpochSecond();
        return String.valueOf(v);
    }
}
