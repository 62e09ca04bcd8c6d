package org.jgwire.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;
import org.junit.jupiter.api.Test;

/** The JSON Lines schema of docs/json-lines.md, field by field. */
class JsonLinesWriterTest {
    private static final NodeAddress A = NodeAddress.uuid("00000000-0000-0001-0000-000000000001");
    private static final NodeAddress B = NodeAddress.uuid("00000000-0000-0002-0000-000000000002");
    private static final FrameInfo FRAME = new FrameInfo(
            7,
            1_700_000_000_000_000_123L,
            new Endpoint("127.0.0.1", 7800),
            new Endpoint("228.8.8.8", 45588),
            Transport.UDP);

    private final NameTable names = new NameTable();

    private List<JsonNode> write(org.jgwire.codec.model.Record... records) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonLinesWriter w = new JsonLinesWriter(bytes, names)) {
            for (var r : records) w.write(r);
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.endsWith("\n"), "every line ends with a newline");
        // exact decimals: ts carries nanoseconds, more than a double holds
        ObjectMapper mapper = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        return text.lines()
                .map(l -> {
                    try {
                        return mapper.readTree(l);
                    } catch (Exception e) {
                        throw new AssertionError("not JSON: " + l, e);
                    }
                })
                .toList();
    }

    private static MessageRecord message(ViewInfo view) {
        return message(view, new Payload(5, "hello", "hello".getBytes(StandardCharsets.UTF_8), null));
    }

    private static MessageRecord message(ViewInfo view, Payload payload) {
        HeaderRecord nak = new HeaderRecord(
                41,
                "NAKACK2",
                78,
                HeaderClass.of("NakAckHeader2"),
                List.of(new HeaderField("type", "MSG"), new HeaderField("seqno", 5L), new HeaderField("sender", B)),
                "[MSG, seqno=5]",
                40,
                14);
        return MessageRecord.builder(FRAME)
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type("BYTES")
                .flags(1, List.of("OOB"))
                .src(A)
                .multicast(true)
                .cluster("c")
                .headers(List.of(nak))
                .payload(payload)
                .view(view)
                .range(3, 60)
                .build();
    }

    @Test
    void messageLineHasTheDocumentedFields() throws Exception {
        JsonNode m = write(message(null)).get(0);
        assertEquals("message", m.get("kind").asText());
        assertEquals(7, m.get("frame").asLong());
        assertEquals("1700000000.000000123", m.get("ts").decimalValue().toPlainString());
        assertEquals("udp", m.get("transport").asText());
        assertEquals("5.5.7", m.get("version").asText());
        assertEquals(A.id(), m.get("src").asText());
        assertTrue(m.get("dest").isNull(), "multicast dest is null");
        JsonNode h = m.get("headers").get(0);
        assertEquals("NAKACK2", h.get("protocol").asText());
        assertEquals("NakAckHeader2", h.get("header").asText());
        assertEquals("MSG", h.get("fields").get("type").asText());
        assertEquals(5, h.get("fields").get("seqno").asLong());
        assertEquals(5, m.get("payload").get("length").asInt());
        assertEquals("hello", m.get("payload").get("text").asText());
        assertEquals("68656c6c6f", m.get("payload").get("hex").asText());
        assertTrue(!m.has("view"), "no view key without a view");
    }

    /**
     * A text payload's first printable run begins with its text; the writer copies the text's escaped bytes into
     * that run instead of escaping them twice. Quotes, backslashes and tabs on both sides of where the text ends,
     * and a line break (a second run), read back as the strings the payload holds.
     */
    @Test
    void textAndPrintableRunsReadBackAsThePayloadHoldsThem() throws Exception {
        StringBuilder b = new StringBuilder("load A#1/9 ");
        for (int i = 0; b.length() < 700; i++)
            b.append(i % 7 == 0 ? '"' : i % 11 == 0 ? '\\' : i % 13 == 0 ? '\t' : 'x');
        for (String s : List.of(b.toString(), b.substring(0, 400) + "\n" + b.substring(401))) {
            byte[] bytes = s.getBytes(StandardCharsets.US_ASCII);
            for (int textLen : new int[] {-1, 0, 5, 256, 399, 400, 401}) {
                Payload p = Payload.ofPrintableAscii(
                        bytes.length, textLen, new byte[0], null, bytes, 0, bytes.length, 600, true);
                JsonNode payload = write(message(null, p)).get(0).get("payload");
                String what = "text of " + textLen + (s.contains("\n") ? ", a line break at 400" : "");
                if (p.text() == null) assertTrue(!payload.has("text"), what);
                else assertEquals(p.text(), payload.get("text").asText(), what);
                List<String> strings = new java.util.ArrayList<>();
                payload.get("strings").forEach(n -> strings.add(n.asText()));
                assertEquals(p.strings(), strings, what);
                assertTrue(p.strings().get(0).startsWith("load A#1/9 \"x"), what);
            }
        }
    }

    @Test
    void namesLearnedBeforeAreShownForAddressesAndViewMembers() throws Exception {
        names.learn(new Discovery(A, "A", null, true, "discovery"));
        names.learn(new Discovery(B, "B", null, false, "discovery"));
        ViewInfo view = new ViewInfo("VIEW", A, 3, List.of(A, B), -1, List.of(), List.of(), List.of());
        JsonNode m = write(message(view)).get(0);
        assertEquals("A", m.get("src").asText());
        assertEquals(A.id(), m.get("src_addr").asText());
        assertEquals("B", m.get("headers").get(0).get("fields").get("sender").asText());
        assertEquals("A|3", m.get("view").get("id").asText());
        assertEquals(
                List.of("A", "B"),
                List.of(
                        m.get("view").get("members").get(0).asText(),
                        m.get("view").get("members").get(1).asText()));
    }

    @Test
    void unresolvedDeltaViewShowsWhatIsKnownAndSaysSo() throws Exception {
        ViewInfo delta =
                new ViewInfo("DELTA_VIEW", A, 9, List.of(), 8, List.of(B), List.of(A), List.of()).asUnresolved();
        JsonNode v = write(message(delta)).get(0).get("view");
        assertEquals("DELTA_VIEW", v.get("kind").asText());
        assertEquals(8, v.get("ref_id").asLong());
        assertEquals(B.id(), v.get("left").get(0).asText());
        assertEquals(A.id(), v.get("joined").get(0).asText());
        assertEquals(0, v.get("members").size());
        assertTrue(v.get("unresolved").asBoolean());
    }

    @Test
    void resolvedViewHasNoUnresolvedKey() throws Exception {
        ViewInfo delta = new ViewInfo("DELTA_VIEW", A, 9, List.of(A), 8, List.of(B), List.of(), List.of());
        assertTrue(!write(message(delta)).get(0).get("view").has("unresolved"));
    }

    @Test
    void reassembledMessageEndsWithItsFragmentsPackets() throws Exception {
        MessageRecord one = message(null);
        MessageRecord whole = one.toBuilder()
                .view(null)
                .discovery(List.of())
                .reassembledFrom(List.of(3L, 5L))
                .build();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonLinesWriter w = new JsonLinesWriter(bytes, names)) {
            w.write(one);
            w.write(whole);
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(!lines.get(0).contains("reassembled_from"), "a message read from one frame has no such key");
        assertTrue(lines.get(1).endsWith("},\"reassembled_from\":[3,5]}"), lines.get(1));
    }

    @Test
    void errorLineNamesProblemAndOffset() throws Exception {
        JsonNode e = write(new ErrorRecord(FRAME, ProblemKind.TRUNCATED, 17, "frame ends inside NakAckHeader2"))
                .get(0);
        assertEquals("error", e.get("kind").asText());
        assertEquals("truncated", e.get("problem").asText());
        assertEquals(17, e.get("offset").asLong());
        assertEquals("frame ends inside NakAckHeader2", e.get("message").asText());
    }

    @Test
    void missingCaptureTimeIsNull() throws Exception {
        FrameInfo noTime = new FrameInfo(1, -1, null, null, Transport.NONE);
        JsonNode e =
                write(new ErrorRecord(noTime, ProblemKind.MALFORMED, -1, "x")).get(0);
        assertTrue(e.get("ts").isNull());
        assertEquals("none", e.get("transport").asText());
    }
}
