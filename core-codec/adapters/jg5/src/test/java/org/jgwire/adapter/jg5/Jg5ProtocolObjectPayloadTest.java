package org.jgwire.adapter.jg5;

import static org.jgwire.adapter.jg5.Frames.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.Message;
import org.jgroups.ObjectMessage;
import org.jgroups.util.MutableDigest;
import org.jgroups.util.SeqnoList;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.api.Test;

/**
 * JGroups' own object payloads that the bundler packs with other messages: STABLE's digest (a live 5.3.7 capture
 * had {@code ObjectMessage(null, MutableDigest)} first in a message list, and every message after it was lost with
 * "its end is unknown") and NAKACK2's retransmission request (a SeqnoList).
 */
class Jg5ProtocolObjectPayloadTest {
    private static final UUID A = new UUID(1, 2), B = new UUID(3, 4);

    @Test
    void stableDigestInAMessageListIsReadToItsEndAndTheNextMessageDecodes() throws Exception {
        MutableDigest digest =
                new MutableDigest(new Address[] {A, B}).set(A, 5, 7).set(B, 2, 2);
        List<Message> msgs = List.of(
                new ObjectMessage(null, digest),
                new BytesMessage(null, "after the digest".getBytes(StandardCharsets.UTF_8)));
        List<Record> records = decode(FrameKind.TRANSPORT, Frames.list(null, A, "demo", msgs));
        for (Record r : records) assertFalse(r instanceof ErrorRecord, r.toString());
        assertEquals(2, records.size(), records.toString());
        assertEquals(
                MutableDigest.class.getName(),
                ((MessageRecord) records.get(0)).payload().objectClass());
        assertEquals(
                "after the digest", ((MessageRecord) records.get(1)).payload().text());
    }

    @Test
    void retransmissionSeqnoListInAMessageListIsReadToItsEnd() throws Exception {
        SeqnoList missing = new SeqnoList(4, 10).add(10, 12);
        List<Message> msgs =
                List.of(new ObjectMessage(B, missing), new BytesMessage(B, "next".getBytes(StandardCharsets.UTF_8)));
        List<Record> records = decode(FrameKind.TRANSPORT, Frames.list(B, A, "demo", msgs));
        for (Record r : records) assertFalse(r instanceof ErrorRecord, r.toString());
        assertEquals(2, records.size(), records.toString());
        assertEquals(
                SeqnoList.class.getName(),
                ((MessageRecord) records.get(0)).payload().objectClass());
        assertEquals("next", ((MessageRecord) records.get(1)).payload().text());
    }
}
