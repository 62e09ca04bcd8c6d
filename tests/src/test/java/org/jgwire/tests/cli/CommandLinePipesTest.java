package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jgwire} in shell pipelines: a live pipe in, a reader that stops early out. */
class CommandLinePipesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    /** The UDP payloads of a real capture as tshark's {@code -T fields -e udp.payload} prints them. */
    private static List<String> hexLines(Path capture) throws IOException {
        return PcapFile.read(capture).packets.stream()
                .filter(p -> p.protocol() == 17 && p.payloadLength() > 0)
                .map(p -> HexFormat.of().formatHex(PcapFile.payload(p)))
                .toList();
    }

    @Test
    void eachRecordFromALivePipeIsWrittenBeforeTheNextLineArrives() throws Exception {
        List<String> lines = hexLines(Decoding.sample("5.5.7", "udp")).subList(0, 8);
        try (JgwireProcess jgwire =
                JgwireProcess.start(work, "decode", "--format", "jsonl", "-").readLines()) {
            Writer in = new OutputStreamWriter(jgwire.process.getOutputStream(), StandardCharsets.US_ASCII);
            for (int i = 1; i <= lines.size(); i++) {
                in.write(lines.get(i - 1) + "\n");
                in.flush(); // and no more input until its record is back: jgwire must not wait for more
                JsonNode record = null;
                while (record == null || record.path("frame").asLong() < i) {
                    String out = jgwire.nextLine();
                    assertNotNull(out, "no record for line " + i + " while the pipe stays open; " + jgwire.stderr());
                    record = JSON.readTree(out);
                }
                assertEquals(i, record.path("frame").asLong(), record.toString());
                assertEquals("message", record.path("kind").asText(), record.toString());
            }
            in.close();
            assertEquals(0, jgwire.exitWithin(JgwireProcess.PATIENCE_SECONDS), jgwire.stderr());
            assertTrue(jgwire.stderr().contains(lines.size() + " messages, 0 errors"), jgwire.stderr());
        }
    }

    @Test
    void aReaderThatClosesEarlyEndsTheRunAtOnceQuietlyWithExitZero() throws Exception {
        Path capture = repeated(Decoding.sample("5.5.7", "udp"), 400_000);
        try (JgwireProcess jgwire =
                JgwireProcess.start(work, "decode", capture.toString()).readLines()) {
            for (int i = 0; i < 3; i++) assertNotNull(jgwire.nextLine(), "line " + i + "; " + jgwire.stderr());
            jgwire.process.getInputStream().close(); // as `| head -3` does after its third line
            int exit = jgwire.exitWithin(2);
            assertEquals(0, exit, "exit code (-1: still running 2 s after its reader left); " + jgwire.stderr());
            assertEquals("", jgwire.stderr());
        }
    }

    /**
     * Every command that writes to stdout ends quietly with exit code 0 when its reader is gone before it writes: the
     * reports that would exit 1 (a disagreement, structural changes) included.
     */
    @Test
    void everyCommandEndsQuietlyWithExitZeroWhenItsReaderIsGone() throws Exception {
        Path udp = Decoding.sample("5.5.7", "udp");
        Path disagreeing = work.resolve("disagreeing.json");
        Files.writeString(
                disagreeing,
                Files.readString(Manifest.pathFor(udp)).replace("\"chat A#1 to all\"", "\"chat A#1 to nobody\""));
        List<List<String>> commands = List.of(
                List.of("verify", udp.toString(), disagreeing.toString()),
                List.of("verify", "--format", "json", udp.toString()),
                List.of("diff", Decoding.sample("3.6.20", "udp").toString(), udp.toString()),
                List.of("samples", "list"),
                List.of("views", udp.toString()),
                List.of("stats", udp.toString()),
                List.of("wireshark", "generate", "-o", "-"));
        for (List<String> command : commands) {
            try (JgwireProcess jgwire = JgwireProcess.start(work, command.toArray(String[]::new))) {
                jgwire.process.getInputStream().close(); // a reader gone before the first line
                assertEquals(0, jgwire.exitWithin(JgwireProcess.PATIENCE_SECONDS), command + ": " + jgwire.stderr());
                if (command.get(0).equals("wireshark")) // its progress, one line per jar, comes before its output
                assertFalse(jgwire.stderr().toLowerCase(Locale.ROOT).matches("(?s).*(fail|error|exception|pipe).*"));
                else assertEquals("", jgwire.stderr(), command.toString());
            }
        }
    }

    /**
     * A cluster whose live decode (or capture on stdout) loses its reader stops its members at once: a chat meant to
     * talk for 10 minutes ends with exit code 0 and no error, long before the scenario would.
     */
    @Test
    void aClusterWhoseReaderIsGoneStopsAtOnceQuietlyWithExitZero() throws Exception {
        for (String output : List.of("--decode", "--capture=-")) {
            List<String> command = List.of(
                    "cluster", "--nodes", "2", "--scenario", "chat", "--duration", "10m", "--timeout", "15m", output);
            try (JgwireProcess jgwire = JgwireProcess.start(work, command.toArray(String[]::new))) {
                for (int i = 0; i < 100 * JgwireProcess.PATIENCE_SECONDS; i++) {
                    if (jgwire.stderr().contains("scenario chat on")) break; // the members talk: output flows
                    Thread.sleep(10);
                }
                assertTrue(jgwire.stderr().contains("scenario chat on"), jgwire.stderr());
                jgwire.process.getInputStream().close();
                int exit = jgwire.exitWithin(5 * JgwireProcess.PATIENCE_SECONDS);
                assertEquals(0, exit, command + " (-1: still running 5 min after its reader left); " + jgwire.stderr());
                for (String line : jgwire.stderr().lines().toList())
                    assertFalse(
                            line.toLowerCase(Locale.ROOT).matches(".*(fail|error|exception|broken pipe).*"),
                            "not a progress line: " + line + "\n" + jgwire.stderr());
            }
        }
    }

    /** A pcap of the capture's packets repeated until they hold at least {@code messages} messages. */
    private Path repeated(Path sample, int messages) throws IOException {
        PcapFile file = PcapFile.read(sample);
        long perCopy = Decoding.decode(sample, InputHints.AUTO).summary().messages();
        long copies = (messages + perCopy - 1) / perCopy;
        Path out = work.resolve("large.pcap");
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out), 1 << 20)) {
            o.write(file.bytes, 0, 24); // the file header
            for (long c = 0; c < copies; c++) o.write(file.bytes, 24, file.bytes.length - 24);
        }
        return out;
    }
}
