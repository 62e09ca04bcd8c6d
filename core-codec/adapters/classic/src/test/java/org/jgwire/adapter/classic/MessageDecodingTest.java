package org.jgwire.adapter.classic;

import static org.jgwire.adapter.classic.Decoded.FRAME;
import static org.jgwire.adapter.classic.Decoded.id;
import static org.jgwire.adapter.classic.Decoded.message;
import static org.jgwire.adapter.classic.Decoded.transport;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.NakAckHeader2;
import org.jgroups.protocols.relay.SiteMaster;
import org.jgroups.protocols.relay.SiteUUID;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.ExtendedUUID;
import org.jgroups.util.UUID;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.runtime.WireAdapter;
import org.junit.jupiter.api.Test;

class MessageDecodingTest {
    private final Address a = UUID.randomUUID(), b = UUID.randomUUID();

    @Test
    void headerTextsAreLeftOutWhenNotWantedAndTheFieldsStayTheSame() throws Exception {
        Message msg = new Message(b, "x".getBytes(StandardCharsets.UTF_8));
        msg.setSrc(a);
        byte[] frame = Frames.single(msg, "demo", false);
        HeaderRecord kept = message(transport(frame).get(0)).headers().get(0);
        assertEquals(new TpHeader("demo").toString(), kept.text());
        WireAdapter without =
                TestFamily.adapter(Limits.builder().headerTexts(false).build());
        for (int i = 0; i < 2; i++) { // the second time, the body repeats: the adapter's memo answers
            HeaderRecord left = message(without.decode(FrameKind.TRANSPORT, frame, 0, frame.length, FRAME)
                            .get(0))
                    .headers()
                    .get(0);
            assertNull(left.text());
            assertEquals(kept.fields(), left.fields());
        }
    }

    @Test
    void decodesUnicastTextMessageWithOobFlag() throws Exception {
        Message msg = new Message(b, "hello world".getBytes(StandardCharsets.UTF_8));
        msg.setSrc(a);
        msg.setFlag(Message.Flag.OOB);
        byte[] frame = Frames.single(msg, "demo", false);

        List<Record> records = transport(frame);

        assertEquals(1, records.size(), records::toString);
        MessageRecord m = message(records.get(0));
        assertEquals(FRAME, m.frame());
        assertEquals("MESSAGE", m.type());
        assertEquals(TestFamily.WIRE_VERSION, String.valueOf(m.version()));
        assertEquals(TestFamily.JAR, m.decodedWith());
        assertEquals(Message.Flag.OOB.value(), m.flags());
        assertEquals(List.of("OOB"), m.flagNames());
        assertEquals(new NodeAddress(id(a), "UUID", null, null), m.src());
        assertEquals(new NodeAddress(id(b), "UUID", null, null), m.dest());
        assertFalse(m.multicast());
        assertEquals("demo", m.cluster());
        assertEquals(-1, m.batchIndex());
        assertEquals(0, m.batchSize());
        assertNull(m.view());
        assertTrue(m.discovery().isEmpty());
        // version(2) flags(1) | message from byte 3 to the end
        assertEquals(3, m.offset());
        assertEquals(frame.length - 3, m.length());

        assertEquals(1, m.headers().size());
        HeaderRecord tp = m.headers().get(0);
        assertEquals(Frames.TRANSPORT_ID, tp.protocolId());
        assertEquals(TestFamily.TRANSPORT_NAME, tp.protocol());
        assertEquals(ClassConfigurator.getMagicNumber(TpHeader.class), tp.magicId());
        assertEquals("TpHeader", tp.headerClass().name());
        assertEquals("demo", tp.field("cluster_name"));
        assertTrue(tp.fields().stream().noneMatch(f -> f.name().equals("prot_id")), "the protocol id is protocolId()");
        assertEquals(new TpHeader("demo").toString(), tp.text());
        // frame(3) leading(1) flags(2) dest(1+16) src(1+16) header count(2) = 42
        assertEquals(42, tp.offset());
        // protocol id(2) magic id(2) cluster length(2) "demo"(4)
        assertEquals(10, tp.length());

        assertEquals(11, m.payload().length());
        assertEquals("hello world", m.payload().text());
        assertArrayEquals(
                "hello world".getBytes(StandardCharsets.UTF_8), m.payload().head());
        assertNull(m.payload().objectClass());
    }

    @Test
    void reportsOffsetsRelativeToTheFrameNotTheBuffer() throws Exception {
        Message msg = new Message(b, "x".getBytes(StandardCharsets.UTF_8));
        msg.setSrc(a);
        byte[] frame = Frames.single(msg, "demo", false);
        byte[] buf = new byte[frame.length + 9];
        System.arraycopy(frame, 0, buf, 5, frame.length);

        List<Record> records = TestFamily.adapter().decode(FrameKind.TRANSPORT, buf, 5, frame.length, FRAME);

        MessageRecord m = message(records.get(0));
        assertEquals(3, m.offset());
        assertEquals(frame.length - 3, m.length());
        assertEquals(42, m.headers().get(0).offset());
        assertEquals("x", m.payload().text());
    }

