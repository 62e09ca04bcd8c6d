package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jgwire.codec.cluster.Manifest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The captures of clusters whose stacks transform messages (samples/stack: COMPRESS, SEQUENCER, for 3.6, 4.x and 5.x)
 * decode with no error record, show what each protocol did, and agree with what their clusters sent.
 */
class StackStepSamplesTest {
    @TempDir
    static Path work;

    private static List<Path> captures(String name) throws IOException {
        List<Path> out = new ArrayList<>();
        for (String v : List.of("3.6.20", "4.2.30", "5.5.7")) {
            Path p = Decoding.samples().resolve("stack").resolve(v).resolve(name + ".pcapng");
            assertTrue(Files.isRegularFile(p), "sample missing: " + p);
            out.add(p);
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> compressedMessagesAreInflatedToWhatTheMembersDelivered() throws IOException {
        return captures("compress-large").stream()
                .map(p -> DynamicTest.dynamicTest(p.toString(), () -> {
                    Decoding.Run run = decodeWithoutErrors(p);
                    int inflated = 0;
                    for (JsonNode n : run.messages()) {
                        if (!n.has("transformed")) continue;
                        String step = n.path("transformed").get(0).asText();
                        assertTrue(step.matches("COMPRESS inflated \\d+->\\d+"), step);
                        assertTrue(n.path("payload").path("length").asInt() >= 100_000, n.toString());
                        assertTrue(n.path("wire_payload").path("length").asInt() < 1000, n.toString());
                        inflated++;
                    }
                    assertTrue(inflated >= 3, "inflated messages: " + inflated);
                    verify(p);
                }));
    }

    @TestFactory
    Stream<DynamicTest> sequencedMulticastsAreUnwrappedIntoTheChatMessages() throws IOException {
        return captures("sequencer-chat").stream()
                .map(p -> DynamicTest.dynamicTest(p.toString(), () -> {
                    Decoding.Run run = decodeWithoutErrors(p);
                    int unwrapped = 0;
                    for (JsonNode n : run.messages()) {
                        if (!n.has("transformed")) continue;
                        assertTrue(
                                n.path("transformed").get(0).asText().startsWith("SEQUENCER unwrapped from "),
                                n.toString());
                        assertTrue(n.path("payload").path("text").asText().startsWith("chat "), n.toString());
                        assertTrue(n.path("dest").isNull(), n.toString());
                        unwrapped++;
                    }
                    assertTrue(unwrapped >= 6, "unwrapped messages: " + unwrapped);
                    verify(p);
                }));
    }

    @TestFactory
    Stream<DynamicTest> statsCountASequencedMessageAsItsCarrierOnly() throws IOException {
        return captures("sequencer-chat").stream()
                .map(p -> DynamicTest.dynamicTest(p.toString(), () -> {
                    Decoding.Run run = decodeWithoutErrors(p);
                    int all = 0, unwrapped = 0;
                    for (JsonNode n : run.messages()) {
                        all++;
                        if (n.has("transformed")) unwrapped++;
                    }
                    assertTrue(unwrapped >= 6, "unwrapped messages: " + unwrapped);
                    Decoding.Run stats = Decoding.cli(work, "stats", "--format", "json", p.toString());
                    assertEquals(0, stats.exit(), stats.err());
                    JsonNode json = new ObjectMapper().readTree(stats.out());
                    assertEquals(all - unwrapped, json.path("messages").asInt(), stats.out());
                }));
    }

    /**
     * An 8-member cluster whose FRAG2 (frag_size 100) sits below GMS (samples/stack/frag2-view5.xml): the JOIN_RSPs of
     * the later joiners travel in fragments; each reassembled one shows its view, as a member installed it.
     */
    @Test
    void viewsSplitByFragAreDecodedFromTheReassembledPayload() throws IOException {
        Path p = Decoding.samples().resolve("stack/5.5.7/frag2-view-chat.pcapng");
        Manifest m = Manifest.read(Manifest.pathFor(p));
        Set<String> installed = new HashSet<>();
        for (Manifest.InstalledView v : m.views()) installed.add(v.creator() + "|" + v.id() + " " + v.members());
        Decoding.Run run = decodeWithoutErrors(p);
        int views = 0;
        for (JsonNode n : run.messages()) {
            if (!n.has("reassembled_from") || !n.path("headers").toString().contains("\"protocol\":\"GMS\"")) continue;
            JsonNode view = n.path("view");
            List<String> members = new ArrayList<>();
            view.path("members").forEach(x -> members.add(x.asText()));
            assertTrue(installed.contains(view.path("id").asText() + " " + members), n + " in " + installed);
            assertTrue(n.path("reassembled_from").size() >= 2, n.toString());
            views++;
        }
        assertTrue(views >= 3, "views reassembled: " + views);
        verify(p);
    }

    private static Decoding.Run decodeWithoutErrors(Path p) throws IOException {
        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", p.toString());
        assertEquals(0, run.exit(), "exit code; stderr: " + run.err());
        assertEquals(List.of(), run.errors());
        return run;
    }

    private static void verify(Path p) throws IOException {
        Decoding.Run run = Decoding.cli(work, "verify", p.toString());
        assertEquals(0, run.exit(), run.out() + run.err());
    }
}
