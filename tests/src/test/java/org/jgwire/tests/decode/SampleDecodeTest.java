package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.verify.StackRules;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every committed sample capture decodes to exactly what its cluster sent (acceptance: "assert against what the
 * test cluster actually sent"): the manifest's messages with their senders, destinations and copies, the full view,
 * no error; and in the JSON Lines of {@code jgwire decode} every chat message and view shows the members' logical
 * names.
 */
class SampleDecodeTest {
    @TempDir
    static Path work;

    @TestFactory
    Stream<DynamicTest> everySampleDecodesToWhatItsClusterSent() throws IOException {
        return Decoding.sampleCaptures().stream()
                .map(pcap -> DynamicTest.dynamicTest(
                        Decoding.samples().relativize(pcap).toString(),
                        () -> ManifestAgreement.assertDecodesToManifest(pcap)));
    }

    @TestFactory
    Stream<DynamicTest> everySampleShowsLogicalNamesInJsonLines() throws IOException {
        return Decoding.sampleCaptures().stream()
                .map(pcap -> DynamicTest.dynamicTest(
                        Decoding.samples().relativize(pcap).toString(), () -> checkJsonNames(pcap)));
    }

    private static void checkJsonNames(Path pcap) throws IOException {
        Manifest m = Manifest.read(Manifest.pathFor(pcap));
        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", pcap.toString());
        assertEquals(0, run.exit(), "exit code; stderr: " + run.err());
        Map<String, Manifest.SentMessage> sent = new HashMap<>();
        for (Manifest.SentMessage s : m.sent()) sent.put(s.text(), s);
        int chat = 0;
        JsonNode lastView = null;
        for (JsonNode n : run.messages()) {
            if (n.has("view")) lastView = n;
            String text = n.path("payload").path("text").asText(null);
            if (text == null || !sent.containsKey(text)) continue;
            chat++;
            Manifest.SentMessage s = sent.get(text);
            assertEquals(s.sender(), n.path("src").asText(), "src of '" + text + "' at frame " + n.path("frame"));
            assertEquals(m.member(s.sender()).uuid(), n.path("src_addr").asText(), "src_addr of '" + text + "'");
            if (s.multicast()) {
                assertTrue(n.path("dest").isNull(), "dest of multicast '" + text + "': " + n.path("dest"));
                assertTrue(n.path("multicast").asBoolean(), "multicast flag of '" + text + "'");
            } else {
                assertEquals(s.destination(), n.path("dest").asText(), "dest of '" + text + "'");
            }
        }
        assertEquals(
                m.sent().stream().mapToInt(s -> StackRules.expectedCopies(m, s)).sum(), chat, "chat lines");

        // Every view on the wire is one a member installed (same creator|id, same member names in order); the last
        // one in the capture is the newest of them.
        assertNotNull(lastView, "no view in the JSON Lines of " + pcap);
        long newest = -1;
        for (JsonNode n : run.messages()) {
            if (!n.has("view")) continue;
            JsonNode v = n.path("view");
            String id = v.path("id").asText();
            List<String> names = new ArrayList<>();
            v.path("members").forEach(x -> names.add(x.asText()));
            boolean installed = m.views().stream()
                    .anyMatch(iv -> (iv.creator() + "|" + iv.id()).equals(id)
                            && iv.members().equals(names));
            assertTrue(
                    installed,
                    "view " + id + " " + names + " at frame " + n.path("frame") + " was installed by no member: "
                            + m.views());
            newest = Math.max(newest, Long.parseLong(id.substring(id.indexOf('|') + 1)));
        }
        String lastId = lastView.path("view").path("id").asText();
        assertEquals(newest, Long.parseLong(lastId.substring(lastId.indexOf('|') + 1)), "last view in the capture");
        assertFalse(lastView.path("view").path("members").isEmpty(), "last view's members");
    }
}
