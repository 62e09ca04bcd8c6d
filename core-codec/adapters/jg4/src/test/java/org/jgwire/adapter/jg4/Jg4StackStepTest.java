package org.jgwire.adapter.jg4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.COMPRESS;
import org.jgroups.protocols.SEQUENCER;
import org.jgroups.util.Buffer;
import org.jgroups.util.ByteArrayDataOutputStream;
import org.jgroups.util.UUID;
import org.jgroups.util.Util;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.stack.StackStep;
import org.junit.jupiter.api.Test;

/** The receive-side stack step on frames written by the real 4.2.30 classes: COMPRESS and SEQUENCER. */
class Jg4StackStepTest {
    private static final FrameInfo FRAME =
            new FrameInfo(1, 0, new Endpoint("127.0.0.1", 7800), new Endpoint("127.0.0.1", 7801), Transport.UDP);
    private static final UUID A = new UUID(7, 9), COORD = new UUID(3, 4);
    private static final short COMPRESS_ID = ClassConfigurator.getProtocolId(COMPRESS.class);
    private static final short SEQUENCER_ID = ClassConfigurator.getProtocolId(SEQUENCER.class);
    // SequencerHeader.WRAPPED_BCAST (protected in the jar)
    private static final byte WRAPPED_BCAST = 4;

    private final Limits limits = Limits.builder().payloadHeadBytes(1 << 16).build();
    private final Jg4WireAdapter adapter = new Jg4WireAdapter();
    private final List<Record> out = new ArrayList<>();

    Jg4StackStepTest() {
        adapter.init(limits);
    }

    private void decode(Message msg) throws Exception {
        ByteArrayDataOutputStream o = new ByteArrayDataOutputStream(256);
        Util.writeMessage(msg, o, true);
        byte[] frame = Arrays.copyOf(o.buffer(), o.position());
        StackStep step = new StackStep(
                limits, (version, type, buf, off, len, f) -> adapter.decodeMessage(type, buf, off, len, f), out::add);
        for (Record r : adapter.decode(FrameKind.TRANSPORT, frame, 0, frame.length, FRAME)) step.accept(r, frame, 0);
    }

    @Test
    void inflatesACompressedPayloadToTheOriginalBytes() throws Exception {
        byte[] original = new byte[4000];
        for (int i = 0; i < original.length; i++) original[i] = (byte) ('a' + i % 26);
        Deflater deflater = new Deflater(); // COMPRESS.down
        deflater.setInput(original);
        deflater.finish();
        byte[] buf = new byte[original.length];
        int n = deflater.deflate(buf);
        deflater.end();
        decode(new Message(null, Arrays.copyOf(buf, n))
                .src(A)
                .putHeader(COMPRESS_ID, new COMPRESS.CompressHeader(original.length)));
        assertEquals(1, out.size(), out.toString());
        MessageRecord m = (MessageRecord) out.get(0);
        assertEquals(List.of("COMPRESS inflated " + n + "->4000"), m.transformed());
        assertArrayEquals(original, m.payload().head());
        assertEquals(n, m.wirePayload().length());
    }

    @Test
    void unwrapsTheApplicationMessageASequencerBroadcastCarries() throws Exception {
        // SEQUENCER.broadcast: the coordinator multicasts the forwarded message, written by Util.streamableToBuffer
        Message original = new Message(null, "chat B#1 to all".getBytes(StandardCharsets.US_ASCII))
                .src(A)
                .putHeader(SEQUENCER_ID, new SEQUENCER.SequencerHeader(WRAPPED_BCAST, 9));
        Buffer wrapped = Util.streamableToBuffer(original);
        decode(new Message(null, wrapped)
                .src(COORD)
                .putHeader(SEQUENCER_ID, new SEQUENCER.SequencerHeader(WRAPPED_BCAST, 9)));
        assertEquals(2, out.size(), out.toString());
        MessageRecord inner = (MessageRecord) out.get(1);
        assertEquals("chat B#1 to all", inner.payload().text());
        assertEquals(List.of("SEQUENCER unwrapped from WRAPPED_BCAST seqno=9"), inner.transformed());
        assertEquals("4.2.30", String.valueOf(inner.version()));
        assertNull(inner.dest());
        assertTrue(inner.src().id().contains("0000-0000-0007"), inner.src().id());
    }
}
