package org.jgwire.adapter.jg5;

import static org.jgwire.adapter.jg5.Frames.decode;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.EmptyMessage;
import org.jgroups.LongMessage;
import org.jgroups.Message;
import org.jgroups.ObjectMessage;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.NakAckHeader2;
import org.jgroups.protocols.relay.SiteUUID;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.ExtendedUUID;
import org.jgroups.util.SizeStreamable;
import org.jgroups.util.UUID;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.api.Test;

class Jg5MessageDecodingTest {
    private static final UUID A = new UUID(0x0123456789abcdefL, 0x1122334455667788L);
    private static final UUID B = new UUID(2, 3);

    @Test
    void headerTextsAreLeftOutWhenNotWantedAndTheFieldsStayTheSame() throws Exception {
        byte[] frame = Frames.single(
                Frames.withStackHeaders(new BytesMessage(null, "x".getBytes()), "demo", 7)
                        .setSrc(A),
                true);
        List<HeaderRecord> kept =
                ((MessageRecord) decode(FrameKind.TRANSPORT, frame).get(0)).headers();
        assertEquals(
                NakAckHeader2.createMessageHeader(7).toString(), kept.get(0).text());
        Jg5WireAdapter without = new Jg5WireAdapter();
        without.init(Limits.builder().headerTexts(false).build());
        for (int i = 0; i < 2; i++) { // the second time, the bodies repeat: the adapter's memo answers
            List<HeaderRecord> left = ((MessageRecord)
                            without.decode(FrameKind.TRANSPORT, frame, 0, frame.length, Frames.FRAME)
                                    .get(0))
                    .headers();
            assertEquals(2, left.size());
            for (int h = 0; h < 2; h++) {
                assertNull(left.get(h).text());
                assertEquals(kept.get(h).fields(), left.get(h).fields());
            }
        }
    }

    @Test
    void decodesBytesMessageWithTextHeadersAndByteRanges() throws Exception {
        Message msg = Frames.withStackHeaders(
                        new BytesMessage(B, "hello jgroups".getBytes(StandardCharsets.UTF_8)), "demo", 42)
                .setSrc(A)
                .setFlag(Message.Flag.OOB, Message.Flag.DONT_BUNDLE);
        byte[] frame = Frames.single(msg, false);
        List<Record> records = decode(FrameKind.TRANSPORT, frame);

        assertEquals(1, records.size(), records.toString());
        MessageRecord m = (MessageRecord) records.get(0);
        assertEquals("BYTES", m.type());
        assertEquals("5.0.4", String.valueOf(m.version()));
        assertEquals("5.0.4.Final", m.decodedWith());
        assertEquals(msg.getFlags(), (short) m.flags());
        assertEquals(List.of("OOB", "DONT_BUNDLE"), m.flagNames());
        assertEquals("01234567-89ab-cdef-1122-334455667788", m.src().id());
        assertEquals("UUID", m.src().kind());
        assertEquals(new java.util.UUID(2, 3).toString(), m.dest().id());
        assertFalse(m.multicast());
        assertEquals("demo", m.cluster());
        assertEquals(-1, m.batchIndex());
        assertEquals(0, m.batchSize());
        assertEquals(5, m.offset()); // version(2) flags(1) type(2)
        assertEquals(frame.length - 5, m.length());

        assertEquals(2, m.headers().size());
        HeaderRecord nak = m.header("NAKACK2");
        assertEquals(Frames.NAKACK2_ID, nak.protocolId());
        assertEquals("NakAckHeader2", nak.headerClass().name());
        assertEquals("MSG", nak.field("type"));
        assertEquals(42L, nak.field("seqno"));
        assertEquals(NakAckHeader2.createMessageHeader(42).toString(), nak.text());
        HeaderRecord tp = m.header("TP");
        assertEquals("TpHeader", tp.headerClass().name());
        assertEquals("demo", tp.field("cluster_name"));
        for (HeaderRecord h : m.headers()) {
            // each range starts with its protocol id and magic id, as written
            assertEquals(h.protocolId(), (short) ((frame[h.offset()] & 0xFF) << 8 | frame[h.offset() + 1] & 0xFF));
            assertEquals(h.magicId(), (short) ((frame[h.offset() + 2] & 0xFF) << 8 | frame[h.offset() + 3] & 0xFF));
        }
        assertEquals(4 + new TpHeader("demo").serializedSize(), tp.length());
        assertEquals(4 + NakAckHeader2.createMessageHeader(42).serializedSize(), nak.length());

        assertEquals(13, m.payload().length());
        assertEquals("hello jgroups", m.payload().text());
        assertArrayEquals(
                "hello jgroups".getBytes(StandardCharsets.UTF_8), m.payload().head());
        assertNull(m.payload().objectClass());
    }

