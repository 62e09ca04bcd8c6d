package org.jgwire.adapter.classic;

import static org.jgwire.adapter.classic.Decoded.FRAME;
import static org.jgwire.adapter.classic.Decoded.id;
import static org.jgwire.adapter.classic.Decoded.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.protocols.PingData;
import org.jgroups.stack.GossipData;
import org.jgroups.stack.GossipType;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.api.Test;

class GossipDecodingTest {
    private final Address a = UUID.randomUUID(), b = UUID.randomUUID();

    static byte[] write(GossipData data) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        data.writeTo(new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    static List<Record> gossip(byte[] bytes) {
        return TestFamily.adapter().decode(FrameKind.GOSSIP, bytes, 0, bytes.length, FRAME);
    }

    @Test
    void decodesARegistrationWithTheMembersName() throws Exception {
        byte[] bytes =
                write(new GossipData(GossipType.REGISTER, "demo", a, "node-a", new IpAddress("127.0.0.1", 7800)));

        List<Record> records = gossip(bytes);

        assertEquals(1, records.size(), records::toString);
        GossipRecord g = assertInstanceOf(GossipRecord.class, records.get(0));
        assertEquals("REGISTER", g.type());
        assertEquals("demo", g.group());
        assertEquals(id(a), g.address().id());
        assertEquals(TestFamily.JAR, g.version());
        assertEquals(
                List.of(new Discovery(
                        new NodeAddress(id(a), "UUID", null, null), "node-a", "127.0.0.1:7800", false, "gossip")),
                g.discovery());
    }

    @Test
    void decodesTheMembersOfAMembershipResponse() throws Exception {
        List<PingData> members = List.of(
                new PingData(a, true, "node-a", new IpAddress("127.0.0.1", 7800)).coord(true),
                new PingData(b, true, "node-b", new IpAddress("127.0.0.1", 7801)));
        byte[] bytes = write(new GossipData(GossipType.GET_MBRS_RSP, "demo", null, members));

        GossipRecord g = assertInstanceOf(GossipRecord.class, gossip(bytes).get(0));

        assertEquals("GET_MBRS_RSP", g.type());
        assertNull(g.address());
        assertEquals(2, g.discovery().size());
        assertEquals("node-a", g.discovery().get(0).logicalName());
        assertEquals(true, g.discovery().get(0).coord());
        assertEquals(id(b), g.discovery().get(1).address().id());
        assertEquals("127.0.0.1:7801", g.discovery().get(1).physical());
    }

    @Test
    void decodesTheFrameTunnelledInAMessage() throws Exception {
        Message msg = new Message(b, "tunnelled".getBytes(StandardCharsets.UTF_8));
        msg.setSrc(a);
        byte[] frame = Frames.single(msg, "demo", false);
        byte[] bytes = write(new GossipData(GossipType.MESSAGE, "demo", b, frame));

        List<Record> records = gossip(bytes);

        assertEquals(1, records.size(), records::toString);
        MessageRecord m = message(records.get(0));
        assertEquals("tunnelled", m.payload().text());
        assertEquals(id(a), m.src().id());
        assertEquals("demo", m.cluster());
        // type(1) group(1 + 2 + "demo") addr(1 + 16) [sender: null = 1 byte, 4.0+] length(4), then the frame's
        // version(2) flags(1): offsets count from the start of the GossipData
        int frameStart = 1 + 7 + 17 + (TestFamily.GOSSIP_HAS_SENDER ? 1 : 0) + 4;
        assertEquals(bytes.length - frame.length, frameStart, "layout assumption of this test");
        assertEquals(frameStart + 3, m.offset());
        assertEquals(frame.length - 3, m.length());
    }
}
