package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.FdSockHeaders.fdSock;
import static org.jgwire.codec.framing.FdSockHeaders.iHaveSock;
import static org.junit.jupiter.api.Assertions.*;

import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/** The FD_SOCK server sockets learnt from I_HAVE_SOCK headers, and the record of a silent close from one. */
class FdSockServersTest {
    private static final NodeAddress C = NodeAddress.uuid("8b4f7ede-1c8e-43a2-ab91-c293e1bb887a");
    private static final Endpoint PINGER = new Endpoint("127.0.0.1", 41000);

    private final FdSockServers servers = new FdSockServers();

    private static FrameInfo closeFrom(Endpoint server) {
        return new FrameInfo(12, 5_000, server, PINGER, Transport.FD_SOCK);
    }

    @Test
    void aSilentCloseFromAnAnnouncedServerSocketIsAnAbnormalTerminationNamingItsMember() {
        servers.learn(iHaveSock(C, "127.0.0.1:31874"));
        FrameInfo at = closeFrom(new Endpoint("127.0.0.1", 31874));
        MessageRecord r = servers.abnormalTermination(at);
        assertNotNull(r);
        assertEquals("ABNORMAL_TERMINATION", r.type());
        assertTrue(r.isAbnormalTermination());
        assertSame(at, r.frame(), "the packet that closed it, its sockets");
        assertEquals(C, r.src(), "the member that owned the server socket");
        assertNull(r.dest());
        assertNull(r.version(), "nothing on the wire names a version");
        assertEquals(0, r.length(), "no byte travelled");
        assertTrue(r.headers().isEmpty());
    }

    @Test
    void aCloseFromAnotherSocketIsNone() {
        servers.learn(iHaveSock(C, "127.0.0.1:31874"));
        assertNull(servers.abnormalTermination(closeFrom(new Endpoint("127.0.0.1", 31875))));
        assertNull(servers.abnormalTermination(closeFrom(new Endpoint("127.0.0.2", 31874))));
        assertNull(servers.abnormalTermination(new FrameInfo(1, -1, null, null, Transport.FD_SOCK)));
    }

    @Test
    void onlyFdSocksIHaveSockTeaches() {
        servers.learn(fdSock("FD_SOCK", "WHO_HAS_SOCK", C, "127.0.0.1:1"));
        servers.learn(fdSock("FD_SOCK2", "I_HAVE_SOCK", C, "127.0.0.1:2"));
        servers.learn(fdSock("FD_SOCK", "I_HAVE_SOCK", null, "127.0.0.1:3"));
        servers.learn(fdSock("FD_SOCK", "I_HAVE_SOCK", C, null));
        assertEquals(0, servers.size());
        for (int port = 1; port <= 3; port++)
            assertNull(servers.abnormalTermination(closeFrom(new Endpoint("127.0.0.1", port))));
    }

    @Test
    void theLatestAnnouncementOfASocketNamesItsOwner() {
        NodeAddress d = NodeAddress.uuid("00000000-0000-0000-0000-00000000000d");
        servers.learn(iHaveSock(C, "127.0.0.1:31874"));
        servers.learn(iHaveSock(d, "127.0.0.1:31874"));
        assertEquals(
                d,
                servers.abnormalTermination(closeFrom(new Endpoint("127.0.0.1", 31874)))
                        .src());
    }

    @Test
    void ipv6AsTheJarWritesItMatchesIpv6AsTheCaptureDoes() {
        servers.learn(iHaveSock(C, "[0:0:0:0:0:0:0:1]:7900"));
        servers.learn(iHaveSock(C, "[fe80:0:0:0:0:0:0:a%lo]:7901"));
        assertNotNull(servers.abnormalTermination(closeFrom(new Endpoint("::1", 7900))));
        assertNotNull(servers.abnormalTermination(closeFrom(new Endpoint("fe80::a", 7901))));
        assertNull(servers.abnormalTermination(closeFrom(new Endpoint("::2", 7900))));
    }

    @Test
    void groupsOfIpv6AreReadWholeOrNotAtAll() {
        assertEquals("0:0:0:0:0:0:0:1", FdSockServers.ipv6Groups("::1"));
        assertEquals("1:0:0:0:0:0:0:0", FdSockServers.ipv6Groups("1::"));
        assertEquals("fe80:0:0:0:0:0:1:2", FdSockServers.ipv6Groups("FE80::0001:2"));
        assertNull(FdSockServers.ipv6Groups("1::2::3"));
        assertNull(FdSockServers.ipv6Groups("1:2:3"));
        assertNull(FdSockServers.ipv6Groups("1:2:3:4:5:6:7:8::"));
        assertNull(FdSockServers.ipv6Groups("12345::"));
        assertNull(FdSockServers.ipv6Groups("::ffff:1.2.3.4"), "dotted tails: the jar writes hex groups");
    }

    @Test
    void aCaptureAnnouncingEndlessSocketsKeepsTheMostRecent() {
        int n = FdSockServers.MAX_SOCKETS + 100;
        for (int i = 0; i < n; i++) servers.learn(iHaveSock(C, "10.0." + (i >> 8) + "." + (i & 255) + ":7900"));
        assertEquals(FdSockServers.MAX_SOCKETS, servers.size());
        assertNull(servers.abnormalTermination(closeFrom(new Endpoint("10.0.0.0", 7900))), "the first is forgotten");
        int last = n - 1;
        assertNotNull(
                servers.abnormalTermination(closeFrom(new Endpoint("10.0." + (last >> 8) + "." + (last & 255), 7900))));
    }
}
