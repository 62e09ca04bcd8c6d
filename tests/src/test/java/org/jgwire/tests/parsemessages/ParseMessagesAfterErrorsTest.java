package org.jgwire.tests.parsemessages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the real ParseMessages stops at the first frame it cannot read, {@code jgwire parse-messages} reports that
 * frame on stderr and goes on: everything ParseMessages prints for the undamaged input, jgwire prints for the
 * damaged one.
 */
class ParseMessagesAfterErrorsTest {
    @TempDir
    Path work;

    @Test
    void goesOnAfterATruncatedDatagramWhereParseMessagesStops() throws Exception {
        Path pcap = Decoding.sample("5.5.7", "udp");
        List<String> hex = ParseMessagesRuns.hexLines(pcap, "udp.payload");
        Files.write(work.resolve("clean.hex"), hex);
        List<String> damaged = new ArrayList<>(hex);
        int cut = hex.size() / 2;
        damaged.set(cut, hex.get(cut).substring(0, hex.get(cut).length() / 4 * 2)); // the first half of a datagram
        Files.write(work.resolve("damaged.hex"), damaged);

        ParseMessagesRuns.Output clean = ParseMessagesRuns.parseMessages("5.5.7", work, "-file", "clean.hex");
        ParseMessagesRuns.Output stopped = ParseMessagesRuns.parseMessages("5.5.7", work, "-file", "damaged.hex");
        assertTrue(
                stopped.messageLines().size() < clean.messageLines().size() - 3,
                "ParseMessages was expected to stop at line " + cut + ":\n" + String.join("\n", stopped.lines()));

        ParseMessagesRuns.Output mine = ParseMessagesRuns.jgwire(work, "-file", "damaged.hex");
        assertEquals(1, mine.exit(), "some frames not decoded: exit 1\n" + mine.err());
        assertTrue(
                mine.err().contains("frame " + (cut + 1) + ":"), "the damaged line is named on stderr:\n" + mine.err());

        // expected: the clean run's lines but those of the damaged datagram (ParseMessages on that datagram alone)
        Files.write(work.resolve("one.hex"), List.of(hex.get(cut)));
        Map<String, String> names = ParseMessagesRuns.names(pcap);
        List<String> ofDamaged =
                ParseMessagesRuns.parseMessages("5.5.7", work, "-file", "one.hex").messageLines().stream()
                        .map(l -> unnumbered(l, names))
                        .toList();
        assertTrue(!ofDamaged.isEmpty(), "the damaged datagram held a message");
        List<String> want = clean.messageLines().stream()
                .filter(l -> !ofDamaged.contains(unnumbered(l, names)))
                .toList();
        assertEquals(
                List.of(),
                ParseMessagesRuns.missingIgnoringNumbers(want, mine.messageLines(), names),
                "lines missing from jgwire's output of the damaged input:\n" + String.join("\n", mine.lines()));
    }

    private static String unnumbered(String line, Map<String, String> names) {
        return ParseMessagesRuns.normalised(line, names).replaceFirst("^\\d+:", "");
    }

    @Test
    void readsTcpStreamsPastTheGracefulCloseThatStopsParseMessages() throws Exception {
        Path pcap = Decoding.sample("5.5.7", "tcp");
        Files.write(work.resolve("in.hex"), ParseMessagesRuns.hexLines(pcap, "tcp.payload"));
        ParseMessagesRuns.Output theirs = ParseMessagesRuns.parseMessages("5.5.7", work, "-tcp", "-file", "in.hex");
        ParseMessagesRuns.Output mine = ParseMessagesRuns.jgwire(work, "-tcp", "-file", "in.hex");
        assertTrue(
                theirs.err().contains("Exception"),
                "ParseMessages 5.5.7 was expected to fail on the 5.5.3+ close " + "mark (length -5):\n" + theirs.err());
        assertEquals(0, mine.exit(), mine.err());
        assertTrue(
                mine.messageLines().size() > theirs.messageLines().size(),
                "jgwire: " + mine.messageLines().size() + " lines, ParseMessages: "
                        + theirs.messageLines().size());
        assertTrue(
                mine.lines().stream().anyMatch(l -> l.contains("GmsHeader[LEAVE_REQ]")),
                "the members' leaving, after the first closed connection, is shown:\n"
                        + String.join("\n", mine.lines()));
    }
}
