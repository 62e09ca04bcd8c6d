package org.jgwire.adapter.classic;

import static org.jgwire.adapter.classic.Decoded.FRAME;
import static org.jgwire.adapter.classic.Decoded.count;
import static org.jgwire.adapter.classic.Decoded.error;
import static org.jgwire.adapter.classic.Decoded.message;
import static org.jgwire.adapter.classic.Decoded.transport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.View;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.stack.GossipData;
import org.jgroups.stack.GossipType;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.runtime.WireAdapter;
import org.junit.jupiter.api.Test;

class MalformedFrameTest {
    private final Address a = UUID.randomUUID(), b = UUID.randomUUID();
    private final WireAdapter adapter = TestFamily.adapter();

    private Message text(String s) {
        Message m = new Message(null, s.getBytes(StandardCharsets.UTF_8));
        m.setSrc(a);
        return m;
    }

    @Test
    void reportsATruncatedSingleFrameAtEveryLength() throws Exception {
        Message msg = new Message(null, Frames.gmsViewPayload(View.create(a, 4, a, b), null));
        msg.setSrc(a);
        msg.putHeader(Frames.protocolId(GMS.class), new GMS.GmsHeader(GMS.GmsHeader.VIEW));
        byte[] frame = Frames.single(msg, "demo", true);

        for (int len = 0; len < frame.length; len++) {
            List<Record> records = adapter.decode(FrameKind.TRANSPORT, frame, 0, len, FRAME);
            assertEquals(1, records.size(), "length " + len + ": " + records);
            ErrorRecord e = error(records.get(0));
            assertEquals(ProblemKind.TRUNCATED, e.problem(), "length " + len + ": " + e);
            assertTrue(e.offset() >= 0 && e.offset() <= len, "length " + len + ": offset " + e.offset());
        }
        assertEquals(
                "VIEW",
                message(adapter.decode(FrameKind.TRANSPORT, frame, 0, frame.length, FRAME)
                                .get(0))
                        .view()
                        .kind());
    }

    @Test
    void keepsTheMessagesBeforeTheCutInATruncatedList() throws Exception {
        byte[] frame = Frames.list(null, a, "demo", List.of(text("one"), text("two"), text("three")), true);
        List<MessageRecord> whole = new ArrayList<>();
        for (Record r : transport(frame)) whole.add(message(r));

        for (int len = 3; len < frame.length; len++) {
            List<Record> records = adapter.decode(FrameKind.TRANSPORT, frame, 0, len, FRAME);
            int complete = 0;
            for (MessageRecord m : whole) if (m.offset() + m.length() <= len) complete++;
            assertEquals(complete, count(records, MessageRecord.class), "length " + len + ": " + records);
            assertEquals(1, count(records, ErrorRecord.class), "length " + len + ": " + records);
            assertEquals(
                    ProblemKind.TRUNCATED,
                    error(records.get(records.size() - 1)).problem());
        }
    }

    @Test
    void namesTheUnknownMagicIdAndKeepsItsMessageAsFarAsRead() throws Exception {
        Message second = text("two");
        second.putHeader(Frames.protocolId(GMS.class), new GMS.GmsHeader(GMS.GmsHeader.VIEW_ACK));
        byte[] frame = Frames.list(null, a, "demo", List.of(text("one"), second), true);
        MessageRecord secondDecoded = message(transport(frame).get(1));
        int magicAt = secondDecoded.headers().get(0).offset() + 2;
        frame[magicAt] = 0x7F; // magic id 0x7FF0: in no magic map
        frame[magicAt + 1] = (byte) 0xF0;

        List<Record> records = transport(frame);

        assertEquals(2, records.size(), records::toString); // the header's error comes from the pipeline, once
        assertEquals("one", message(records.get(0)).payload().text());
        MessageRecord kept = message(records.get(1));
        assertEquals(secondDecoded.src(), kept.src());
        assertEquals(-1, kept.length(), "its end is unknown");
        assertTrue(kept.hasUnreadHeader());
        String text = kept.headers().get(0).text();
        assertTrue(text.contains("32752") && text.contains("GMS"), text);
    }

    @Test
    void errorOffsetsCountFromTheFrameNotFromTheBuffer() throws Exception {
        Message first = text("one");
        first.putHeader(Frames.protocolId(GMS.class), new GMS.GmsHeader(GMS.GmsHeader.VIEW_ACK));
        byte[] frame = Frames.list(null, a, "demo", List.of(first, text("two")), true);
        int magicAt = message(transport(frame).get(0)).headers().get(0).offset() + 2;
        frame[magicAt] = 0x7F; // magic id 0x7FF0: in no magic map
        frame[magicAt + 1] = (byte) 0xF0;
        byte[] buffer = new byte[7 + frame.length];
        System.arraycopy(frame, 0, buffer, 7, frame.length);

        List<Record> records = adapter.decode(FrameKind.TRANSPORT, buffer, 7, frame.length, FRAME);

        assertEquals(2, records.size(), records::toString);
        ErrorRecord e = error(records.get(1)); // the rest of the frame, after the message kept as far as read
        assertEquals(magicAt, e.offset());
        assertTrue(e.message().startsWith("the rest of the frame cannot be read past"), e.message());
    }

