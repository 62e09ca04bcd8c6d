package org.jgwire.adapter.jg5;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;
import org.jgroups.BytesMessage;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.COMPRESS;
import org.jgroups.protocols.FORK;
import org.jgroups.protocols.SEQUENCER;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.NakAckHeader2;
import org.jgroups.util.UUID;
import org.jgroups.util.Util;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.stack.StackStep;
import org.junit.jupiter.api.Test;

/** The receive-side stack step on frames written by the real 5.0.4 classes: COMPRESS, SEQUENCER, FORK. */
class Jg5StackStepTest {
    private static final UUID A = new UUID(7, 9), COORD = new UUID(3, 4);
    private static final short COMPRESS_ID = ClassConfigurator.getProtocolId(COMPRESS.class);
    private static final short SEQUENCER_ID = ClassConfigurator.getProtocolId(SEQUENCER.class);
    private static final short FORK_ID = ClassConfigurator.getProtocolId(FORK.class);
    // SequencerHeader.FORWARD / WRAPPED_BCAST (protected in the jar)
    private static final byte FORWARD = 1, WRAPPED_BCAST = 4;

    private final Limits limits = Limits.builder().payloadHeadBytes(1 << 16).build();
    private final Jg5WireAdapter adapter = new Jg5WireAdapter();
    private final List<Record> out = new ArrayList<>();

    Jg5StackStepTest() {
        adapter.init(limits);
    }

    private void decode(Message msg, Limits stepLimits) throws Exception {
        byte[] frame = Frames.single(msg.putHeader(Frames.TP_ID, new TpHeader("demo")), true);
        StackStep step = new StackStep(
                stepLimits,
                (version, type, buf, off, len, f) -> adapter.decodeMessage(type, buf, off, len, f),
                out::add);
        for (Record r : adapter.decode(FrameKind.TRANSPORT, frame, 0, frame.length, Frames.FRAME))
            step.accept(r, frame, 0);
    }

    /** What COMPRESS.down sends: the payload deflated, the original size in the header. */
    private static Message compressed(byte[] original) {
        Deflater deflater = new Deflater();
        deflater.setInput(original);
        deflater.finish();
        byte[] buf = new byte[original.length + 64];
        int n = deflater.deflate(buf);
        deflater.end();
        return new BytesMessage(null, Arrays.copyOf(buf, n))
                .setSrc(A)
                .putHeader(COMPRESS_ID, new COMPRESS.CompressHeader(original.length));
    }

    private static byte[] text(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) ('a' + i % 26);
        return b;
    }

    @Test
    void inflatesACompressedPayloadToTheOriginalBytes() throws Exception {
        byte[] original = text(5000);
        Message msg = compressed(original);
        int wire = msg.getLength();
        decode(msg.putHeader(Frames.NAKACK2_ID, NakAckHeader2.createMessageHeader(3)), limits);
        assertEquals(1, out.size(), out.toString());
        MessageRecord m = (MessageRecord) out.get(0);
        assertEquals(List.of("COMPRESS inflated " + wire + "->5000"), m.transformed());
        assertEquals(5000, m.payload().length());
        assertArrayEquals(original, m.payload().head());
        assertEquals(wire, m.wirePayload().length());
        assertEquals(
                List.of("COMPRESS", "NAKACK2", "TP"),
                m.headers().stream().map(h -> h.protocol()).toList());
    }

    @Test
    void inflatesNoMoreThanTheLimitWhateverTheHeaderClaims() throws Exception {
        decode(compressed(text(5000)), limits.toBuilder().maxFragmentBytes(1000).build());
        MessageRecord m = (MessageRecord) out.get(0);
        assertEquals(1000, m.payload().length());
        ErrorRecord e = assertInstanceOf(ErrorRecord.class, out.get(1));
        assertEquals(ProblemKind.LIMIT, e.problem());
        assertTrue(e.message().contains("original_size 5000 exceeds the maximum (1000"), e.message());
    }

    @Test
    void reportsAPayloadThatIsNoZlibStream() throws Exception {
        decode(
                new BytesMessage(null, "not deflated".getBytes(StandardCharsets.US_ASCII))
                        .setSrc(A)
                        .putHeader(COMPRESS_ID, new COMPRESS.CompressHeader(100)),
                limits);
        MessageRecord m = (MessageRecord) out.get(0);
        assertEquals("not deflated", m.payload().text());
        assertTrue(m.transformed().isEmpty());
        assertEquals(ProblemKind.MALFORMED, ((ErrorRecord) out.get(1)).problem());
    }

    @Test
    void decodesTheOriginalMessageCompressedWhole() throws Exception {
        // COMPRESS.down 5.x for a message without an array: Util.messageToBuffer, deflated, needs_deserialization
        Message original = new BytesMessage(null, text(3000)).setSrc(A);
        byte[] serialized = Util.messageToBuffer(original).getBytes();
        Message msg = compressed(serialized);
        ((COMPRESS.CompressHeader) msg.getHeader(COMPRESS_ID)).needsDeserialization(true);
        decode(msg, limits);
        assertEquals(2, out.size(), out.toString());
        MessageRecord inner = (MessageRecord) out.get(1);
        assertEquals("BYTES", inner.type());
        assertArrayEquals(text(3000), inner.payload().head());
        assertEquals(((MessageRecord) out.get(0)).src(), inner.src());
        assertTrue(
                inner.transformed().get(0).startsWith("COMPRESS inflated "),
                inner.transformed().toString());
    }

    @Test
    void unwrapsTheApplicationMessageASequencerForwardCarries() throws Exception {
        // SEQUENCER.down: the multicast gets a SequencerHeader and travels inside a FORWARD to the coordinator
        Message original = new BytesMessage(null, "chat A#1 to all".getBytes(StandardCharsets.US_ASCII))
                .setSrc(A)
                .putHeader(SEQUENCER_ID, new SEQUENCER.SequencerHeader(WRAPPED_BCAST, 5));
        Message forward = new BytesMessage(COORD, Util.messageToBuffer(original))
                .setSrc(A)
                .putHeader(SEQUENCER_ID, new SEQUENCER.SequencerHeader(FORWARD, 5));
        decode(forward, limits);
        assertEquals(2, out.size(), out.toString());
        MessageRecord wrapper = (MessageRecord) out.get(0), inner = (MessageRecord) out.get(1);
        assertTrue(wrapper.transformed().isEmpty());
        assertNull(wrapper.payload().text());
        assertEquals("chat A#1 to all", inner.payload().text());
        assertEquals(List.of("SEQUENCER unwrapped from FORWARD seqno=5"), inner.transformed());
        assertNull(inner.dest());
        assertEquals(wrapper.src(), inner.src());
        // the inner message lies in the frame: its offsets count from the frame's first byte, as the wrapper's do
        assertTrue(inner.offset() > wrapper.offset()
                && inner.offset() + inner.length() <= wrapper.offset() + wrapper.length());
        assertEquals(
                List.of("SEQUENCER"),
                inner.headers().stream().map(h -> h.protocol()).toList());
    }

    @Test
    void namesTheForkStackAndChannelOfAForkedMessage() throws Exception {
        decode(
                new BytesMessage(null, "lock".getBytes(StandardCharsets.US_ASCII))
                        .setSrc(A)
                        .putHeader(FORK_ID, new FORK.ForkHeader("lock", "counter")),
                limits);
        MessageRecord m = (MessageRecord) out.get(0);
        assertEquals(List.of("FORK delivered to fork stack lock, fork channel counter"), m.transformed());
        assertEquals("lock", m.payload().text());
    }
}
