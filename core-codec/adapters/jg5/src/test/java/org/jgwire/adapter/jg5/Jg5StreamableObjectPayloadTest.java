package org.jgwire.adapter.jg5;

import static org.jgwire.adapter.jg5.Frames.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jgroups.BytesMessage;
import org.jgroups.Message;
import org.jgroups.ObjectMessage;
import org.jgroups.View;
import org.jgroups.blocks.MethodCall;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.api.Test;

/**
 * ObjectMessages carrying a JGroups type of the jar's magic map: read by the type's own {@code readFrom}, shown by
 * its {@code toString}, and the messages packed after them in the same list decode too.
 */
class Jg5StreamableObjectPayloadTest {
    private static final UUID A = new UUID(1, 2), B = new UUID(3, 4);

    private static List<Record> listOf(Object payload) throws Exception {
        List<Message> msgs = List.of(
                new ObjectMessage(null, payload), new BytesMessage(null, "after".getBytes(StandardCharsets.UTF_8)));
        List<Record> records = decode(FrameKind.TRANSPORT, Frames.list(null, A, "demo", msgs));
        for (Record r : records) assertFalse(r instanceof ErrorRecord, r.toString());
        assertEquals(2, records.size(), records.toString());
        assertEquals("after", ((MessageRecord) records.get(1)).payload().text());
        return records;
    }

    @Test
    void uuidPayloadIsReadByItsReadFromAndShownByItsToString() throws Exception {
        UUID u = new UUID(0x1234_5678_9abc_def0L, 0x0fed_cba9_8765_4321L);
        MessageRecord m = (MessageRecord) listOf(u).get(0);
        assertEquals(UUID.class.getName(), m.payload().objectClass());
        assertEquals(u.toStringLong(), m.payload().object());
    }

    @Test
    void ipAddressAndViewPayloadsAreShownByTheirToString() throws Exception {
        IpAddress ip = new IpAddress("127.0.0.1", 7800);
        MessageRecord m = (MessageRecord) listOf(ip).get(0);
        assertEquals(IpAddress.class.getName(), m.payload().objectClass());
        assertEquals(ip.toString(), m.payload().object());

        View v = View.create(A, 3, A, B);
        MessageRecord mv = (MessageRecord) listOf(v).get(0);
        assertEquals(View.class.getName(), mv.payload().objectClass());
        assertEquals(v.toString(), mv.payload().object());
    }

    @Test
    void methodCallIsNamedButNotReadSinceItsArgumentsMayBeJavaSerialized() throws Exception {
        MethodCall call = new MethodCall("put", new Object[] {"k", 1}, new Class<?>[] {String.class, Integer.class});
        byte[] frame = Frames.single(new ObjectMessage(null, call).setSrc(A), true);
        List<Record> records = decode(FrameKind.TRANSPORT, frame);
        assertEquals(1, records.size(), records.toString());
        MessageRecord m = (MessageRecord) records.get(0);
        assertEquals(MethodCall.class.getName(), m.payload().objectClass());
        assertNull(m.payload().object());
        assertTrue(m.payload().length() > 0);
    }
}