    @Test
    void reportsANegativePayloadLength() throws Exception {
        byte[] frame = Frames.single(text("abc"), "demo", true);
        int lengthAt = frame.length - 3 - 4; // payload "abc" preceded by its i32 length
        frame[lengthAt] = (byte) 0x80;

        ErrorRecord e = error(transport(frame).get(0));

        assertEquals(ProblemKind.MALFORMED, e.problem());
        assertEquals(lengthAt, e.offset());
    }

    @Test
    void turnsGarbageIntoRecordsWithoutThrowing() throws Exception {
        byte[] real = Frames.single(text("x"), "demo", true);
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            byte[] garbage = new byte[random.nextInt(200)];
            random.nextBytes(garbage);
            if (garbage.length > 2 && random.nextBoolean()) { // this jar's version and plausible frame flags
                garbage[0] = real[0];
                garbage[1] = real[1];
                garbage[2] &= 3;
            }
            for (FrameKind kind : FrameKind.values()) {
                List<Record> records = adapter.decode(kind, garbage, 0, garbage.length, FRAME);
                assertNotNull(records);
                for (Record r : records) assertNotNull(r.frame());
            }
        }
    }

    @Test
    void reportsATruncatedGossipMessageAtEveryLength() throws Exception {
        byte[] frame = Frames.single(text("tunnelled"), "demo", true);
        byte[] bytes = GossipDecodingTest.write(new GossipData(GossipType.MESSAGE, "demo", b, frame));
        byte[] register = GossipDecodingTest.write(
                new GossipData(GossipType.REGISTER, "demo", a, "n", new IpAddress("127.0.0.1", 7800)));

        for (byte[] whole : List.of(bytes, register))
            for (int len = 0; len < whole.length; len++) {
                List<Record> records = adapter.decode(FrameKind.GOSSIP, whole, 0, len, FRAME);
                assertEquals(1, records.size(), "length " + len + ": " + records);
                assertEquals(ProblemKind.TRUNCATED, error(records.get(0)).problem(), "length " + len + ": " + records);
            }
    }

    @Test
    void rejectsAnUnknownGossipType() {
        byte[] bytes = {(byte) 200, 0};

        ErrorRecord e = error(
                adapter.decode(FrameKind.GOSSIP, bytes, 0, bytes.length, FRAME).get(0));

        assertEquals(ProblemKind.MALFORMED, e.problem());
        assertTrue(e.message().contains("200"), e.message());
    }

    @Test
    void explainsThatBareMessagesAreNotPartOfThisFamily() {
        byte[] bytes = {0, 0, 0, 0, 0};

        ErrorRecord e = error(adapter.decode(FrameKind.BARE_MESSAGE, bytes, 0, bytes.length, FRAME)
                .get(0));

        assertEquals(ProblemKind.UNSUPPORTED_VERSION, e.problem());
        assertFalse(e.message().isEmpty());
    }

    @Test
    void reportsABufferSliceOutsideTheArray() {
        ErrorRecord e = error(
                adapter.decode(FrameKind.TRANSPORT, new byte[4], 2, 10, FRAME).get(0));

        assertEquals(ProblemKind.MALFORMED, e.problem());
    }

    @Test
    void refusesAFrameOfAnotherMajorVersion() throws Exception {
        byte[] frame = Frames.single(text("abc"), "demo", true);
        frame[0] = 0x29; // version 0x2947 = 5.5.7
        frame[1] = 0x47;

        ErrorRecord e = error(transport(frame).get(0));

        assertEquals(ProblemKind.UNSUPPORTED_VERSION, e.problem());
        assertTrue(e.message().contains("5.5.7"), e.message());
    }

    @Test
    void survivesRealFramesWithBytesFlipped() throws Exception {
        Message view = new Message(null, Frames.gmsViewPayload(View.create(a, 4, a, b), null));
        view.setSrc(a);
        view.putHeader(Frames.protocolId(GMS.class), new GMS.GmsHeader(GMS.GmsHeader.VIEW));
        List<byte[]> frames = List.of(
                Frames.single(view, "demo", true),
                Frames.list(null, a, "demo", List.of(text("one"), text("two")), true));
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            byte[] frame = frames.get(i % frames.size()).clone();
            for (int k = 1 + random.nextInt(3); k > 0; k--)
                frame[2 + random.nextInt(frame.length - 2)] = (byte) random.nextInt();
            List<Record> records = adapter.decode(FrameKind.TRANSPORT, frame, 0, frame.length, FRAME);
            for (Record r : records) assertNotNull(r.frame());
        }
    }
}
