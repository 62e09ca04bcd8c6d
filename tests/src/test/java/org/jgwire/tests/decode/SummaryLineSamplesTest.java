package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.jgwire.codec.cluster.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jgwire decode}'s default text, one summary line per record, on committed samples: each line is read beside the
 * same record's JSON object (the decoder's reading of the bytes) and the sample's manifest (what the members said they
 * did), never beside the summary code's own output. {@code -V} keeps the full text.
 */
class SummaryLineSamplesTest {
    @TempDir
    Path work;

    /** A record's summary line and its JSON object. */
    private record Line(String text, JsonNode json) {}

    private List<Line> decode(Path sample, String... options) throws IOException {
        List<String> text = new ArrayList<>(List.of("decode", "-q")), json = new ArrayList<>(text);
        text.addAll(List.of(options));
        json.addAll(List.of(options));
        json.addAll(List.of("-f", "jsonl"));
        text.add(sample.toString());
        json.add(sample.toString());
        Decoding.Run t = Decoding.cli(work, text.toArray(String[]::new));
        Decoding.Run j = Decoding.cli(work, json.toArray(String[]::new));
        assertEquals(0, t.exit(), t.err());
        List<String> lines = t.out().lines().toList();
        List<JsonNode> records = j.json();
        assertEquals(records.size(), lines.size(), "one line per record: " + t.out());
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) out.add(new Line(lines.get(i), records.get(i)));
        return out;
    }

    /** Calls {@code check} with each header of {@code protocol} and its record's line; returns how many. */
    private static int eachHeader(List<Line> lines, String protocol, BiConsumer<JsonNode, Line> check) {
        int n = 0;
        for (Line l : lines)
            for (JsonNode h : l.json().path("headers"))
                if (h.path("protocol").asText().equals(protocol)) {
                    check.accept(h.path("fields"), l);
                    n++;
                }
        return n;
    }

    private static Manifest manifest(Path sample) throws IOException {
        return Manifest.read(Manifest.pathFor(sample));
    }

    @Test
    void aViewLineNamesTheCoordinatorAndTheMemberCountOfTheViewTheMembersInstalled() throws IOException {
        Path sample = Decoding.sample("5.5.7", "udp");
        Manifest m = manifest(sample);
        int views = 0;
        List<Line> lines = decode(sample);
        for (Line l : lines) {
            JsonNode v = l.json().path("view");
            if (v.isMissingNode()) continue;
            String id = v.path("id").asText();
            Manifest.InstalledView installed = m.views().stream()
                    .filter(iv -> (iv.creator() + "|" + iv.id()).equals(id))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("view " + id + " installed by no member: " + l.text()));
            String shown = "[" + installed.creator() + "|" + installed.id() + "] ("
                    + installed.members().size() + ")";
            assertTrue(l.text().contains(shown), "wants " + shown + ": " + l.text());
            views++;
        }
        // A|1 (A, B), A|2 (A, B, C), A|3 (A, B), A|4 (A): the VIEW messages and the JOIN_RSPs that carry them
        assertTrue(views >= 4, views + " views");
        assertTrue(
                lines.stream().anyMatch(l -> l.text().contains("A \u2192 <all> GMS DELTA_VIEW [A|2] (3) +C")),
                "the delta view that adds C, multicast by A (the manifest's A|2 is A, B, C after A|1 of A, B)");
    }

    @Test
    void aTextPayloadShowsItsTextBetweenItsSenderAndDestinationByName() throws IOException {
        Path sample = Decoding.sample("5.5.7", "udp");
        List<Line> lines = decode(sample);
        List<Manifest.SentMessage> sent = manifest(sample).sent();
        assertFalse(sent.isEmpty());
        for (Manifest.SentMessage s : sent) {
            String quoted = "\"" + s.text() + "\"";
            List<Line> with =
                    lines.stream().filter(l -> l.text().contains(quoted)).toList();
            assertFalse(with.isEmpty(), quoted + " on no line");
            String ends = s.sender() + " \u2192 " + (s.multicast() ? "<all>" : s.destination()) + " ";
            for (Line l : with) {
                assertTrue(l.text().contains(" " + ends), "wants " + ends + ": " + l.text());
                assertTrue(l.text().endsWith(" " + s.text().length() + "B " + quoted), l.text());
            }
        }
    }

    @Test
    void aBinaryPayloadShowsNoQuotedString() throws IOException {
        int binary = 0;
        for (Line l : decode(Decoding.sample("5.5.7", "udp"))) {
            JsonNode p = l.json().path("payload");
            if (p.has("text") || p.path("strings").isEmpty()) continue;
            // printable runs the verbose text quotes ("o(Vj" out of a UUID): none in the summary
            assertFalse(l.text().contains("\""), l.text());
            assertTrue(l.text().endsWith(" " + p.path("length").asInt() + "B"), l.text());
            binary++;
        }
        assertTrue(binary > 0, "the sample has binary payloads with printable runs");
    }

    @Test
    void seqnosOfNakackAndUnicastShowAsSeq() throws IOException {
        List<Line> lines = decode(Decoding.sample("5.5.7", "udp"));
        BiConsumer<JsonNode, Line> check = (f, l) -> {
            String want = f.path("type").asText() + " seq=" + f.path("seqno").asLong();
            assertTrue(l.text().contains(want), "wants " + want + ": " + l.text());
        };
        assertTrue(eachHeader(lines, "NAKACK2", (f, l) -> check.accept(f, l)) > 0);
        assertTrue(eachHeader(lines, "UNICAST3", (f, l) -> check.accept(f, l)) > 0);
    }

    @Test
    void discoveryMergeAndHeartbeatsShowTheirTypes() throws IOException {
        List<Line> lines = decode(Decoding.sample("5.5.7", "udp", "partition-merge"));
        for (String p : List.of("PING", "MERGE3", "GMS"))
            assertTrue(
                    eachHeader(lines, p, (f, l) -> {
                                String type = f.path("type").asText();
                                assertTrue(
                                        l.text().contains(p + " " + type)
                                                || l.text().contains(p + " MERGE_VIEW")
                                                || l.text().contains(p + " DELTA_VIEW"),
                                        "wants " + p + " " + type + ": " + l.text());
                            })
                            > 0,
                    p);
        assertTrue(eachHeader(lines, "FD_ALL3", (f, l) -> assertTrue(l.text().contains("FD_ALL3 heartbeat"), l.text()))
                > 0);
    }

    @Test
    void rpcsShowTheirRequestAndResponseIds() throws IOException {
        Path sample = Decoding.sample("5.5.7", "udp", "rpc");
        List<Line> lines = decode(sample);
        int rpcs = eachHeader(lines, "RequestCorrelator", (f, l) -> {
            String want =
                    "RPC " + f.path("type").asText() + " id=" + f.path("req_id").asLong();
            assertTrue(l.text().contains(want), "wants " + want + ": " + l.text());
        });
        long requests =
                lines.stream().filter(l -> l.text().contains("RPC REQ id=")).count();
        assertTrue(requests >= manifest(sample).rpcCalls().size(), requests + " requests: " + rpcs);
    }

    @Test
    void fragmentsShowTheirPartAndAReassembledMessageItsFragmentCount() throws IOException {
        Path sample = Decoding.sample("5.5.7", "udp", "large");
        int parts = eachHeader(decode(sample, "--no-reassemble"), "FRAG4", (f, l) -> {
            String want = "frag " + (f.path("frag_id").asInt() + 1) + "/"
                    + f.path("num_frags").asInt();
            assertTrue(l.text().contains(want), "wants " + want + ": " + l.text());
        });
        assertTrue(parts > 0);
        int whole = 0;
        for (Line l : decode(sample)) {
            JsonNode from = l.json().path("reassembled_from");
            if (from.isMissingNode()) continue;
            assertTrue(l.text().contains("(" + from.size() + " fragments)"), l.text());
            whole++;
        }
        assertEquals(manifest(sample).largeSent().size() > 0, whole > 0, "the large messages sent");
    }

    @Test
    void theTransportHeaderIsLeftOutAndLinesStayShort() throws IOException {
        Path sample = Decoding.sample("5.5.7", "udp");
        String cluster = manifest(sample).cluster();
        for (Line l : decode(sample)) {
            assertFalse(l.text().contains("TP{") || l.text().contains(cluster), l.text());
            assertTrue(l.text().length() <= 120, l.text().length() + ": " + l.text());
        }
    }

    @Test
    void gossipRouterRegistrationsNameTheMemberAndTheGroupFromTheRoutersEndpoints() throws IOException {
        Path sample = Decoding.sample("5.5.7", "tunnel");
        Manifest m = manifest(sample);
        int registrations = 0;
        for (Line l : decode(sample)) {
            JsonNode g = l.json();
            if (!g.path("kind").asText().equals("gossip")
                    || !g.path("type").asText().equals("REGISTER")) continue;
            String member = g.path("addr").asText();
            String want = g.path("src_ep").asText() + " \u2192 "
                    + g.path("dst_ep").asText() + " GOSSIP REGISTER group=" + m.cluster() + " " + member;
            assertEquals(want, l.text().substring(l.text().indexOf(' ', l.text().indexOf(' ') + 1) + 1));
            assertFalse(l.text().contains(m.member(member).uuid()), l.text());
            registrations++;
        }
        assertEquals(m.members().size(), registrations, "one registration per member");
    }

    @Test
    void verboseIsTheFullTextWithEveryHeaderField() throws IOException {
        Path sample = Decoding.sample("5.5.7", "udp");
        String cluster = manifest(sample).cluster();
        for (String v : List.of("-V", "--verbose")) {
            Decoding.Run run = Decoding.cli(work, "decode", "-q", v, sample.toString());
            assertEquals(0, run.exit(), run.err());
            assertTrue(run.out().lines().allMatch(l -> l.contains("TP{cluster_name=" + cluster)), v + ": " + run.out());
        }
    }
}
