package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jgwire decode --filter} on a real capture: the lines kept are exactly the lines of the unfiltered run that
 * satisfy the condition, checked on the unfiltered JSON (not with the filter's own code), names included.
 */
class DecodeFilterTest {
    @TempDir
    static Path work;

    private static Path udp;
    private static List<String> all;

    @BeforeAll
    static void unfiltered() throws IOException {
        udp = Decoding.sample("5.5.7", "udp");
        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", udp.toString());
        assertEquals(0, run.exit(), run.err());
        all = run.json().stream().map(JsonNode::toString).toList();
        assertTrue(all.size() > 20, "sample too small: " + all.size());
    }

    private static List<String> filtered(String expression) throws IOException {
        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", "--filter", expression, udp.toString());
        assertEquals(0, run.exit(), run.err());
        return run.json().stream().map(JsonNode::toString).toList();
    }

    private static List<String> unfilteredWhere(Predicate<JsonNode> p) {
        return all.stream().filter(line -> p.test(read(line))).toList();
    }

    private static JsonNode read(String line) {
        try {
            return new ObjectMapper().readTree(line);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean hasHeader(JsonNode m, String protocol, String field, String value) {
        for (JsonNode h : m.path("headers"))
            if (h.path("protocol").asText().equals(protocol)
                    && h.path("fields").path(field).asText().equals(value)) return true;
        return false;
    }

    @Test
    void keepsExactlyTheViewMessages() throws IOException {
        List<String> want = unfilteredWhere(m -> hasHeader(m, "GMS", "type", "VIEW"));
        assertFalse(want.isEmpty(), "the sample has views");
        assertEquals(want, filtered("gms.type == VIEW"));
    }

    @Test
    void membersMatchByLogicalNameAndLaterLinesStillShowNames() throws IOException {
        List<String> want = unfilteredWhere(m -> m.path("src").asText().equals("B")
                || m.path("payload").path("text").asText().contains("to all"));
        assertFalse(want.isEmpty());
        // the discovery messages that teach the names are filtered out, yet the kept lines show "A", "B", "C"
        assertEquals(want, filtered("src == \"B\" || payload.text contains \"to all\""));
    }

    @Test
    void combinedConditionsOverHeaderFieldsAndFrames() throws IOException {
        List<String> want = unfilteredWhere(m -> hasHeader(m, "NAKACK2", "type", "MSG")
                && m.path("headers").findValues("seqno").stream().anyMatch(s -> s.asLong() >= 2)
                && m.path("frame").asLong() > 10);
        assertFalse(want.isEmpty());
        assertEquals(want, filtered("nakack2.type == MSG && nakack2.seqno >= 2 && frame > 10"));
    }

    @Test
    void badExpressionIsAUsageErrorWithACaretUnderThePosition() throws IOException {
        Decoding.Run run = Decoding.cli(work, "decode", "--filter", "gms.type == VIEW || nakak2", udp.toString());
        assertEquals(2, run.exit());
        String err = run.err();
        assertTrue(err.contains("bad --filter: unknown field or protocol 'nakak2' (did you mean 'NAKACK2'?)"), err);
        assertTrue(err.contains("  gms.type == VIEW || nakak2\n                      ^"), err);
    }

    /** A value typo would select nothing with exit 0; it is a usage error in decode and in the analyses alike. */
    @Test
    void misspeltValueIsAUsageErrorWithTheNearestName() throws IOException {
        for (String command : List.of("decode", "views", "stats", "diagnose")) {
            Decoding.Run run = Decoding.cli(work, command, "--filter", "gms.type == VEIW", udp.toString());
            assertEquals(2, run.exit(), command + ": " + run.err());
            assertTrue(run.err().contains("unknown value 'VEIW' of GMS.type (did you mean 'VIEW'?)"), run.err());
            assertTrue(run.err().contains("  gms.type == VEIW\n              ^"), run.err());
            assertEquals("", run.out(), command);
        }
    }
}
