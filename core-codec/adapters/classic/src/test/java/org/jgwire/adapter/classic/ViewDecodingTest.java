package org.jgwire.adapter.classic;

import static org.jgwire.adapter.classic.Decoded.error;
import static org.jgwire.adapter.classic.Decoded.id;
import static org.jgwire.adapter.classic.Decoded.message;
import static org.jgwire.adapter.classic.Decoded.transport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jgroups.Address;
import org.jgroups.MergeView;
import org.jgroups.Message;
import org.jgroups.View;
import org.jgroups.ViewId;
import org.jgroups.protocols.pbcast.DeltaView;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.JoinRsp;
import org.jgroups.util.Digest;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;
import org.junit.jupiter.api.Test;

class ViewDecodingTest {
    private final Address a = UUID.randomUUID(), b = UUID.randomUUID(), c = UUID.randomUUID(), d = UUID.randomUUID();

    private List<Record> gms(byte type, byte[] payload, Address dest) throws Exception {
        Message msg = new Message(dest, payload);
        msg.setSrc(a);
        msg.putHeader(Frames.protocolId(GMS.class), new GMS.GmsHeader(type));
        return transport(Frames.single(msg, "demo", dest == null));
    }

    private static List<String> ids(List<NodeAddress> nodes) {
        return nodes.stream().map(NodeAddress::id).toList();
    }

    @Test
    void decodesAFullViewWithDigestAsGmsSendsIt() throws Exception {
        View view = View.create(a, 5, a, b, c);
        Digest digest = new Digest(new Address[] {a, b, c}, new long[] {7, 10, 6, 9, 5, 8});

        List<Record> records = gms(GMS.GmsHeader.VIEW, Frames.gmsViewPayload(view, digest), null);

        assertEquals(1, records.size(), records::toString);
        MessageRecord m = message(records.get(0));
        assertEquals("VIEW", m.header("GMS").field("type"));
        ViewInfo v = m.view();
        assertNotNull(v);
        assertEquals("VIEW", v.kind());
        assertEquals(id(a), v.creator().id());
        assertEquals(5, v.id());
        assertEquals(List.of(id(a), id(b), id(c)), ids(v.members()));
        assertEquals(-1, v.refId());
        assertTrue(v.left().isEmpty() && v.joined().isEmpty() && v.subgroups().isEmpty());
    }

    @Test
    void decodesADeltaViewWithoutExpandingIt() throws Exception {
        DeltaView delta = new DeltaView(new ViewId(a, 6), new ViewId(a, 5), new Address[] {b}, new Address[] {d});

        ViewInfo v = message(gms(GMS.GmsHeader.VIEW, Frames.gmsViewPayload(delta, null), null)
                        .get(0))
                .view();

        assertEquals("DELTA_VIEW", v.kind());
        assertEquals(6, v.id());
        assertEquals(5, v.refId());
        assertEquals(List.of(id(b)), ids(v.left()));
        assertEquals(List.of(id(d)), ids(v.joined()));
        assertTrue(v.members().isEmpty(), "the analysis stage expands delta views");
    }

    @Test
    void decodesAMergeViewWithItsSubgroups() throws Exception {
        MergeView merge = new MergeView(
                new ViewId(c, 7), List.of(a, b, c, d), List.of(View.create(a, 5, a, b), View.create(c, 3, c, d)));

        ViewInfo v = message(gms(GMS.GmsHeader.INSTALL_MERGE_VIEW, Frames.gmsViewPayload(merge, null), null)
                        .get(0))
                .view();

        assertEquals("MERGE_VIEW", v.kind());
        assertEquals(id(c), v.creator().id());
        assertEquals(7, v.id());
        assertEquals(List.of(id(a), id(b), id(c), id(d)), ids(v.members()));
        assertEquals(2, v.subgroups().size());
        assertEquals(List.of(id(a), id(b)), ids(v.subgroups().get(0)));
        assertEquals(List.of(id(c), id(d)), ids(v.subgroups().get(1)));
    }

    @Test
    void decodesTheViewOfAJoinResponse() throws Exception {
        JoinRsp rsp = new JoinRsp(View.create(a, 2, a, b), new Digest(new Address[] {a, b}, new long[] {1, 1, 0, 0}));

        MessageRecord m = message(
                gms(GMS.GmsHeader.JOIN_RSP, Frames.bytes(GMS.marshal(rsp)), b).get(0));

        assertEquals("JOIN_RSP", m.header("GMS").field("type"));
        assertEquals("VIEW", m.view().kind());
        assertEquals(2, m.view().id());
        assertEquals(List.of(id(a), id(b)), ids(m.view().members()));
    }

    @Test
    void leavesTheViewEmptyForADigestOnlyPayload() throws Exception {
        Digest digest = new Digest(new Address[] {a}, new long[] {3, 3});

        MessageRecord m = message(gms(GMS.GmsHeader.INSTALL_DIGEST, Frames.gmsViewPayload(null, digest), null)
                .get(0));

        assertNull(m.view());
    }

    @Test
    void keepsTheMessageAndReportsAPayloadThatIsNoView() throws Exception {
        byte[] garbage = {0x00, 0x01, 0x02, (byte) 0xFF, 0x13}; // flags(u16) VIEW_PRESENT, then no valid view

        List<Record> records = gms(GMS.GmsHeader.VIEW, garbage, null);

        assertEquals(2, records.size(), records::toString);
        MessageRecord m = message(records.get(0));
        assertNull(m.view());
        assertEquals(5, m.payload().length());
        ErrorRecord e = error(records.get(1));
        assertEquals(ProblemKind.MALFORMED, e.problem());
        assertEquals(m.offset() + m.length() - 5, e.offset(), "at the payload");
    }
}
