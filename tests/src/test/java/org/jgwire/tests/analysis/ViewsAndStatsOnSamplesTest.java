package org.jgwire.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code jgwire views} and {@code jgwire stats} on the sample chat captures of real clusters: the views the members
 * installed (the manifest) are the views the timeline shows, the members that left gracefully leave, nobody
 * crashes; every member's traffic is counted and the reliable protocols lost nothing.
 */
class ViewsAndStatsOnSamplesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path work;

    @ParameterizedTest
    @CsvSource({
        "3.6.20,udp",
        "3.6.20,tcp",
        "3.6.20,tunnel",
        "4.2.30,udp",
        "4.2.30,tcp",
        "4.2.30,tunnel",
        "5.5.7,udp",
        "5.5.7,tcp",
        "5.5.7,tunnel"
    })
    void viewsShowTheViewsTheMembersInstalledAndTheirLeaves(String version, String stack) throws IOException {
        Path pcap = Decoding.sample(version, stack);
        Manifest m = Manifest.read(Manifest.pathFor(pcap));
        Decoding.Run run = Decoding.cli(work, "views", "--format", "json", pcap.toString());
        assertEquals(0, run.exit(), run.err());
        JsonNode events = JSON.readTree(run.out()).get("events");

        // views installed by more than one member went over the wire (a member's first view of itself does not)
        Set<String> expected = new LinkedHashSet<>();
        for (Manifest.InstalledView v : m.views())
            if (v.members().size() > 1) expected.add(v.creator() + "|" + v.id() + " " + v.members());
        Set<String> shown = new LinkedHashSet<>();
        List<String> left = new ArrayList<>();
        for (JsonNode e : events) {
            String kind = e.get("event").asText();
            assertFalse(
                    Set.of("crash", "removed", "suspect", "merge").contains(kind), "chat has no " + kind + ": " + e);
            if (kind.equals("view")) shown.add(e.get("view").asText() + " " + names(e.get("members")));
            if (kind.equals("leave")) left.addAll(names(e.get("subjects")));
        }
        assertTrue(shown.containsAll(expected), "views " + shown + " lack some of " + expected);

        // who left: members of an installed view missing from the creator's next one (the manifest's order)
        List<String> leavers = new ArrayList<>();
        List<Manifest.InstalledView> byCreator =
                m.views().stream().filter(v -> v.member().equals(v.creator())).toList();
        for (int i = 1; i < byCreator.size(); i++)
            for (String member : byCreator.get(i - 1).members())
                if (!byCreator.get(i).members().contains(member)) leavers.add(member);
        assertEquals(leavers, left, "leave events");
    }

    @ParameterizedTest
    @CsvSource({"3.6.20,tcp", "4.2.30,udp", "5.5.7,udp", "5.5.7,tunnel"})
    void statsCountEveryMembersTrafficAndNoLoss(String version, String stack) throws IOException {
        Path pcap = Decoding.sample(version, stack);
        Manifest m = Manifest.read(Manifest.pathFor(pcap));
        Decoding.Run run = Decoding.cli(work, "stats", "--format", "json", pcap.toString());
        assertEquals(0, run.exit(), run.err());
        JsonNode s = JSON.readTree(run.out());
        Set<String> members = new HashSet<>();
        long sum = 0;
        for (JsonNode mem : s.get("members")) {
            members.add(mem.get("member").asText());
            sum += mem.get("messages").asLong();
            assertTrue(mem.get("bytes").asLong() > 0, mem.toString());
        }
        for (Manifest.Member mm : m.members()) assertTrue(members.contains(mm.name()), mm.name() + " in " + members);
        assertTrue(sum <= s.get("messages").asLong());
        assertEquals(0, s.get("rpc").get("requests").asLong());
        for (JsonNode r : s.get("reliability")) {
            if (r.get("protocol").asText().equals("STABLE")) continue;
            assertEquals(0, r.get("still_missing").asLong(), "loopback loses nothing: " + r);
            assertEquals(0, r.get("gaps").asLong(), r.toString());
        }
        long perSecond = 0;
        for (JsonNode p : s.get("per_second")) perSecond += p.get("messages").asLong();
        assertEquals(s.get("messages").asLong(), perSecond, "every message in a second");

        Decoding.Run text = Decoding.cli(work, "stats", pcap.toString());
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("Members (by bytes sent)") && text.out().contains("Reliability"), text.out());
    }

    /** The TCP directions stats says ended, per way, are the decode's stream-end lines (checked against tshark). */
    @ParameterizedTest
    @CsvSource({"5.5.7,tcp", "3.6.20,tunnel", "5.5.7,udp"})
    void statsCountTheStreamEndsOfTheDecode(String version, String stack) throws IOException {
        Path pcap = Decoding.sample(version, stack);
        Decoding.Run decode = Decoding.cli(work, "decode", "--format", "jsonl", pcap.toString());
        assertEquals(0, decode.exit(), decode.err());
        Map<String, Long> expected = new TreeMap<>();
        for (JsonNode n : decode.json())
            if (n.path("kind").asText().equals("stream-end"))
                expected.merge(n.path("how").asText(), 1L, Long::sum);
        assertEquals(stack.equals("udp"), expected.isEmpty(), "TCP samples end streams: " + expected);

        Decoding.Run run = Decoding.cli(work, "stats", "--format", "json", pcap.toString());
        assertEquals(0, run.exit(), run.err());
        Map<String, Long> counted = new TreeMap<>();
        JSON.readTree(run.out())
                .get("stream_ends")
                .fields()
                .forEachRemaining(e -> counted.put(e.getKey(), e.getValue().asLong()));
        assertEquals(expected, counted);

        Decoding.Run text = Decoding.cli(work, "stats", pcap.toString());
        assertEquals(0, text.exit(), text.err());
        long total = expected.values().stream().mapToLong(Long::longValue).sum();
        assertEquals(total > 0, text.out().contains("TCP directions ended: " + total + " ("), text.out());
    }

    private static List<String> names(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
