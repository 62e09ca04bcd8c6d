package org.jgwire.tests.parsemessages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code jgwire parse-messages} beside the real {@code org.jgroups.tests.ParseMessages} of the capture's version, on
 * the same input (tshark's hex of a real sample capture; for 3.6, whose ParseMessages reads raw bytes only, those
 * bytes): every message line ParseMessages prints, jgwire prints too, in the same order. Member UUIDs are replaced by
 * names from the capture's manifest on both sides, since jgwire may know a name where ParseMessages does not.
 * A stack written {@code udp/large} takes that scenario's sample instead of chat: its FRAG fragments must come out
 * one line each, as ParseMessages prints them (no reassembly).
 */
class ParseMessagesCompatibilityTest {
    @TempDir
    Path work;

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({
        "3.6.20, udp, binary",
        "4.2.30, udp, hex",
        "4.2.30, tcp, hex",
        "5.5.7, udp, hex",
        "5.5.7, udp, binary",
        "5.5.7, tcp, hex",
        "5.5.7, tunnel, hex",
        "4.2.30, udp/large, hex",
        "5.5.7, udp/large, hex"
    })
    void printsEveryLineParseMessagesPrints(String version, String stackAndScenario, String input) throws Exception {
        String[] parts = stackAndScenario.split("/");
        String stack = parts[0];
        Path pcap = Decoding.sample(version, stack, parts.length > 1 ? parts[1] : "chat");
        List<String> hex = ParseMessagesRuns.hexLines(pcap, stack.equals("udp") ? "udp.payload" : "tcp.payload");
        String[] args;
        if (version.startsWith("3.")) { // 3.6's ParseMessages: -file only, raw datagrams back to back
            Files.write(work.resolve("in.bin"), ParseMessagesRuns.bytes(hex));
            args = new String[] {"-file", "in.bin"};
        } else if (input.equals("binary")) {
            Files.write(work.resolve("in.bin"), ParseMessagesRuns.bytes(hex));
            args = new String[] {"-binary-to-ascii", "false", "-file", "in.bin"};
        } else {
            Files.write(work.resolve("in.hex"), hex);
            args = switch (stack) {
                case "tcp" -> new String[] {"-tcp", "-file", "in.hex"};
                case "tunnel" -> new String[] {"-tcp", "-gossip", "-file", "in.hex"}; // GossipRouter streams
                default -> new String[] {"-file", "in.hex"};
            };
        }
        ParseMessagesRuns.Output theirs = ParseMessagesRuns.parseMessages(version, work, args);
        String[] ours = version.startsWith("3.") ? new String[] {"-binary-to-ascii", "false", "-file", "in.bin"} : args;
        ParseMessagesRuns.Output mine = ParseMessagesRuns.jgwire(work, ours);

        List<String> want = theirs.messageLines();
        assertTrue(
                want.size() >= 20,
                "ParseMessages " + version + " printed only " + want.size() + " message lines:\n"
                        + String.join("\n", theirs.lines()) + "\n" + theirs.err());
        assertEquals(0, mine.exit(), "jgwire parse-messages failed:\n" + mine.err());
        Map<String, String> names = ParseMessagesRuns.names(pcap);
        List<String> missing = ParseMessagesRuns.missing(want, mine.messageLines(), names);
        assertEquals(
                List.of(),
                missing,
                "lines of ParseMessages " + version + " missing from jgwire's output:\n"
                        + String.join("\n", mine.lines()));
        assertTrue(mine.messageLines().size() >= want.size());
    }
}
