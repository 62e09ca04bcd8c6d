package org.jgwire.adapter.jg5;

import static org.jgwire.adapter.jg5.Frames.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.EmptyMessage;
import org.jgroups.MergeView;
import org.jgroups.Message;
import org.jgroups.View;
import org.jgroups.ViewId;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.PING;
import org.jgroups.protocols.PingData;
import org.jgroups.protocols.PingHeader;
import org.jgroups.protocols.pbcast.DeltaView;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.JoinRsp;
import org.jgroups.stack.GossipData;
import org.jgroups.stack.GossipType;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.ByteArray;
import org.jgroups.util.ByteArrayDataOutputStream;
import org.jgroups.util.Digest;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;
import org.junit.jupiter.api.Test;

class Jg5ViewAndDiscoveryTest {
    private static final short GMS_ID = ClassConfigurator.getProtocolId(GMS.class);
    private static final short PING_ID = ClassConfigurator.getProtocolId(PING.class);
    private static final short MERGE3_ID = ClassConfigurator.getProtocolId(MERGE3.class);
    private static final UUID A = new UUID(0, 1), B = new UUID(0, 2), C = new UUID(0, 3);

    private static String id(Address a) {
        return ((UUID) a).toStringLong();
    }

    /** GMS.marshal(View, Digest) is protected: called as GMS itself calls it. */
    private static ByteArray gmsMarshal(View v, Digest d) throws Exception {
        Method m = GMS.class.getDeclaredMethod("marshal", View.class, Digest.class);
        m.setAccessible(true);
        return (ByteArray) m.invoke(null, v, d);
    }

    private static MessageRecord gms(byte type, ByteArray payload) throws Exception {
        Message msg = new BytesMessage(null, payload)
                .putHeader(GMS_ID, new GMS.GmsHeader(type))
                .setSrc(A);
        List<Record> r = decode(FrameKind.TRANSPORT, Frames.single(msg, true));
        assertEquals(1, r.size(), r.toString());
        return (MessageRecord) r.get(0);
    }

    private static List<String> ids(List<NodeAddress> l) {
        return l.stream().map(NodeAddress::id).toList();
    }

    @Test
    void readsFullViewFromGmsViewPayload() throws Exception {
        View v = View.create(A, 7, A, B, C);
        MessageRecord m = gms(GMS.GmsHeader.VIEW, gmsMarshal(v, new Digest(v.getMembersRaw(), new long[6])));
        assertEquals("VIEW", m.header("GMS").field("type"));
        ViewInfo view = m.view();
        assertEquals("VIEW", view.kind());
        assertEquals(id(A), view.creator().id());
        assertEquals(7, view.id());
        assertEquals(List.of(id(A), id(B), id(C)), ids(view.members()));
        assertEquals(-1, view.refId());
    }

    @Test
    void readsDeltaViewWithoutExpandingIt() throws Exception {
        DeltaView dv = new DeltaView(new ViewId(A, 8), new ViewId(A, 7), new Address[] {B}, new Address[] {C});
        ViewInfo view = gms(GMS.GmsHeader.VIEW, gmsMarshal(dv, null)).view();
        assertEquals("DELTA_VIEW", view.kind());
        assertEquals(8, view.id());
        assertEquals(7, view.refId());
        assertEquals(List.of(id(B)), ids(view.left()));
        assertEquals(List.of(id(C)), ids(view.joined()));
        assertTrue(view.members().isEmpty());
    }

    @Test
    void readsMergeViewWithSubgroups() throws Exception {
        List<View> subgroups = List.of(View.create(A, 3, A, B), View.create(C, 5, C));
        MergeView mv = new MergeView(new ViewId(A, 9), Arrays.asList(A, B, C), subgroups);
        ViewInfo view =
                gms(GMS.GmsHeader.INSTALL_MERGE_VIEW, gmsMarshal(mv, null)).view();
        assertEquals("MERGE_VIEW", view.kind());
        assertEquals(List.of(id(A), id(B), id(C)), ids(view.members()));
        assertEquals(
                List.of(List.of(id(A), id(B)), List.of(id(C))),
                view.subgroups().stream().map(Jg5ViewAndDiscoveryTest::ids).toList());
    }

