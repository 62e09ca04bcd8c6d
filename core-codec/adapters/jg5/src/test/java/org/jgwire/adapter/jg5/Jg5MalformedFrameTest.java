package org.jgwire.adapter.jg5;

import static org.jgwire.adapter.jg5.Frames.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jgroups.BytesMessage;
import org.jgroups.EmptyMessage;
import org.jgroups.Message;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.api.Test;

class Jg5MalformedFrameTest {
    private static final UUID A = new UUID(0, 1);

    @Test
    void everyTruncationOfAFrameGivesAnErrorAndNoException() throws Exception {
        byte[] frame = Frames.single(
                Frames.withStackHeaders(new BytesMessage(null, "payload".getBytes()), "demo", 9)
                        .setSrc(A),
                true);
        Jg5WireAdapter adapter = Frames.adapter();
        for (int n = 0; n < frame.length; n++) {
            List<Record> r = adapter.decode(FrameKind.TRANSPORT, frame, 0, n, Frames.FRAME);
            assertEquals(1, r.size(), "cut at " + n + ": " + r);
            ErrorRecord e = (ErrorRecord) r.get(0);
            assertTrue(e.offset() >= 0 && e.offset() <= n, "cut at " + n + ": " + e);
        }
        assertTrue(
                adapter.decode(FrameKind.TRANSPORT, frame, 0, frame.length, Frames.FRAME)
                                .get(0)
                        instanceof MessageRecord);
    }

    @Test
    void truncatedHeaderNamesItsClassAndOffset() throws Exception {
        byte[] frame = Frames.single(
                Frames.withStackHeaders(new EmptyMessage(null), "demo", 9).setSrc(A), true);
        MessageRecord whole = (MessageRecord) decode(FrameKind.TRANSPORT, frame).get(0);
        int cut = whole.headers().get(0).offset() + 5; // inside the first header's body
        ErrorRecord e = (ErrorRecord) Frames.adapter()
                .decode(FrameKind.TRANSPORT, frame, 0, cut, Frames.FRAME)
                .get(0);
        assertEquals(ProblemKind.TRUNCATED, e.problem(), e.message());
        assertEquals(whole.headers().get(0).offset(), e.offset());
        assertTrue(e.message().contains(whole.headers().get(0).headerClass().name()), e.message());
    }

    @Test
    void aHeaderNoClassReadsLeavesItsMessageAsFarAsReadAndNamesItsMagicId() throws Exception {
        List<Message> msgs = List.of(
                new BytesMessage(null, "first".getBytes()).setSrc(A),
                Frames.withStackHeaders(new EmptyMessage(null), "demo", 3).setSrc(A));
        byte[] frame = Frames.list(null, A, "demo", msgs);
        MessageRecord second =
                (MessageRecord) decode(FrameKind.TRANSPORT, frame).get(1);
        int magicAt = second.headers().get(0).offset() + 2;
        frame[magicAt] = 0x7F; // magic id 0x7F.. : no class in the map
        List<Record> r = decode(FrameKind.TRANSPORT, frame);
        assertEquals(2, r.size(), r.toString()); // the error for the header comes from the pipeline, once per decode
        assertEquals("first", ((MessageRecord) r.get(0)).payload().text());
        MessageRecord kept = (MessageRecord) r.get(1);
        assertEquals(second.src(), kept.src());
        assertEquals(-1, kept.length(), "its end is unknown");
        assertTrue(kept.hasUnreadHeader());
        String text = kept.headers().get(0).text();
        assertTrue(text.startsWith("not read: header 1"), text);
        assertTrue(text.contains("magic id " + ((0x7F << 8) | (frame[magicAt + 1] & 0xFF))), text);
        assertEquals(magicAt - 2, kept.headers().get(0).offset());
    }

    @Test
    void anUnreadHeaderBeforeTheEndOfAListIsAnErrorForTheRestOfTheFrame() throws Exception {
        List<Message> msgs = List.of(
                Frames.withStackHeaders(new EmptyMessage(null), "demo", 3).setSrc(A),
                new BytesMessage(null, "last".getBytes()).setSrc(A));
        byte[] frame = Frames.list(null, A, "demo", msgs);
        int magicAt = ((MessageRecord) decode(FrameKind.TRANSPORT, frame).get(0))
                        .headers()
                        .get(0)
                        .offset()
                + 2;
        frame[magicAt] = 0x7F;
        List<Record> r = decode(FrameKind.TRANSPORT, frame);
        assertEquals(2, r.size(), r.toString());
        assertTrue(((MessageRecord) r.get(0)).hasUnreadHeader(), r.toString());
        ErrorRecord e = (ErrorRecord) r.get(1);
        assertEquals(ProblemKind.UNKNOWN_CLASS, e.problem());
        assertEquals(magicAt, e.offset());
        assertTrue(e.message().startsWith("the rest of the frame cannot be read past header 1"), e.message());
    }

    @Test
    void unknownMessageTypeIsReported() throws Exception {
        byte[] frame = Frames.single(new EmptyMessage(null).setSrc(A), true);
        frame[3] = 0; // type(u16) at 3..4
        frame[4] = 31;
        ErrorRecord e = (ErrorRecord) decode(FrameKind.TRANSPORT, frame).get(0);
        assertEquals(ProblemKind.UNKNOWN_CLASS, e.problem());
        assertEquals(3, e.offset());
    }

    @Test
    void garbageNeverThrows() {
        Random rnd = new Random(42);
        Jg5WireAdapter adapter = Frames.adapter();
        for (int i = 0; i < 2000; i++) {
            byte[] junk = new byte[1 + rnd.nextInt(200)];
            rnd.nextBytes(junk);
            junk[0] = 0x28; // a 5.x version short, so the walker goes past it
            for (FrameKind k : FrameKind.values()) {
                List<Record> r = adapter.decode(k, junk, 0, junk.length, Frames.FRAME);
                assertTrue(!r.isEmpty() && !r.contains(null), Arrays.toString(junk));
            }
        }
    }

    @Test
    void errorOffsetsCountFromTheFrameNotFromTheBuffer() throws Exception {
        List<Message> msgs = List.of(
                Frames.withStackHeaders(new EmptyMessage(null), "demo", 3).setSrc(A),
                new BytesMessage(null, "last".getBytes()).setSrc(A));
        byte[] frame = Frames.list(null, A, "demo", msgs);
        int magicAt = ((MessageRecord) decode(FrameKind.TRANSPORT, frame).get(0))
                        .headers()
                        .get(0)
                        .offset()
                + 2;
        frame[magicAt] = 0x7F; // magic id 0x7F.. : no class in the map
        byte[] buffer = new byte[7 + frame.length];
        System.arraycopy(frame, 0, buffer, 7, frame.length);

        List<Record> r = Frames.adapter().decode(FrameKind.TRANSPORT, buffer, 7, frame.length, Frames.FRAME);

        assertEquals(magicAt, ((ErrorRecord) r.get(1)).offset()); // the rest of the frame, after the message kept
    }
}
