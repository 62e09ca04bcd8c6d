package org.jgwire.adapter.classic;

import static org.jgwire.adapter.classic.Decoded.id;
import static org.jgwire.adapter.classic.Decoded.message;
import static org.jgwire.adapter.classic.Decoded.transport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.api.Test;

class BatchDecodingTest {
    private final Address a = UUID.randomUUID(), b = UUID.randomUUID(), c = UUID.randomUUID();

    private Message msg(Address src, String text) {
        Message m = new Message(null, text.getBytes(StandardCharsets.UTF_8));
        m.setSrc(src);
        return m;
    }

    @Test
    void decodesEveryMessageOfABundledListWithBatchPositions() throws Exception {
        Message first = msg(a, "one"), second = msg(c, "two"), third = msg(a, "three");
        second.setFlag(Message.Flag.OOB);
        third.putHeader(Frames.protocolId(GMS.class), new GMS.GmsHeader(GMS.GmsHeader.VIEW_ACK));
        byte[] frame = Frames.list(null, a, "demo", List.of(first, second, third), true);

        List<Record> records = transport(frame);

        assertEquals(3, records.size(), records::toString);
        String[] texts = {"one", "two", "three"};
        int expectedOffset = -1;
        for (int i = 0; i < 3; i++) {
            MessageRecord m = message(records.get(i));
            assertEquals(i, m.batchIndex());
            assertEquals(3, m.batchSize());
            assertEquals("demo", m.cluster(), "cluster from the list header");
            assertTrue(m.multicast());
            assertNull(m.dest());
            assertEquals(texts[i], m.payload().text());
            if (expectedOffset >= 0) assertEquals(expectedOffset, m.offset(), "messages follow each other");
            expectedOffset = m.offset() + m.length();
        }
        assertEquals(frame.length, expectedOffset, "the last message ends the frame");
        assertEquals(id(a), message(records.get(0)).src().id(), "src from the list header");
        assertEquals(id(c), message(records.get(1)).src().id(), "src written with the message when it differs");
        assertEquals(List.of("OOB"), message(records.get(1)).flagNames());
        assertTrue(message(records.get(0)).headers().isEmpty(), "TpHeader is not written inside a list");

        HeaderRecord gms = message(records.get(2)).headers().get(0);
        assertEquals("GMS", gms.protocol());
        assertEquals("GmsHeader", gms.headerClass().name());
        assertEquals("VIEW_ACK", gms.field("type"));
    }

    @Test
    void decodesAUnicastListWithItsDestination() throws Exception {
        byte[] frame = Frames.list(b, a, "demo", List.of(msg(a, "x"), msg(a, "y")), false);

        List<Record> records = transport(frame);

        assertEquals(2, records.size());
        for (Record r : records) {
            assertEquals(id(b), message(r).dest().id());
            assertEquals(false, message(r).multicast());
        }
    }

    @Test
    void decodesAnEmptyListToNothing() throws Exception {
        assertTrue(transport(Frames.list(null, a, "demo", List.of(), true)).isEmpty());
    }
}
