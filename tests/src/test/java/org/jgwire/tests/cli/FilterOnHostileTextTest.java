package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A one-frame capture whose text its author chose, filtered with patterns that make a backtracking engine run for
 * hours: through decode, views and stats each run ends at once; a back-reference is a usage error naming it.
 */
class FilterOnHostileTextTest {
    private static final String TEXT = "a".repeat(256); // the longest payload text a record keeps

    @TempDir
    static Path work;

    private static Path capture;

    /** The 5.5.7 UDP chat's unicast "chat B#3 to C" with its payload replaced by {@link #TEXT}, as a hex line. */
    @BeforeAll
    static void capture() throws IOException {
        PcapFile sample = PcapFile.read(Decoding.sample("5.5.7", "udp"));
        byte[] text = "chat B#3 to C".getBytes(StandardCharsets.US_ASCII);
        byte[] frame = PcapFile.payload(sample.packets.get(sample.packetWith("chat B#3 to C")));
        int at = frame.length - text.length;
        assertEquals(at, PcapFile.indexOf(frame, text), "a single message whose payload ends the frame");
        assertEquals(text.length, ByteBuffer.wrap(frame, at - 4, 4).getInt(), "the payload's length before it");
        ByteBuffer hostile = ByteBuffer.allocate(at + TEXT.length())
                .put(frame, 0, at - 4)
                .putInt(TEXT.length())
                .put(TEXT.getBytes(StandardCharsets.US_ASCII));
        capture = Files.writeString(work.resolve("hostile.hex"), HexFormat.of().formatHex(hostile.array()) + "\n");
        Decoding.Run all = Decoding.cli(work, "decode", "--format", "jsonl", capture.toString());
        assertEquals(0, all.exit(), all.err());
        assertEquals(java.util.List.of(TEXT), all.texts(), "the capture holds the author's text");
    }

    @Test
    void catastrophicPatternsEndAtOnceOnEveryCommand() throws IOException {
        for (String pattern : new String[] {"^(.*a){12}b", "^(a|aa)*c", "(a+)+b"}) {
            String filter = "payload.text matches \"" + pattern + "\"";
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                Decoding.Run decode = Decoding.cli(work, "decode", "--filter", filter, capture.toString());
                assertEquals(0, decode.exit(), decode.err());
                assertEquals("", decode.out(), "nothing matches " + pattern);
                for (String command : new String[] {"views", "stats"}) {
                    Decoding.Run run = Decoding.cli(work, command, "--filter", filter, capture.toString());
                    assertEquals(0, run.exit(), command + ": " + run.err());
                }
            });
        }
        Decoding.Run match = Decoding.cli(
                work,
                "decode",
                "--format",
                "jsonl",
                "--filter",
                "payload.text matches \"^(.*a){12}$\"",
                capture.toString());
        assertEquals(java.util.List.of(TEXT), match.texts(), "the same pattern ending as the text does matches");
    }

    @Test
    void aBackReferenceIsAOneLineUsageErrorNamingIt() throws IOException {
        Decoding.Run run =
                Decoding.cli(work, "decode", "--filter", "payload.text matches \"^(a*)*\\1\\1b\"", capture.toString());
        assertEquals(2, run.exit(), run.err());
        assertTrue(
                run.err().startsWith("jgwire: bad --filter: bad regular expression")
                        && run.err().contains("back-references (\\1) are not supported"),
                run.err());
    }
}
