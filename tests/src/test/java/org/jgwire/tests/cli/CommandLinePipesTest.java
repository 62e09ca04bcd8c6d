package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.jgwire.codec.capture.InputHints;
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
