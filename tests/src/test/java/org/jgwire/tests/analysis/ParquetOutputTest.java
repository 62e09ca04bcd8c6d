package org.jgwire.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.output.parquet.ParquetRecordFile;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code decode --format parquet} against docs/scale-out.md's recipe: the same capture decoded to JSON Lines and
 * turned into Parquet by docs/recipes/duckdb-jsonl-to-parquet.sql as it is, read back by DuckDB next to jgwire's own
 * Parquet. Same columns with the same types, and the same rows in the same order (each row with its place in its
 * file), compared both ways, on samples that hold messages over UDP and TCP, GossipRouter traffic, reassembled
 * fragments, RPCs, decode errors (a damaged capture) and several captures merged; and with the writer's pages,
 * dictionaries and row groups made tiny, so that every boundary falls somewhere.
 */
class ParquetOutputTest {
    private static final Path RECIPE =
            Decoding.samples().resolveSibling("docs").resolve("recipes").resolve("duckdb-jsonl-to-parquet.sql");

    @TempDir
    Path work;

    static Stream<String> samples() {
        return Stream.of(
                "5.5.7/udp-rpc.pcapng",
                "5.5.7/tcp-chat.pcapng",
                "5.5.7/tunnel-chat.pcapng",
                "5.5.7/udp-large.pcapng",
                "3.6.20/udp-rpc.pcapng",
                "4.2.30/udp-chat.pcapng",
                "5.5.7/raft-election.pcapng");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void parquetEqualsTheRecipesRowForRow(String sample) throws Exception {
        Path capture = Decoding.samples().resolve(sample);
        compare(List.of(capture.toString()), 0);
    }

    /** A capture with damaged frames: the error rows (problem, offset, message) are rows like the others. */
    @Test
    void errorRowsAreRowsToo() throws Exception {
        Path damaged = work.resolve("damaged.pcapng");
        Decoding.tool(
                "editcap",
                "-E",
                "0.05",
                "--seed",
                "7",
                Decoding.samples().resolve("5.5.7/udp-chat.pcapng").toString(),
                damaged.toString());
        long errors = compare(List.of(damaged.toString()), 1);
        assertTrue(errors > 0, "the damaged capture has error rows");
    }

    /** Several captures of one cluster, merged: the merged timeline's rows. */
    @Test
    void mergedCapturesToo() throws Exception {
        Path hosts = Decoding.samples().resolve("hosts/5.5.7-udp-chat");
        compare(
                List.of(
                        hosts.resolve("A.pcapng").toString(),
                        hosts.resolve("B.pcapng").toString(),
                        hosts.resolve("C.pcapng").toString()),
                0);
    }

    /**
     * The writer's sizes made tiny, on a capture of 1,293 records: pages of a few rows, dictionaries left for plain
     * values within a row group (RowGroupWriterTest sees that in the footer), many row groups, chunks compressed and
     * chunks not. Still the recipe's rows.
     */
    @Test
    void smallPagesDictionariesAndRowGroupsGiveTheSameRows() throws Exception {
        Path capture = Decoding.samples().resolve("5.5.7/udp-blocked-receiver.pcapng");
        Path ours = work.resolve("small.parquet").toAbsolutePath();
        NameTable names = new NameTable();
        try (CaptureSource source = InputOpener.open(capture.toString(), InputHints.AUTO);
                Decoder decoder =
                        new Decoder(new DecodeOptions(Limits.DEFAULTS, Decoding.home(), null, null, Set.of()));
                ParquetRecordFile file =
                        new ParquetRecordFile(ours, names, new ParquetRecordFile.Sizes(400, 7, 60, 6000))) {
            decoder.decode(source, new NameStage(names, file));
        }
        compare(ours, List.of(capture.toString()), 0);
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            String chunks = "FROM parquet_metadata('" + ours + "')";
            assertTrue(count(db, "SELECT count(DISTINCT row_group_id) " + chunks) > 10, "many row groups");
            assertEquals(
                    List.of("SNAPPY", "UNCOMPRESSED"),
                    strings(db, "SELECT DISTINCT compression " + chunks + " ORDER BY 1"),
                    "chunks compressed and chunks left as they are");
        }
    }