    @Test
    void keepsBinaryPayloadAsBytesOnlyAndCutsTheHead() throws Exception {
        byte[] data = new byte[200];
        for (int i = 0; i < data.length; i++) data[i] = (byte) i;
        MessageRecord m =
                (MessageRecord) decode(FrameKind.TRANSPORT, Frames.single(new BytesMessage(null, data).setSrc(A), true))
                        .get(0);
        assertTrue(m.multicast());
        assertNull(m.dest());
        assertEquals(200, m.payload().length());
        assertNull(m.payload().text());
        assertArrayEquals(Arrays.copyOf(data, 64), m.payload().head());
    }

    @Test
    void decodesEmptyAndLongMessages() throws Exception {
        MessageRecord empty =
                (MessageRecord) decode(FrameKind.TRANSPORT, Frames.single(new EmptyMessage(B).setSrc(A), false))
                        .get(0);
        assertEquals("EMPTY", empty.type());
        assertEquals(0, empty.payload().length());
        assertTrue(empty.headers().isEmpty());

        MessageRecord lm = (MessageRecord)
                decode(FrameKind.TRANSPORT, Frames.single(new LongMessage(B, 123456789L).setSrc(A), false))
                        .get(0);
        assertEquals("LONG", lm.type());
        assertEquals("123456789", lm.payload().text());
    }

    @Test
    void namesObjectPayloadWithoutDeserializingIt() throws Exception {
        MessageRecord m = (MessageRecord)
                decode(FrameKind.TRANSPORT, Frames.single(new ObjectMessage(B, "a string object").setSrc(A), false))
                        .get(0);
        assertEquals("OBJECT", m.type());
        assertEquals("java.lang.String", m.payload().objectClass());
        assertEquals("a string object", m.payload().text());
    }

    @Test
    void serializableObjectIsNamedFromItsStreamAndSkipped() throws Exception {
        // 5.0.4 wraps a Serializable in ObjectWrapper: i32 length + Util.objectToBuffer bytes, never deserialized
        List<Message> msgs = List.of(new ObjectMessage(null, new Date(0)), new EmptyMessage(null));
        List<Record> records = decode(FrameKind.TRANSPORT, Frames.list(null, A, "demo", msgs));
        assertEquals(2, records.size(), records.toString());
        MessageRecord m = (MessageRecord) records.get(0);
        assertEquals("java.util.Date", m.payload().objectClass());
        assertNull(m.payload().text());
        assertEquals("EMPTY", ((MessageRecord) records.get(1)).type());
    }

    /** An application class: written as magic -1 + its name, readable only by instantiating it. */
    public static final class AppState implements SizeStreamable {
        @Override
        public int serializedSize() {
            return 8;
        }

        @Override
        public void writeTo(DataOutput out) throws IOException {
            out.writeLong(7);
        }

        @Override
        public void readFrom(DataInput in) {
            throw new AssertionError("jgwire must not instantiate or read application classes");
        }
    }

    @Test
    void applicationObjectInsideABatchStopsTheFrameWithAnErrorAfterNamingIt() throws Exception {
        List<Message> msgs =
                List.of(new EmptyMessage(null), new ObjectMessage(null, new AppState()), new EmptyMessage(null));
        List<Record> records = decode(FrameKind.TRANSPORT, Frames.list(null, A, "demo", msgs));
        assertEquals(3, records.size(), records.toString());
        assertEquals("EMPTY", ((MessageRecord) records.get(0)).type());
        MessageRecord m = (MessageRecord) records.get(1);
        assertEquals(AppState.class.getName(), m.payload().objectClass());
        assertEquals(-1, m.length());
        ErrorRecord e = (ErrorRecord) records.get(2);
        assertEquals(ProblemKind.UNKNOWN_CLASS, e.problem());
        assertTrue(e.message().contains(AppState.class.getName()), e.message());
    }