    @Test
    void decodesMulticastWithoutDestinationAndIpAddressSender() throws Exception {
        IpAddress sender = new IpAddress("127.0.0.1", 7800);
        Message msg = new Message(null, new byte[] {1, 2, 3, 0, (byte) 0xFF});
        msg.setSrc(sender);
        msg.setFlag(Message.Flag.OOB, Message.Flag.DONT_BUNDLE, Message.Flag.INTERNAL);

        MessageRecord m = message(transport(Frames.single(msg, "demo", true)).get(0));

        assertTrue(m.multicast());
        assertNull(m.dest());
        assertEquals(new NodeAddress("127.0.0.1:7800", "IpAddress", null, null), m.src());
        assertEquals(List.of("OOB", "DONT_BUNDLE", "INTERNAL"), m.flagNames());
        assertEquals(5, m.payload().length());
        assertNull(m.payload().text(), "binary payload is not text");
        assertArrayEquals(new byte[] {1, 2, 3, 0, (byte) 0xFF}, m.payload().head());
    }

    @Test
    void keepsOnlyTheFirstBytesOfALongPayloadAndNoText() throws Exception {
        byte[] big = new byte[Limits.DEFAULTS.payloadTextChars() + 1];
        Arrays.fill(big, (byte) 'a');
        Message msg = new Message(b, big);
        msg.setSrc(a);

        MessageRecord m = message(transport(Frames.single(msg, "demo", false)).get(0));

        assertEquals(big.length, m.payload().length());
        assertNull(m.payload().text(), "longer than Limits.payloadTextChars");
        assertEquals(Limits.DEFAULTS.payloadHeadBytes(), m.payload().head().length);
    }

    @Test
    void showsUtf8PayloadAsText() throws Exception {
        Message msg = new Message(b, "grüße 👋".getBytes(StandardCharsets.UTF_8));
        msg.setSrc(a);

        assertEquals(
                "grüße 👋",
                message(transport(Frames.single(msg, "demo", false)).get(0))
                        .payload()
                        .text());
    }

    @Test
    void namesExtendedAndSiteAddresses() throws Exception {
        ExtendedUUID ext = ExtendedUUID.randomUUID("ext");
        ext.put("key", new byte[] {1});
        SiteUUID site = new SiteUUID((UUID) UUID.randomUUID(), "node-a", "lon");
        Message msg = new Message(site, "x".getBytes(StandardCharsets.UTF_8));
        msg.setSrc(ext);

        MessageRecord m = message(transport(Frames.single(msg, "demo", false)).get(0));

        assertEquals(new NodeAddress(standard(ext), "ExtendedUUID", null, null), m.src());
        assertEquals(new NodeAddress(standard(site), "SiteUUID", "node-a", "lon"), m.dest());
    }

    @Test
    void namesTheSiteOfASiteMaster() throws Exception {
        SiteMaster master = new SiteMaster("nyc");
        Message msg = new Message(master, "x".getBytes(StandardCharsets.UTF_8));
        msg.setSrc(a);

        NodeAddress dest =
                message(transport(Frames.single(msg, "demo", false)).get(0)).dest();

        assertEquals(new NodeAddress(standard(master), "SiteMaster", null, "nyc"), dest);
    }

    /** The 8-4-4-4-12 form of the address's bits (subclasses may print more in toStringLong). */
    private static String standard(UUID u) {
        return new java.util.UUID(u.getMostSignificantBits(), u.getLeastSignificantBits()).toString();
    }

    @Test
    void decodesAMessageWithoutPayload() throws Exception {
        Message msg = new Message(b);
        msg.setSrc(a);

        MessageRecord m = message(transport(Frames.single(msg, "demo", false)).get(0));

        assertEquals(0, m.payload().length());
        assertEquals(0, m.payload().head().length);
    }

    @Test
    void namesTheTypeCodeOfAHeaderByItsOwnType2Str() throws Exception {
        Message msg = new Message(null, "x".getBytes(StandardCharsets.UTF_8));
        msg.setSrc(a);
        msg.putHeader(Frames.protocolId(NAKACK2.class), NakAckHeader2.createMessageHeader(4711));

        HeaderRecord h =
                message(transport(Frames.single(msg, "demo", true)).get(0)).header("NAKACK2");

        assertEquals("NakAckHeader2", h.headerClass().name());
        assertEquals("MSG", h.field("type"), "NakAckHeader2.type2Str(byte)");
        assertEquals(4711L, h.field("seqno"));
        assertEquals(NakAckHeader2.createMessageHeader(4711).toString(), h.text());
    }
}