    @Test
    void parquetNeedsAFileAndRefusesTextOptions() throws Exception {
        Path capture = Decoding.samples().resolve("5.5.7/udp-chat.pcapng");
        Decoding.assertUsage("give it with -o FILE", "decode", "--format", "parquet", capture.toString());
        Decoding.assertUsage("give it with -o FILE", "decode", "--format", "parquet", "-o", "-", capture.toString());
        Path out = work.resolve("x.parquet").toAbsolutePath();
        Decoding.assertUsage(
                "--fields", "decode", "-f", "parquet", "-o", out.toString(), "--fields", "src", capture.toString());
        Decoding.assertUsage("--verbose", "decode", "-f", "parquet", "-o", out.toString(), "-V", capture.toString());
    }

    // --- the comparison ---

    /**
     * Decodes {@code inputs} both ways and compares them in DuckDB; {@code exit} is what both decodes must end with.
     * Returns the number of error rows.
     */
    private long compare(List<String> inputs, int exit) throws Exception {
        Path ours = work.resolve("ours.parquet").toAbsolutePath();
        List<String> parquetArgs =
                new ArrayList<>(List.of("decode", "-q", "--format", "parquet", "-o", ours.toString()));
        parquetArgs.addAll(inputs);
        assertEquals(exit, jgwire(parquetArgs), "decode --format parquet");
        return compare(ours, inputs, exit);
    }

    /** Compares {@code ours} with the recipe's Parquet of the JSON Lines of {@code inputs}. */
    private long compare(Path ours, List<String> inputs, int exit) throws Exception {
        Path jsonl = work.resolve("capture.jsonl").toAbsolutePath();
        Path recipe = work.resolve("recipe.parquet").toAbsolutePath();
        List<String> jsonArgs = new ArrayList<>(List.of("decode", "-q", "--format", "jsonl", "-o", jsonl.toString()));
        jsonArgs.addAll(inputs);
        assertEquals(exit, jgwire(jsonArgs), "decode --format jsonl");
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            try (Statement s = db.createStatement()) {
                s.execute("SET VARIABLE jsonl = '" + jsonl + "'");
                s.execute("SET VARIABLE parquet = '" + recipe + "'");
                for (String statement :
                        Files.readString(RECIPE, StandardCharsets.UTF_8).split(";[ \\t]*\\R"))
                    if (!statement
                            .lines()
                            .allMatch(l -> l.isBlank() || l.strip().startsWith("--"))) s.execute(statement);
                s.execute("CREATE VIEW ours AS SELECT * FROM read_parquet('" + ours + "', file_row_number = true)");
                s.execute("CREATE VIEW recipe AS SELECT * FROM read_parquet('" + recipe + "', file_row_number = true)");
            }
            assertEquals(
                    strings(db, "SELECT column_name || ' ' || column_type FROM (DESCRIBE recipe)"),
                    strings(db, "SELECT column_name || ' ' || column_type FROM (DESCRIBE ours)"),
                    "columns and types");
            long rows = count(db, "SELECT count(*) FROM recipe");
            assertTrue(rows > 0, "rows");
            assertEquals(Files.readAllLines(jsonl).size(), rows, "a row per line");
            assertEquals(rows, count(db, "SELECT count(*) FROM ours"), "rows");
            assertEquals(
                    List.of(),
                    strings(
                            db,
                            "SELECT (t::VARCHAR) FROM (SELECT * FROM ours EXCEPT ALL SELECT * FROM recipe) t "
                                    + "ORDER BY file_row_number LIMIT 5"),
                    "rows of jgwire's Parquet the recipe's lacks");
            assertEquals(
                    List.of(),
                    strings(
                            db,
                            "SELECT (t::VARCHAR) FROM (SELECT * FROM recipe EXCEPT ALL SELECT * FROM ours) t "
                                    + "ORDER BY file_row_number LIMIT 5"),
                    "rows of the recipe's Parquet jgwire's lacks");
            return count(db, "SELECT count(*) FROM ours WHERE kind = 'error'");
        }
    }

    private int jgwire(List<String> args) throws IOException {
        Decoding.Run r = Decoding.cli(work, args.toArray(String[]::new));
        assertTrue(r.exit() == 0 || r.exit() == 1, String.join(" ", args) + ": " + r.err());
        return r.exit();
    }

    private static List<String> strings(Connection db, String query) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = db.createStatement();
                ResultSet r = s.executeQuery(query)) {
            while (r.next()) out.add(r.getString(1));
        }
        return out;
    }

    private static long count(Connection db, String query) throws SQLException {
        try (Statement s = db.createStatement();
                ResultSet r = s.executeQuery(query)) {
            assertTrue(r.next());
            return r.getLong(1);
        }
    }
}
