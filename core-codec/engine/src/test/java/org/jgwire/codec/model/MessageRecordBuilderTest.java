package org.jgwire.codec.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;

class MessageRecordBuilderTest {
    private static final FrameInfo FRAME = new FrameInfo(4, 1000, null, null, Transport.UDP);
    private static final NodeAddress A = NodeAddress.uuid("a"), B = NodeAddress.uuid("b");

    private static MessageRecord full() {
        return MessageRecord.builder(FRAME)
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type("BYTES")
                .flags(1, List.of("OOB"))
                .src(A)
                .dest(B)
                .cluster("c")
                .batch(2, 5)
                .headers(List.of(new HeaderRecord(1, "UDP", 2, HeaderClass.of("TpHeader"), List.of(), null, 10, 6)))
                .payload(new Payload(3, "abc", new byte[] {'a', 'b', 'c'}, null))
                .discovery(List.of(new Discovery(A, "A", null, false, "PING")))
                .range(8, 40)
                .reassembledFrom(List.of(1L, 2L))
                .transformed(List.of("COMPRESS inflated 3->9"))
                .wirePayload(Payload.EMPTY)
                .build();
    }

    @Test
    void aMessageGivenOnlyItsFrameIsASingleMessageWithoutContent() {
        MessageRecord m = MessageRecord.builder(FRAME).type("EMPTY").build();

        assertSame(FRAME, m.frame());
        assertEquals(-1, m.batchIndex());
        assertEquals(0, m.batchSize());
        assertEquals(0, m.offset());
        assertEquals(-1, m.length(), "length unknown");
        assertSame(Payload.EMPTY, m.payload());
        assertEquals(List.of(), m.headers());
        assertEquals(List.of(), m.flagNames());
        assertEquals(List.of(), m.discovery());
        assertFalse(m.isReassembled());
        assertEquals(List.of(), m.transformed());
        assertNull(m.wirePayload());
        assertNull(m.src());
        assertNull(m.version());
    }

    @Test
    void eachFieldLandsInItsComponent() {
        MessageRecord m = full();

        assertEquals("5.5.7", String.valueOf(m.version()));
        assertEquals("5.5.7.Final", m.decodedWith());
        assertEquals(1, m.flags());
        assertEquals(List.of("OOB"), m.flagNames());
        assertSame(A, m.src());
        assertSame(B, m.dest());
        assertEquals(2, m.batchIndex());
        assertEquals(5, m.batchSize());
        assertEquals(8, m.offset());
        assertEquals(40, m.length());
        assertEquals(List.of(1L, 2L), m.reassembledFrom());
        assertEquals(List.of("COMPRESS inflated 3->9"), m.transformed());
        assertSame(Payload.EMPTY, m.wirePayload());
    }

    @Test
    void toBuilderCopiesEveryFieldAndReplacesOnlyThoseSet() {
        MessageRecord m = full();

        assertEquals(m, m.toBuilder().build());
        MessageRecord moved = m.toBuilder().range(20, 40).build();
        assertEquals(20, moved.offset());
        assertEquals(m, moved.toBuilder().range(8, 40).build());
    }

    @Test
    void aStackStepKeepsTheWirePayloadOfTheFirstStepThatChangedIt() {
        Payload wire = new Payload(2, null, new byte[] {1, 2}, null);
        Payload once = new Payload(4, "once", new byte[0], null), twice = new Payload(5, "twice", new byte[0], null);
        MessageRecord m = MessageRecord.builder(FRAME).payload(wire).build();

        MessageRecord t = m.transformedBy("COMPRESS", once).transformedBy("SEQUENCER", twice);

        assertSame(twice, t.payload());
        assertSame(wire, t.wirePayload());
        assertEquals(List.of("COMPRESS", "SEQUENCER"), t.transformed());
    }
}
