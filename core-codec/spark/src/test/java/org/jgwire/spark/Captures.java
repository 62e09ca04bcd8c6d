package org.jgwire.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.jgwire.cli.JgwireCommand;
import picocli.CommandLine;

/** The tests' tools: the samples, {@code jgwire} in this JVM, tshark to split captures, the DuckDB recipe files. */
final class Captures {
    static final Path SAMPLES = Path.of(System.getProperty("jgwire.samples", "../../samples"))
            .toAbsolutePath()
            .normalize();
    static final Path RECIPES = SAMPLES.resolveSibling("docs").resolve("recipes");

    private Captures() {}

    static Path sample(String relative) {
        Path p = SAMPLES.resolve(relative);
        assertTrue(Files.isRegularFile(p), "sample missing: " + p);
        return p;
    }

    /** {@code jgwire decode --format jsonl ARGS... capture} in this JVM, its lines written to {@code out}. */
    static Path decodeJsonLines(Path capture, Path out, String... args) {
        return decode("jsonl", capture, out, args);
    }

    /** {@code jgwire decode --format parquet ARGS... capture} in this JVM, into {@code out}. */
    static Path decodeParquet(Path capture, Path out, String... args) {
        return decode("parquet", capture, out, args);
    }

    private static Path decode(String format, Path capture, Path out, String... args) {
        List<String> all = new ArrayList<>(List.of("decode", "--format", format, "-q", "-o", out.toString()));
        all.addAll(List.of(args));
        all.add(capture.toString());
        StringWriter err = new StringWriter();
        CommandLine cl = JgwireCommand.commandLine();
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(all.toArray(String[]::new));
        assertEquals(0, exit, "jgwire " + all + ": " + err);
        return out;
    }

    /**
     * A names file (ParseMessages' mappings: UUID and name per line) of the members the capture's own JSON Lines name,
     * for decodes of parts that lack the discovery traffic.
     */
    static Path namesFile(Path capture, Path out) throws IOException {
        Path jsonl = decodeJsonLines(capture, out.resolveSibling(out.getFileName() + ".jsonl"));
        Map<String, String> names = new TreeMap<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
            JsonNode n = json.readTree(line);
            String addr = n.path("src_addr").asText(""), name = n.path("src").asText("");
            if (addr.matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
                    && !name.isEmpty()
                    && !name.equals(addr)) names.put(addr, name);
        }
        assertTrue(names.size() > 1, "members named in " + capture + ": " + names);
        StringBuilder text = new StringBuilder();
        names.forEach((addr, name) -> text.append(addr).append(' ').append(name).append('\n'));
        Files.delete(jsonl);
        return Files.writeString(out, text, StandardCharsets.UTF_8);
    }

    /**
     * The capture split by flow by {@code jgwire split --parts N -o DIR}: each TCP connection and each UDP sender whole
     * in one part, {@code DIR/part-1.pcapng} to {@code DIR/part-N.pcapng}.
     */
    static Path split(Path capture, Path dir, int parts) throws IOException {
        Files.createDirectories(dir);
        List<String> args =
                List.of("split", "--parts", String.valueOf(parts), "-o", dir.toString(), capture.toString());
        StringWriter err = new StringWriter();
        CommandLine cl = JgwireCommand.commandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        assertEquals(0, cl.execute(args.toArray(String[]::new)), "jgwire " + args + ": " + err);
        for (int i = 1; i <= parts; i++)
            assertTrue(Files.size(dir.resolve("part-" + i + ".pcapng")) > 0, "part " + i + " of " + capture);
        return dir;
    }

    /**
     * The capture split by flow as docs/scale-out.md splits it with tshark: one part per UDP sending port, one per
     * TCP connection. Returns the parts' folder.
     */
    static Path splitByFlow(Path capture, Path dir) throws IOException, InterruptedException {
        Path parts = Files.createDirectories(dir);
        int n = 0;
        for (String[] flow : List.of(new String[] {"udp", "udp.srcport"}, new String[] {"tcp", "tcp.stream"})) {
            String keys = new String(
                    tool("tshark", "-r", capture.toString(), "-Y", flow[0], "-T", "fields", "-e", flow[1]),
                    StandardCharsets.US_ASCII);
            for (String key : keys.lines().filter(k -> !k.isBlank()).distinct().toList()) {
                Path part = parts.resolve(flow[0] + "-" + key + ".pcapng");
                tool("tshark", "-r", capture.toString(), "-Y", flow[1] + " == " + key, "-w", part.toString());
                n++;
            }
        }
        assertTrue(n > 1, "flows to split " + capture + " by: " + n);
        return parts;
    }

    /** Runs a tool and returns its stdout; fails with its stderr when it fails. */
    static byte[] tool(String... command) throws IOException, InterruptedException {
        Path err = Files.createTempFile("tool", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
            byte[] out = p.getInputStream().readAllBytes();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + String.join(" ", command));
            assertEquals(0, p.exitValue(), String.join(" ", command) + " failed: " + Files.readString(err));
            return out;
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /** The DuckDB recipe's JSON Lines to Parquet (docs/recipes/duckdb-jsonl-to-parquet.sql), run as it is. */
    static Path recipeParquet(Connection db, Path jsonl, Path parquet) throws IOException, SQLException {
        try (Statement s = db.createStatement()) {
            s.execute("SET VARIABLE jsonl = '" + jsonl + "'");
            s.execute("SET VARIABLE parquet = '" + parquet + "'");
        }
        runScript(db, RECIPES.resolve("duckdb-jsonl-to-parquet.sql"));
        return parquet;
    }

    /** The statements of a recipe file (each ends with ';' at the end of a line), comments and blank ones skipped. */
    static List<String> statements(Path script) throws IOException {
        List<String> out = new ArrayList<>();
        for (String statement : Files.readString(script, StandardCharsets.UTF_8).split(";[ \\t]*\\R")) {
            if (statement.lines().allMatch(l -> l.isBlank() || l.strip().startsWith("--"))) continue;
            out.add(statement.strip());
        }
        assertTrue(out.size() > 1, script + " has statements");
        return out;
    }

    static void runScript(Connection db, Path script) throws IOException, SQLException {
        for (String statement : statements(script))
            try (Statement s = db.createStatement()) {
                s.execute(statement);
            }
    }
}
