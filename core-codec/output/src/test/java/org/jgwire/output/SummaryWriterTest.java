package org.jgwire.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/**
 * The summary line's form on records made here: escapes, the cut at the line's width, what binary payloads and the
 * transport header show. The summary of real captures, header by header, is checked against samples in the tests
 * module (SummaryLineSamplesTest).
 */
class SummaryWriterTest {
    private static final NodeAddress A = NodeAddress.uuid("74fd1e69-b671-43e7-8180-c3d4c751c4d6");
    private static final NodeAddress B = NodeAddress.uuid("8b4f7ede-1c8e-43a2-ab91-c293e1bb887a");
    private static final Endpoint UDP_A = new Endpoint("127.0.0.1", 7800), UDP_B = new Endpoint("127.0.0.1", 7801);
    private static final NameTable NAMES = new NameTable(
            List.of(new Discovery(A, "A", null, false, "discovery"), new Discovery(B, "B", null, false, "discovery")));
    /** 2026-11-22T07:08:41.638419Z */
    private static final long TS = 1_795_331_321_638_419_000L;

    private static String text(TimeFormat format, Record... records) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (SummaryWriter w = new SummaryWriter(bytes, NAMES, format, () -> TS - 2_000_000)) {
            for (Record r : records) w.write(r);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static String line(Record r) throws Exception {
        String out = text(TimeFormat.TIME, r);
        assertTrue(out.endsWith("\n") && out.indexOf('\n') == out.length() - 1, "one line: " + out);
        return out.substring(0, out.length() - 1);
    }

    private static MessageRecord.Builder message(Payload p, HeaderRecord... headers) {
        return MessageRecord.builder(new FrameInfo(12, TS, UDP_A, UDP_B, Transport.UDP))
                .decodedWith("5.5.7.Final")
                .type("BYTES")
                .src(A)
                .dest(B)
                .headers(List.of(headers))
                .payload(p);
    }

    private static HeaderRecord header(String protocol, HeaderClass c, HeaderField... fields) {
        return new HeaderRecord(1, protocol, 2, c, List.of(fields), null, 0, 10);
    }

    private static HeaderRecord tp(HeaderField... more) {
        List<HeaderField> fields = new java.util.ArrayList<>(List.of(new HeaderField("cluster_name", "c")));
        fields.addAll(List.of(more));
        return new HeaderRecord(1, "TP", 2, HeaderClass.of("TpHeader"), fields, null, 0, 10);
    }

    private static Payload ascii(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        return Payload.ofPrintableAscii(b.length, b.length, b, null, b, 0, b.length, 256);
    }

    @Test
    void aTextPayloadIsQuotedAfterItsLengthAndItsLineBreaksAndQuotesAreEscaped() throws Exception {
        String t = "say \"hi\"\nto\tall\\";
        assertEquals(
                "#12 07:08:41.638419 A \u2192 B UNICAST3 DATA seq=4 " + t.length() + "B"
                        + " \"say \\\"hi\\\"\\nto\\tall\\\\\"",
                line(message(
                                ascii(t),
                                header(
                                        "UNICAST3",
                                        HeaderClass.of("UnicastHeader3"),
                                        new HeaderField("type", "DATA"),
                                        new HeaderField("seqno", 4L)),
                                tp())
                        .build()));
    }

    @Test
    void aLongTextIsCutSoThatTheLineStaysWithinItsWidth() throws Exception {
        String t = "x".repeat(500);
        String l = line(message(ascii(t)).build());
        assertTrue(l.length() <= SummaryWriter.WIDTH, l.length() + ": " + l);
        assertTrue(l.endsWith("xxx...\""), l);
        assertTrue(l.contains(" 500B \"xxx"), l);
    }

    @Test
    void aBinaryPayloadShowsItsLengthAndNoStringsReadOutOfIt() throws Exception {
        byte[] b = {0, 1, 'o', '(', 'V', 'j', 'h', 'e', 'l', 'l', 'o', 2, 3, -1};
        Payload binary = Payload.ofBinary(b.length, b, null, b, 0, b.length, 256);
        assertFalse(binary.strings().isEmpty(), "the payload has printable runs the verbose text shows");
        assertEquals("#12 07:08:41.638419 A \u2192 B 14B", line(message(binary).build()));
    }

    @Test
    void theTransportHeaderIsLeftOutUnlessAFieldBesideTheClusterNameIsSet() throws Exception {
        String plain = line(message(Payload.EMPTY, tp(new HeaderField("flag", 0), new HeaderField("index", 0)))
                .build());
        assertEquals("#12 07:08:41.638419 A \u2192 B 0B", plain);
        String unusual = line(message(Payload.EMPTY, tp(new HeaderField("flag", 1), new HeaderField("index", 0)))
                .build());
        assertEquals("#12 07:08:41.638419 A \u2192 B TP{cluster_name=c flag=1} 0B", unusual);
    }

    @Test
    void aMulticastGoesToAllAndAnUnnamedSenderShowsItsAddress() throws Exception {
        NodeAddress x = NodeAddress.uuid("11111111-2222-3333-4444-555555555555");
        String l = line(message(Payload.EMPTY, header("FD_ALL3", HeaderClass.HEARTBEAT))
                .src(x)
                .dest(null)
                .build());
        assertEquals("#12 07:08:41.638419 " + x.id() + " \u2192 <all> FD_ALL3 heartbeat 0B", l);
    }

    @Test
    void aPayloadLeftEncryptedSaysSoAndOtherStackStepsAreLeftToVerbose() throws Exception {
        HeaderRecord encrypt = header("SYM_ENCRYPT", HeaderClass.ENCRYPT, new HeaderField("type", "ENCRYPT"));
        String kept = line(message(Payload.EMPTY, encrypt)
                .transformed(List.of("SYM_ENCRYPT: 16 bytes encrypted, not decrypted (no key given)"))
                .build());
        assertEquals("#12 07:08:41.638419 A \u2192 B SYM_ENCRYPT ENCRYPT (not decrypted) 0B", kept);
        String decrypted = line(message(Payload.EMPTY, encrypt)
                .transformed(List.of("SYM_ENCRYPT decrypted 32->16 (key version 00)"))
                .build());
        assertEquals("#12 07:08:41.638419 A \u2192 B SYM_ENCRYPT ENCRYPT 0B", decrypted);
    }

    @Test
    void anErrorNamesTheFrameEndpointsInOneLine() throws Exception {
        ErrorRecord e = new ErrorRecord(
                new FrameInfo(3, TS, UDP_A, UDP_B, Transport.UDP), ProblemKind.TRUNCATED, 12, "cut short");
        assertEquals("#3 07:08:41.638419 127.0.0.1:7800 \u2192 127.0.0.1:7801 ERROR truncated @12: cut short", line(e));
    }

    @Test
    void aBounceNamesTheQuotedDatagramsEndpointsWhyAndWhoSaidSo() throws Exception {
        BounceRecord b = new BounceRecord(
                new FrameInfo(24, TS, UDP_A, UDP_B, Transport.UDP),
                "127.0.0.1",
                false,
                BounceRecord.PORT_UNREACHABLE_V4);
        assertEquals(
                "#24 07:08:41.638419 127.0.0.1:7800 \u2192 127.0.0.1:7801 bounced: ICMP port unreachable"
                        + " from 127.0.0.1",
                line(b));
    }

    @Test
    void theTimeFormatsAreHonoured() throws Exception {
        MessageRecord m = message(Payload.EMPTY).build();
        assertTrue(text(TimeFormat.RELATIVE, m).startsWith("#12 0.002000 A "), text(TimeFormat.RELATIVE, m));
        assertTrue(text(TimeFormat.ISO, m).startsWith("#12 2026-11-22T07:08:41.638419Z A "), text(TimeFormat.ISO, m));
        assertTrue(text(TimeFormat.EPOCH, m).startsWith("#12 1795331321.638419 A "), text(TimeFormat.EPOCH, m));
    }
}
