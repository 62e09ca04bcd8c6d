package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --fields prints the filter language's fields as columns; views and stats take --filter and --progress. */
class CommandLineFieldsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    private final Path udp = Decoding.sample("5.5.7", "udp");

    @Test
    void fieldsPrintsTabSeparatedColumnsOfTheJsonValues() throws IOException {
        List<JsonNode> records =
                Decoding.cli(work, "decode", "-f", "jsonl", udp.toString()).json();
        Decoding.Run run = Decoding.cli(
                work, "decode", "--fields", "frame,src,dest,gms.type,payload.length,jgroups.gms.type", udp.toString());
        assertEquals(0, run.exit(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(records.size(), lines.size());
        int views = 0;
        for (int i = 0; i < lines.size(); i++) {
            String[] c = lines.get(i).split("\t", -1);
            JsonNode r = records.get(i);
            assertEquals(6, c.length, lines.get(i));
            assertEquals(r.path("frame").asText(), c[0]);
            assertEquals(r.path("src").asText(), c[1]);
            assertEquals(r.path("dest").isNull() ? "" : r.path("dest").asText(), c[2]);
            assertEquals(gmsType(r), c[3], lines.get(i));
            assertEquals(c[3], c[5], "gms.type and jgroups.gms.type are one field");
            assertEquals(r.path("payload").path("length").asText(), c[4]);
            if (c[3].equals("VIEW")) views++;
        }
        assertTrue(views > 0, run.out());
    }

    private static String gmsType(JsonNode r) {
        for (JsonNode h : r.path("headers"))
            if (h.path("protocol").asText().equals("GMS"))
                return h.path("fields").path("type").asText();
        return "";
    }

    @Test
    void fieldsKeepOnlyWhatTheFilterKeeps() throws IOException {
        Decoding.Run run =
                Decoding.cli(work, "decode", "--filter", "gms.type == VIEW", "--fields", "gms.type", udp.toString());
        assertTrue(!run.out().isEmpty() && run.out().lines().allMatch(l -> l.equals("VIEW")), run.out());
    }

    @Test
    void anUnknownFieldIsAUsageErrorWithTheNearestName() throws IOException {
        Decoding.Run run = Decoding.cli(work, "decode", "--fields", "src,gms.tpye", udp.toString());
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("bad --fields") && run.err().contains("did you mean 'type'"), run.err());
    }

    @Test
    void fieldsDoNotCombineWithJson() throws IOException {
        Decoding.Run run = Decoding.cli(work, "decode", "-f", "json", "--fields", "src", udp.toString());
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("--fields"), run.err());
    }

    @Test
    void statsCountOnlyTheMessagesTheFilterKeeps() throws IOException {
        long fromA = Decoding.cli(work, "decode", "-f", "jsonl", "--filter", "src == A", udp.toString())
                .messages()
                .size();
        Decoding.Run stats = Decoding.cli(work, "stats", "-f", "json", "--filter", "src == A", udp.toString());
        Decoding.Run all = Decoding.cli(work, "stats", "-f", "json", udp.toString());
        assertEquals(0, stats.exit(), stats.err());
        JsonNode filtered = JSON.readTree(stats.out());
        assertEquals(fromA, filtered.path("messages").asLong(), stats.out());
        assertTrue(fromA < JSON.readTree(all.out()).path("messages").asLong());
        assertEquals(1, filtered.path("members").size(), stats.out());
    }

    @Test
    void viewsShowOnlyEventsOfTheRecordsTheFilterKeeps() throws IOException {
        Decoding.Run all = Decoding.cli(work, "views", "-f", "json", udp.toString());
        Decoding.Run late = Decoding.cli(work, "views", "-f", "json", "--filter", "frame > 30", udp.toString());
        assertEquals(0, late.exit(), late.err());
        JsonNode events = JSON.readTree(late.out()).path("events");
        assertTrue(
                events.size() > 0
                        && events.size()
                                < JSON.readTree(all.out()).path("events").size(),
                late.out());
        for (JsonNode e : events) assertTrue(e.path("frame").asInt() > 30, e.toString());
    }

    @Test
    void viewsAndStatsTakeProgressAndABadFilterIsAUsageError() throws IOException {
        for (String command : new String[] {"views", "stats"}) {
            Decoding.Run quiet = Decoding.cli(work, command, "--no-progress", udp.toString());
            assertEquals(0, quiet.exit(), quiet.err());
            assertTrue(!quiet.err().contains("packets read"), quiet.err());
            assertEquals(
                    0, Decoding.cli(work, command, "--progress", udp.toString()).exit());
            Decoding.Run bad = Decoding.cli(work, command, "--filter", "gms.tpye == VIEW", udp.toString());
            assertEquals(2, bad.exit(), command);
            assertTrue(bad.err().contains("did you mean 'type'"), bad.err());
        }
    }
}