    @Test
    void readsViewFromJoinResponse() throws Exception {
        View v = View.create(A, 2, A, B);
        ViewInfo view =
                gms(GMS.GmsHeader.JOIN_RSP, GMS.marshal(new JoinRsp(v, null))).view();
        assertEquals("VIEW", view.kind());
        assertEquals(List.of(id(A), id(B)), ids(view.members()));
    }

    @Test
    void learnsNamesFromDiscoveryResponse() throws Exception {
        PingData pd = new PingData(B, true, "node-b", new IpAddress("127.0.0.1", 7801)).coord(true);
        ByteArray payload = org.jgroups.protocols.Discovery.marshal(pd); // 5.0.4: one PingData alone
        Message msg = new BytesMessage(A, payload)
                .putHeader(PING_ID, new PingHeader(PingHeader.GET_MBRS_RSP).clusterName("demo"))
                .setSrc(B);
        MessageRecord m = (MessageRecord)
                decode(FrameKind.TRANSPORT, Frames.single(msg, false)).get(0);
        assertEquals("GET_MBRS_RSP", m.header("PING").field("type"));
        assertEquals(List.of(new Discovery(m.src(), "node-b", "127.0.0.1:7801", true, "discovery")), m.discovery());
    }

    @Test
    void learnsNamesFromMerge3InfoHeader() throws Exception {
        Message msg = new EmptyMessage(null)
                .setSrc(C)
                .putHeader(
                        MERGE3_ID,
                        MERGE3.MergeHeader.createInfo(new ViewId(A, 4), "node-c", new IpAddress("127.0.0.1", 7802)));
        MessageRecord m = (MessageRecord)
                decode(FrameKind.TRANSPORT, Frames.single(msg, true)).get(0);
        assertEquals(1, m.discovery().size());
        Discovery d = m.discovery().get(0);
        assertEquals(id(C), d.address().id());
        assertEquals("node-c", d.logicalName());
        assertEquals("127.0.0.1:7802", d.physical());
        assertEquals("merge3", d.source());
        assertEquals(id(A) + "|4", m.header("MERGE3").field("view_id"));
    }

    private static byte[] gossip(GossipData gd) throws Exception {
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(256);
        gd.writeTo(out);
        return Arrays.copyOf(out.buffer(), out.position());
    }

    @Test
    void decodesTheFrameInsideAGossipMessage() throws Exception {
        byte[] inner = Frames.single(new BytesMessage(B, "tunnelled".getBytes()).setSrc(A), false);
        byte[] frame = gossip(new GossipData(GossipType.MESSAGE, "demo", B, inner));
        List<Record> r = decode(FrameKind.GOSSIP, frame);
        assertEquals(1, r.size(), r.toString());
        MessageRecord m = (MessageRecord) r.get(0);
        assertEquals("tunnelled", m.payload().text());
        // offsets count from the start of the GossipData: the inner frame is its last bytes
        assertEquals(frame.length - inner.length + 5, m.offset());
    }

    @Test
    void turnsGossipRegistrationIntoGossipRecordWithName() throws Exception {
        byte[] frame =
                gossip(new GossipData(GossipType.REGISTER, "demo", A, "node-a", new IpAddress("127.0.0.1", 7800)));
        List<Record> r = decode(FrameKind.GOSSIP, frame);
        assertEquals(1, r.size(), r.toString());
        GossipRecord g = (GossipRecord) r.get(0);
        assertEquals("REGISTER", g.type());
        assertEquals("demo", g.group());
        assertEquals(id(A), g.address().id());
        assertEquals("5.0.4.Final", g.version());
        assertEquals(List.of(new Discovery(g.address(), "node-a", "127.0.0.1:7800", false, "gossip")), g.discovery());
    }

    @Test
    void decodesBareFdSock2Message() throws Exception {
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(64);
        new EmptyMessage(null).setSrc(A).writeTo(out); // FD_SOCK2.messageToBuffer
        byte[] frame = Arrays.copyOf(out.buffer(), out.position());
        MessageRecord m = (MessageRecord) decode(FrameKind.BARE_MESSAGE, frame).get(0);
        assertEquals("EMPTY", m.type());
        assertEquals(id(A), m.src().id());
        assertEquals(0, m.offset());
        assertEquals(frame.length, m.length());
        assertNull(m.dest());
    }
}