    @Test
    void applicationObjectAloneInItsFrameEndsWithTheFrame() throws Exception {
        byte[] frame = Frames.single(new ObjectMessage(B, new AppState()).setSrc(A), false);
        List<Record> records = decode(FrameKind.TRANSPORT, frame);
        assertEquals(1, records.size(), records.toString());
        MessageRecord m = (MessageRecord) records.get(0);
        assertEquals(AppState.class.getName(), m.payload().objectClass());
        assertEquals(frame.length - 5, m.length());
    }

    @Test
    void decodesBatchWithListAddressesClusterAndIndexes() throws Exception {
        List<Message> msgs = List.of(
                Frames.withStackHeaders(new BytesMessage(null, "one".getBytes()), "demo", 1)
                        .setSrc(A),
                Frames.withStackHeaders(new BytesMessage(null, "two".getBytes()), "demo", 2)
                        .setSrc(A),
                new EmptyMessage(null).setSrc(B));
        List<Record> records = decode(FrameKind.TRANSPORT, Frames.list(null, A, "demo", msgs));
        assertEquals(3, records.size(), records.toString());
        for (int i = 0; i < 3; i++) {
            MessageRecord m = (MessageRecord) records.get(i);
            assertEquals(i, m.batchIndex());
            assertEquals(3, m.batchSize());
            assertEquals("demo", m.cluster());
            assertTrue(m.multicast());
            // writeMessageList leaves out TP's header: it is the list's cluster
            assertNull(m.header("TP"));
        }
        assertEquals("one", ((MessageRecord) records.get(0)).payload().text());
        assertEquals(2L, ((MessageRecord) records.get(1)).header("NAKACK2").field("seqno"));
        assertEquals(A.toStringLong(), ((MessageRecord) records.get(1)).src().id());
        // the third has another sender: written with its own src
        assertEquals(B.toStringLong(), ((MessageRecord) records.get(2)).src().id());
        MessageRecord first = (MessageRecord) records.get(0), second = (MessageRecord) records.get(1);
        assertEquals(first.offset() + first.length() + 2, second.offset()); // next type short in between
    }

    @Test
    void convertsExtendedSiteAndIpAddresses() throws Exception {
        ExtendedUUID ext = ExtendedUUID.randomUUID("x").put("key", new byte[] {1});
        SiteUUID site = new SiteUUID(5, 6, "node-a", "lon");
        IpAddress ip = new IpAddress("127.0.0.1", 7800);
        MessageRecord m1 =
                (MessageRecord) decode(FrameKind.TRANSPORT, Frames.single(new EmptyMessage(site).setSrc(ext), false))
                        .get(0);
        assertEquals("ExtendedUUID", m1.src().kind());
        assertEquals(ext.toStringLong(), m1.src().id());
        assertEquals("SiteUUID", m1.dest().kind());
        assertEquals("node-a", m1.dest().name());
        assertEquals("lon", m1.dest().site());
        assertEquals(new java.util.UUID(5, 6).toString(), m1.dest().id());
        MessageRecord m2 = (MessageRecord)
                decode(FrameKind.TRANSPORT, Frames.single(new EmptyMessage((Address) null).setSrc(ip), true))
                        .get(0);
        assertEquals("127.0.0.1:7800", m2.src().id());
        assertEquals("IpAddress", m2.src().kind());
    }

    @Test
    void aSiteUuidIsNotTakenForThePlainUuidWithTheSameBits() throws Exception {
        // equal by value: the address cache would give whichever of the two was converted first
        org.jgroups.util.UUID plain = new org.jgroups.util.UUID(5, 6);
        SiteUUID site = new SiteUUID(5, 6, "node-a", "lon");
        MessageRecord m =
                (MessageRecord) decode(FrameKind.TRANSPORT, Frames.single(new EmptyMessage(site).setSrc(plain), false))
                        .get(0);
        assertEquals("UUID", m.src().kind());
        assertEquals("SiteUUID", m.dest().kind());
        assertEquals("lon", m.dest().site());
        assertEquals("node-a", m.dest().name());
    }
}
