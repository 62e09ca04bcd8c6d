package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The options that shape where records go and how many: -c, -q, -l, -o -. */
class CommandLineOutputOptionsTest {
    @TempDir
    Path work;

    private final Path udp = Decoding.sample("5.5.7", "udp");

    @Test
    void countStopsAfterThatManyRecords() throws IOException {
        Decoding.Run all = Decoding.cli(work, "decode", "--format", "jsonl", udp.toString());
        Decoding.Run five = Decoding.cli(work, "decode", "--format", "jsonl", "-c", "5", udp.toString());
        assertEquals(0, five.exit(), five.err());
        assertEquals(all.out().lines().limit(5).toList(), five.out().lines().toList());
        assertTrue(all.out().lines().count() > 5);
    }

    @Test
    void countCountsTheRecordsTheFilterKeeps() throws IOException {
        Decoding.Run views = Decoding.cli(work, "decode", "--filter", "gms.type == VIEW", udp.toString());
        Decoding.Run first = Decoding.cli(work, "decode", "--filter", "gms.type == VIEW", "-c", "1", udp.toString());
        assertTrue(views.out().lines().count() > 1, views.out());
        assertEquals(views.out().lines().limit(1).toList(), first.out().lines().toList());
    }

    @Test
    void aCountBelowOneIsAUsageError() throws IOException {
        Decoding.Run run = Decoding.cli(work, "decode", "-c", "0", udp.toString());
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("--count must be positive, got 0"), run.err());
    }

    @Test
    void quietLeavesStderrEmptyAndTheRecordsAlone() throws IOException {
        Decoding.Run loud = Decoding.cli(work, "decode", udp.toString());
        Decoding.Run quiet = Decoding.cli(work, "decode", "-q", udp.toString());
        assertTrue(loud.err().contains("messages, 0 errors"), loud.err());
        assertEquals("", quiet.err());
        assertEquals(loud.out(), quiet.out());
    }

    /** The analyses take {@code -q} as decode does: the same report, no summary line. */
    @Test
    void quietAnalysesLeaveStderrEmptyAndTheReportAlone() throws IOException {
        for (String command : List.of("views", "stats", "diagnose")) {
            Decoding.Run loud = Decoding.cli(work, command, udp.toString());
            Decoding.Run quiet = Decoding.cli(work, command, "-q", udp.toString());
            assertEquals(0, quiet.exit(), command + ": " + quiet.err());
            assertTrue(loud.err().contains("messages, 0 errors"), command + ": " + loud.err());
            assertEquals("", quiet.err(), command);
            assertEquals(loud.out(), quiet.out(), command);
        }
    }

    @Test
    void lineBufferedWritesTheSameRecords() throws IOException {
        Decoding.Run plain = Decoding.cli(work, "decode", udp.toString());
        Decoding.Run flushed = Decoding.cli(work, "decode", "-l", udp.toString());
        assertEquals(0, flushed.exit(), flushed.err());
        assertEquals(plain.out(), flushed.out());
    }

    @Test
    void dashAsOutputIsStdoutAndMakesNoFile() throws Exception {
        Decoding.Run toFile = Decoding.cli(work, "decode", udp.toString());
        try (JgwireProcess jgwire =
                JgwireProcess.start(work, "decode", "-o", "-", udp.toString()).readLines()) {
            List<String> lines = new ArrayList<>();
            for (String l; (l = jgwire.nextLine()) != null; ) lines.add(l);
            assertEquals(0, jgwire.exitWithin(JgwireProcess.PATIENCE_SECONDS), jgwire.stderr());
            assertEquals(toFile.out().lines().toList(), lines);
        }
        assertFalse(Files.exists(work.resolve("-")), "wrote a file named '-'");
    }

    @Test
    void wiresharkGenerateToDashWritesThePluginToStdout() throws Exception {
        try (JgwireProcess jgwire =
                JgwireProcess.start(work, "wireshark", "generate", "-o", "-").readLines()) {
            StringBuilder lua = new StringBuilder();
            for (String l; (l = jgwire.nextLine()) != null; ) lua.append(l).append('\n');
            assertEquals(0, jgwire.exitWithin(JgwireProcess.PATIENCE_SECONDS), jgwire.stderr());
            assertTrue(lua.toString().contains("Proto(\"jgroups\""), lua.substring(0, Math.min(400, lua.length())));
        }
        assertFalse(Files.exists(work.resolve("-")), "wrote a file named '-'");
    }

    @Test
    void theGeneratedPluginIsReadableByAll() throws IOException {
        Path lua = work.resolve("jgroups.lua");
        Decoding.Run run = Decoding.cli(work, "wireshark", "generate", "-o", lua.toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(lua)));
        assertTrue(Files.readString(lua, StandardCharsets.UTF_8).contains("jgroups"));
    }
}
