package org.jgwire.adapter.jg5;

import static org.jgwire.adapter.jg5.Frames.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import org.jgroups.BytesMessage;
import org.jgroups.CompositeMessage;
import org.jgroups.EmptyMessage;
import org.jgroups.FragmentedMessage;
import org.jgroups.NioMessage;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.api.Test;

class Jg5ContainerMessageTest {
    private static final UUID A = new UUID(0, 1), B = new UUID(0, 2);

    @Test
    void compositeRecordComesFirstThenItsMessages() throws Exception {
        CompositeMessage cm = new CompositeMessage(B, new BytesMessage(B, "first".getBytes()), new EmptyMessage(B));
        cm.setSrc(A);
        byte[] frame = Frames.single(cm, false);
        List<Record> r = decode(FrameKind.TRANSPORT, frame);
        assertEquals(3, r.size(), r.toString());
        MessageRecord outer = (MessageRecord) r.get(0);
        assertEquals("COMPOSITE", outer.type());
        assertEquals(frame.length - 5, outer.length());
        // leading(1) flags(2) dest and src (UUID: flag byte + 16 each) header count(2)
        assertEquals(outer.length() - (1 + 2 + 17 + 17 + 2), outer.payload().length());
        MessageRecord first = (MessageRecord) r.get(1), second = (MessageRecord) r.get(2);
        assertEquals("BYTES", first.type());
        assertEquals("first", first.payload().text());
        assertEquals(0, first.batchIndex());
        assertEquals(2, first.batchSize());
        assertEquals("EMPTY", second.type());
        assertEquals(1, second.batchIndex());
        // 5.0.4 writes the sub-messages with their own addresses (5.4+ leaves them out and they inherit)
        assertEquals(B.toStringLong(), second.dest().id());
    }

    @Test
    void nioAndFragmentedPayloadsAreBytes() throws Exception {
        MessageRecord nio = (MessageRecord) decode(
                        FrameKind.TRANSPORT,
                        Frames.single(new NioMessage(B, ByteBuffer.wrap("nio text".getBytes())).setSrc(A), false))
                .get(0);
        assertEquals("NIO", nio.type());
        assertEquals("nio text", nio.payload().text());

        BytesMessage original = new BytesMessage(B, new byte[100]);
        MessageRecord frag = (MessageRecord)
                decode(FrameKind.TRANSPORT, Frames.single(new FragmentedMessage(original, 10, 30).setSrc(A), false))
                        .get(0);
        assertEquals("FRAG", frag.type());
        assertEquals(30, frag.payload().length());
    }

    @Test
    void truncatedCompositeIsStillReportedBeforeTheError() throws Exception {
        CompositeMessage cm = new CompositeMessage(
                B, new BytesMessage(B, "first".getBytes()), new BytesMessage(B, "second".getBytes()));
        cm.setSrc(A);
        byte[] frame = Frames.single(cm, false);
        List<Record> r = Frames.adapter().decode(FrameKind.TRANSPORT, frame, 0, frame.length - 3, Frames.FRAME);
        assertEquals(3, r.size(), r.toString());
        MessageRecord outer = (MessageRecord) r.get(0);
        assertEquals("COMPOSITE", outer.type());
        assertEquals(-1, outer.length());
        assertEquals("first", ((MessageRecord) r.get(1)).payload().text());
        assertEquals(ProblemKind.TRUNCATED, ((ErrorRecord) r.get(2)).problem());
    }
}
