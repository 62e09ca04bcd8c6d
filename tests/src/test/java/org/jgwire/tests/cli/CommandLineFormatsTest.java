package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -f/--format takes text, jsonl and json on every command, in any case. */
class CommandLineFormatsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    private final Path udp = Decoding.sample("5.5.7", "udp");

    @Test
    void decodeJsonIsOneArrayOfTheJsonLinesRecords() throws IOException {
        Decoding.Run lines = Decoding.cli(work, "decode", "-f", "jsonl", udp.toString());
        Decoding.Run array = Decoding.cli(work, "decode", "-f", "JSON", udp.toString());
        assertEquals(0, array.exit(), array.err());
        JsonNode doc = JSON.readTree(array.out());
        assertTrue(doc.isArray(), array.out());
        List<JsonNode> elements = new ArrayList<>();
        doc.forEach(elements::add);
        assertEquals(lines.json(), elements);
        assertTrue(elements.size() > 10);
    }

    @Test
    void decodeJsonOfNothingIsAnEmptyArray() throws IOException {
        Decoding.Run none = Decoding.cli(work, "decode", "-f", "json", "--filter", "frame < 0", udp.toString());
        assertEquals("[]\n", none.out());
    }

    @Test
    void statsAndViewsJsonlAreTheirJsonDocumentOnOneLine() throws IOException {
        for (String command : new String[] {"stats", "views"}) {
            Decoding.Run doc = Decoding.cli(work, command, "-f", "json", udp.toString());
            Decoding.Run line = Decoding.cli(work, command, "-f", "JSONL", udp.toString());
            assertEquals(0, line.exit(), line.err());
            assertEquals(1, line.out().lines().count(), line.out());
            assertTrue(doc.out().lines().count() > 1, doc.out());
            assertEquals(JSON.readTree(doc.out()), JSON.readTree(line.out()), command);
        }
    }

    @Test
    void versionListsTheBundledJGroupsJars() throws IOException {
        Decoding.Run v = Decoding.cli(work, "--version");
        assertTrue(
                v.out().contains("JGroups (bundled): 3.6.20.Final,") && v.out().contains("5.5.7.Final"), v.out());
    }
}
