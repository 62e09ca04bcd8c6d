package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The jgroups-raft sample (a real cluster of the raft jar on JGroups 5.5.7: an election, log entries replicated
 * through the leader, the leader stopped and a new one elected): the plugin, generated with the bundled jgroups-raft
 * jars, lays out every RAFT, ELECTION and REDIRECT header with the fields the decoder reads from the same bytes.
 */
class PluginOnRaftSampleTest {
    private static final Set<String> RAFT_PROTOCOLS = Set.of("RAFT", "ELECTION", "ELECTION2", "REDIRECT", "CLIENT");

    @Test
    void pluginLaysOutEveryRaftHeaderWithTheFieldsTheDecoderReads() throws Exception {
        Path sample = Decoding.samples().resolve("5.5.7").resolve("raft-election.pcapng");
        Assumptions.assumeTrue(
                Files.isRegularFile(sample),
                "skipped: the jgroups-raft sample " + sample + " is not in this checkout (it comes with the sample"
                        + " captures of jgroups-raft clusters)");
        // the same messages, headers and field values as the decoder, no Lua error, nothing malformed
        PluginMatchesDecoderTest.compare(sample);

        Map<String, Integer> decoded = new TreeMap<>(), dissected = new TreeMap<>();
        Path work = Files.createTempDirectory("jgwire-raft");
        for (JsonNode r : Decoding.cli(work, "decode", "--format", "jsonl", "--no-reassemble", sample.toString())
                .json())
            for (JsonNode h : r.path("headers"))
                if (RAFT_PROTOCOLS.contains(h.path("protocol").asText()))
                    decoded.merge(
                            h.path("protocol").asText() + " " + h.path("header").asText(), 1, Integer::sum);
        Map<String, Set<String>> fieldsByHeader = new TreeMap<>();
        for (JsonNode p : GeneratedPlugin.tsharkJson(sample))
            for (JsonNode h : headers(p.path("_source").path("layers"))) {
                String protocol = h.path("jgroups.hdr.protocol").asText();
                if (!RAFT_PROTOCOLS.contains(protocol)) continue;
                String c = h.path("jgroups.hdr.class").asText();
                String key = protocol + " " + c.substring(Math.max(c.lastIndexOf('.'), c.lastIndexOf('$')) + 1);
                dissected.merge(key, 1, Integer::sum);
                Set<String> fields = fieldsByHeader.computeIfAbsent(key, k -> new TreeSet<>());
                h.fieldNames().forEachRemaining(f -> {
                    if (f.startsWith("jgroups.") && !f.startsWith("jgroups.hdr.")) fields.add(f);
                });
            }
        assertEquals(decoded, dissected, "raft headers: decoder vs plugin");
        for (String h : List.of(
                "RAFT AppendEntriesRequest",
                "RAFT AppendEntriesResponse",
                "ELECTION VoteRequest",
                "ELECTION VoteResponse",
                "ELECTION LeaderElected",
                "REDIRECT RedirectHeader")) assertTrue(decoded.containsKey(h), h + " is in the sample: " + decoded);
        fieldsByHeader.forEach((h, fields) -> assertTrue(!fields.isEmpty(), h + " is shown without fields"));
        assertEquals(
                Set.of(
                        "jgroups.appendentriesrequest.curr_term",
                        "jgroups.appendentriesrequest.leader",
                        "jgroups.appendentriesrequest.entry_term",
                        "jgroups.appendentriesrequest.prev_log_index",
                        "jgroups.appendentriesrequest.prev_log_term",
                        "jgroups.appendentriesrequest.leader_commit"),
                fieldsByHeader.get("RAFT AppendEntriesRequest"),
                "AppendEntriesRequest's fields as display filters");
    }

    /** Every header tree of every message of a packet, wrapped ones included. */
    private static List<JsonNode> headers(JsonNode layers) {
        List<JsonNode> out = new ArrayList<>();
        collect(layers, out);
        return out;
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isObject())
            n.fields().forEachRemaining(e -> {
                if (e.getKey().equals("jgroups.hdr")) out.addAll(GeneratedPlugin.many(e.getValue()));
                else collect(e.getValue(), out);
            });
        else if (n.isArray()) n.forEach(c -> collect(c, out));
    }
}
