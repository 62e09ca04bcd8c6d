package org.jgwire.adapter.classic;

import static org.jgwire.adapter.classic.Decoded.id;
import static org.jgwire.adapter.classic.Decoded.message;
import static org.jgwire.adapter.classic.Decoded.transport;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.ViewId;
import org.jgroups.protocols.Discovery;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.PING;
import org.jgroups.protocols.PingData;
import org.jgroups.protocols.PingHeader;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.junit.jupiter.api.Test;

class DiscoveryDecodingTest {
    private final Address a = UUID.randomUUID(), b = UUID.randomUUID();

    private MessageRecord ping(byte type, PingData data, Address dest) throws Exception {
        Message msg = new Message(dest, Frames.bytes(Discovery.marshal(data)));
        msg.setSrc(a);
        msg.setFlag(Message.Flag.OOB, Message.Flag.INTERNAL);
        msg.putHeader(Frames.protocolId(PING.class), new PingHeader(type).clusterName("demo"));
        return message(transport(Frames.single(msg, "demo", dest == null)).get(0));
    }

    @Test
    void learnsTheNameInADiscoveryRequest() throws Exception {
        PingData data = new PingData(a, true, "node-a", new IpAddress("127.0.0.1", 7800));

        MessageRecord m = ping(PingHeader.GET_MBRS_REQ, data, null);

        HeaderRecord h = m.header("PING");
        assertEquals("PingHeader", h.headerClass().name());
        assertEquals("demo", h.field("cluster_name"));
        assertEquals(
                List.of(new org.jgwire.codec.model.Discovery(
                        new NodeAddress(id(a), "UUID", null, null), "node-a", "127.0.0.1:7800", false, "discovery")),
                m.discovery());
    }

    @Test
    void learnsTheNameAndCoordinatorRoleInADiscoveryResponse() throws Exception {
        PingData data = new PingData(a, true, "coord-a", new IpAddress("127.0.0.1", 7801)).coord(true);

        MessageRecord m = ping(PingHeader.GET_MBRS_RSP, data, b);

        org.jgwire.codec.model.Discovery d = m.discovery().get(0);
        assertEquals(id(a), d.address().id());
        assertEquals("coord-a", d.logicalName());
        assertEquals("127.0.0.1:7801", d.physical());
        assertEquals(true, d.coord());
    }

    @Test
    void learnsTheNameInAMerge3InfoHeader() throws Exception {
        Message msg = new Message(null);
        msg.setSrc(a);
        msg.putHeader(
                Frames.protocolId(MERGE3.class),
                MERGE3.MergeHeader.createInfo(new ViewId(b, 3), "node-a", new IpAddress("127.0.0.1", 7802)));

        MessageRecord m = message(transport(Frames.single(msg, "demo", true)).get(0));

        HeaderRecord h = m.header("MERGE3");
        assertEquals("MergeHeader", h.headerClass().name());
        assertEquals("INFO", h.field("type"));
        assertEquals(id(b) + "|3", h.field("view_id"));
        assertEquals(
                List.of(new org.jgwire.codec.model.Discovery(
                        new NodeAddress(id(a), "UUID", null, null), "node-a", "127.0.0.1:7802", false, "merge3")),
                m.discovery());
    }
}
