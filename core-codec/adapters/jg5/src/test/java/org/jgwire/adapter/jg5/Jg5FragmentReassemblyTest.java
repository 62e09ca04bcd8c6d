package org.jgwire.adapter.jg5;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jgroups.BytesMessage;
import org.jgroups.FragmentedMessage;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.FRAG2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.FragHeader;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.NakAckHeader2;
import org.jgroups.util.ByteArray;
import org.jgroups.util.UUID;
import org.jgroups.util.Util;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.stack.FragmentReassembler;
import org.junit.jupiter.api.Test;

/**
 * Fragments written by the real 5.0.4 classes the way FRAG4 and FRAG2 write them, decoded by the adapter and
 * reassembled by jgwire: the original message comes back with its type, headers and every payload byte.
 */
class Jg5FragmentReassemblyTest {
    private static final UUID A = new UUID(7, 9);
    private static final short FRAG4_ID = ClassConfigurator.getProtocolId(FRAG4.class);
    private static final short FRAG2_ID = ClassConfigurator.getProtocolId(FRAG2.class);
    private static final int FRAG_SIZE = 1000;

    private final Jg5WireAdapter adapter = new Jg5WireAdapter();
    private final List<Record> out = new ArrayList<>();

    Jg5FragmentReassemblyTest() {
        adapter.init(
                Limits.builder().payloadHeadBytes(1 << 16).build()); // the head is the whole payload: compared below
    }

    private FragmentReassembler reassembler() {
        return new FragmentReassembler(
                Limits.builder().payloadHeadBytes(1 << 16).build(),
                (version, type, buf, off, len, frame) -> adapter.decodeMessage(type, buf, off, len, frame),
                null);
    }

    private void feed(FragmentReassembler r, Message fragment) throws Exception {
        byte[] frame = Frames.single(fragment.putHeader(Frames.TP_ID, new TpHeader("demo")), true);
        for (Record rec : adapter.decode(FrameKind.TRANSPORT, frame, 0, frame.length, Frames.FRAME))
            r.accept(rec, frame, 0, out::add);
    }

    private static byte[] payload(int n) {
        byte[] b = new byte[n];
        new Random(42).nextBytes(b);
        return b;
    }

    @Test
    void reassemblesFrag4FragmentedMessagesIntoTheSerializedOriginal() throws Exception {
        byte[] data = payload(2500);
        Message original = new BytesMessage(null, data)
                .setSrc(A)
                .putHeader(Frames.NAKACK2_ID, NakAckHeader2.createMessageHeader(17));
        int size = original.size(); // what FRAG4 splits for a message without an array: its writeTo form
        FragmentReassembler r = reassembler();
        int frags = (size + FRAG_SIZE - 1) / FRAG_SIZE;
        for (int i = frags - 1; i >= 0; i--) { // last fragment first
            int off = i * FRAG_SIZE, len = Math.min(FRAG_SIZE, size - off);
            Message f = new FragmentedMessage(original, off, len)
                    .setSrc(A)
                    .putHeader(FRAG4_ID, new FragHeader(3, i, frags).setOriginalType(original.getType()));
            feed(r, f);
        }
        assertEquals(1, out.size(), out.toString());
        MessageRecord m = (MessageRecord) out.get(0);
        assertEquals("BYTES", m.type());
        assertEquals(
                List.of("NAKACK2"), m.headers().stream().map(h -> h.protocol()).toList());
        assertEquals(17L, ((Number) m.headers().get(0).field("seqno")).longValue());
        assertEquals(data.length, m.payload().length());
        assertArrayEquals(data, m.payload().head());
        assertEquals(frags, m.reassembledFrom().size());
        assertTrue(m.multicast());
        assertEquals("demo", m.cluster());
    }

    @Test
    void reassemblesFrag2SerializedOriginalsWithTheirTypeShortFirst() throws Exception {
        byte[] data = payload(1800);
        Message original = new BytesMessage(null, data).setSrc(A);
        ByteArray buf = Util.messageToBuffer(original); // what FRAG2 5.x sends when needs_deserialization
        FragmentReassembler r = reassembler();
        int frags = (buf.getLength() + FRAG_SIZE - 1) / FRAG_SIZE;
        for (int i = 0; i < frags; i++) {
            int off = i * FRAG_SIZE, len = Math.min(FRAG_SIZE, buf.getLength() - off);
            Message f = new BytesMessage(null)
                    .setArray(buf.getArray(), buf.getOffset() + off, len)
                    .setSrc(A)
                    .putHeader(FRAG2_ID, new FragHeader(1, i, frags).needsDeserialization(true));
            feed(r, f);
        }
        MessageRecord m = (MessageRecord) out.get(0);
        assertEquals("BYTES", m.type());
        assertArrayEquals(data, m.payload().head());
    }

    @Test
    void reassemblesFrag4ByteArraySlicesIntoTheFirstFragmentsHeaders() throws Exception {
        byte[] data = payload(2100);
        FragmentReassembler r = reassembler();
        for (int i = 0; i < 3; i++) { // FRAG4.fragment for a message with an array: msg.copy(false, i == 0)
            int off = i * FRAG_SIZE, len = Math.min(FRAG_SIZE, data.length - off);
            Message f = new BytesMessage(null)
                    .setArray(data, off, len)
                    .setSrc(A)
                    .putHeader(FRAG4_ID, new FragHeader(2, i, 3));
            if (i == 0) f.putHeader(Frames.NAKACK2_ID, NakAckHeader2.createMessageHeader(5));
            feed(r, f);
        }
        MessageRecord m = (MessageRecord) out.get(0);
        assertArrayEquals(data, m.payload().head());
        assertEquals(
                List.of("NAKACK2", "TP"),
                m.headers().stream().map(h -> h.protocol()).toList());
    }
}
