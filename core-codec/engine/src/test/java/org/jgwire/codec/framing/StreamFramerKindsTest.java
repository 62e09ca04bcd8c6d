package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.StreamFramerTcpTest.assertAllAccounted;
import static org.jgwire.codec.framing.StreamFramerTcpTest.assertFrames;
import static org.jgwire.codec.framing.WireFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.jgroups.Version;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.stack.GossipData;
import org.jgroups.stack.GossipType;
import org.jgroups.stack.IpAddress;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/** FD_SOCK2 and TUNNEL / GossipRouter streams. */
class StreamFramerKindsTest {
    private final RecordingSink sink = new RecordingSink();

    private static void feedSplit(StreamFramer f, byte[] s, int cut) {
        f.data(s, 0, cut, 1, -1);
        f.data(s, cut, s.length - cut, 2, -1);
        f.end(3, -1);
    }

    @Test
    void framesFdSock2BareMessagesAfterTheHandshake() throws Exception {
        IpAddress srv = new IpAddress("127.0.0.1", 7900);
        List<byte[]> msgs = List.of(fdSock2(FD_SOCK2.FdHeader.CONNECT, srv), fdSock2(FD_SOCK2.FdHeader.SUSPECT, srv));
        byte[] s = concat(handshake(new IpAddress("127.0.0.1", 7901)), prefixed(msgs.toArray(byte[][]::new)));
        for (int cut = 0; cut <= s.length; cut++) {
            RecordingSink rs = new RecordingSink();
            StreamFramer f = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, rs);
            feedSplit(f, s, cut);
            assertFrames(msgs, rs);
            assertEquals(FrameKind.BARE_MESSAGE, f.kind());
            for (RecordingSink.Frame fr : rs.frames) {
                assertEquals(FrameKind.BARE_MESSAGE, fr.kind());
                assertEquals(Transport.FD_SOCK2, fr.info().transport());
            }
            assertEquals(List.of(), rs.problems, "cut " + cut);
            assertAllAccounted(f);
        }
    }

    @Test
    void bareMessagesOfBothDirectionsCarryTheVersionOfTheConnectionsHandshake() throws Exception {
        IpAddress srv = new IpAddress("127.0.0.1", 7900);
        byte[] request =
                concat(handshake(new IpAddress("127.0.0.1", 7901)), prefixed(fdSock2(FD_SOCK2.FdHeader.CONNECT, srv)));
        byte[] response = prefixed(fdSock2(FD_SOCK2.FdHeader.CONNECT_RSP, srv));
        StreamFramer out = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);
        StreamFramer in = new StreamFramer(SERVER, CLIENT, Limits.DEFAULTS, sink);
        out.peer(in);
        out.data(request, 0, request.length, 1, -1);
        in.data(response, 0, response.length, 2, -1);
        assertEquals(2, sink.frames.size());
        for (RecordingSink.Frame fr : sink.frames) assertEquals(Version.version, (short) fr.handshakeVersion());
    }

    @Test
    void framesWithoutAHandshakeCarryNoVersion() throws Exception {
        byte[] s = prefixed(single(10, 1));
        StreamFramer f = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);
        f.data(s, 0, s.length, 1, -1);
        assertEquals(1, sink.frames.size());
        assertEquals(-1, sink.frames.get(0).handshakeVersion());
    }

    @Test
    void acceptingFdSock2SideLearnsItsKindFromThePeer() throws Exception {
        IpAddress srv = new IpAddress("127.0.0.1", 7900);
        byte[] request =
                concat(handshake(new IpAddress("127.0.0.1", 7901)), prefixed(fdSock2(FD_SOCK2.FdHeader.CONNECT, srv)));
        byte[] rspMsg = fdSock2(FD_SOCK2.FdHeader.CONNECT_RSP, srv);
        byte[] response = prefixed(rspMsg);
        StreamFramer out = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);
        RecordingSink back = new RecordingSink();
        StreamFramer in = new StreamFramer(SERVER, CLIENT, Limits.DEFAULTS, back);
        out.peer(in);
        out.data(request, 0, request.length, 1, -1);
        in.data(response, 0, response.length, 2, -1);
        out.end(3, -1);
        in.end(3, -1);
        assertEquals(FrameKind.BARE_MESSAGE, in.kind());
        assertFrames(List.of(rspMsg), back);
        assertEquals(Transport.FD_SOCK2, back.frames.get(0).info().transport());
        assertAllAccounted(in);
        assertAllAccounted(out);
    }

    @Test
    void framesGossipRouterTrafficInBothDirections() throws Exception {
        byte[] inner = single(80, 1);
        List<byte[]> toRouter = List.of(
                gossipRegister(), gossipMessage(inner), gossip(new GossipData(GossipType.GET_MBRS, "demo", null)));
        List<byte[]> fromRouter =
                List.of(gossipMessage(list(3, 4)), gossip(new GossipData(GossipType.GET_MBRS_RSP, "demo", null)));
        byte[] up = prefixed(toRouter.toArray(byte[][]::new)), down = prefixed(fromRouter.toArray(byte[][]::new));
        for (int cut = 0; cut <= up.length; cut += 3) {
            RecordingSink rs = new RecordingSink();
            StreamFramer f = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, rs);
            feedSplit(f, up, cut);
            assertFrames(toRouter, rs);
            assertEquals(FrameKind.GOSSIP, f.kind());
            assertEquals(Transport.TUNNEL, rs.frames.get(0).info().transport());
            assertEquals(List.of(), rs.problems);
            assertAllAccounted(f);
        }
        StreamFramer f = new StreamFramer(SERVER, CLIENT, Limits.DEFAULTS, sink);
        f.data(down, 0, down.length, 1, -1);
        f.end(2, -1);
        assertFrames(fromRouter, sink);
        assertEquals(FrameKind.GOSSIP, f.kind());
        assertAllAccounted(f);
    }

    @Test
    void joinsAGossipStreamMidWay() throws Exception {
        List<byte[]> msgs = List.of(gossipMessage(single(50, 1)), gossipMessage(single(60, 2)), gossipRegister());
        byte[] s = prefixed(msgs.toArray(byte[][]::new));
        StreamFramer f = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, sink);
        f.data(s, 9, s.length - 9, 1, -1);
        f.end(2, -1);
        assertFrames(msgs.subList(1, 3), sink);
        assertEquals(FrameKind.GOSSIP, f.kind());
        assertEquals(1, sink.problems.size());
        assertAllAccounted(f);
    }
}
