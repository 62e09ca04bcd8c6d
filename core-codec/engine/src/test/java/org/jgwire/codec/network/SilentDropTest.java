package org.jgwire.codec.network;

import static org.jgwire.codec.network.Packets.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;

/** Packets the network layer cannot use are reported where that means damage, and skipped silently elsewhere. */
class SilentDropTest {
    private static final byte[] DATAGRAM = udp(7800, 45588, text("a JGroups multicast, long enough to be cut"));

    private final ProblemLog problems = new ProblemLog();
    private final JGroupsEndpoints jgroups = new JGroupsEndpoints(16);
    private final NetworkDissector dissector = new NetworkDissector(Limits.DEFAULTS, problems, jgroups);

    @Test
    void unknownLinkTypeIsReportedOnceWithItsNumber() {
        byte[] ip = ipv4("10.0.0.1", "10.0.0.2", UDP, DATAGRAM);
        assertNull(dissector.dissect(packet(1, 147, ip)));
        assertNull(dissector.dissect(packet(2, 147, ip)));
        ProblemLog.Entry e = problems.only();
        assertEquals(1, e.packet());
        assertEquals(ProblemKind.MALFORMED, e.kind());
        assertTrue(e.message().contains("link type 147"), e.message());
    }

    @Test
    void ethernetFramesWithoutIpStaySilent() {
        assertNull(dissector.dissect(packet(1, RawPacket.LINKTYPE_ETHERNET, ethernet(0x0806, new byte[28])))); // ARP
        assertTrue(problems.entries.isEmpty(), problems.entries::toString);
    }

    @Test
    void ipHeaderOfAnotherVersionWhereIpIsAnnouncedIsMalformed() {
        byte[] ip = ipv4("10.0.0.1", "10.0.0.2", UDP, DATAGRAM);
        ip[0] = (byte) (0x50 | ip[0] & 0x0F); // version 5
        assertNull(dissector.dissect(packet(3, RawPacket.LINKTYPE_ETHERNET, ethernet(0x0800, ip))));
        assertEquals(3, problems.only().packet());
        assertTrue(
                problems.only().message().contains("IP version 5"),
                problems.only().message());
    }

    @Test
    void otherProtocolBetweenJGroupsEndpointsIsReported() {
        byte[] ip = ipv4("10.0.0.1", "10.0.0.2", 253, DATAGRAM); // the protocol byte damaged
        assertNull(dissector.dissect(packet(1, RawPacket.LINKTYPE_RAW, ip)));
        assertTrue(problems.entries.isEmpty(), "no JGroups seen yet: other traffic");
        jgroups.carried(new Endpoint("10.0.0.1", 7800), new Endpoint("10.0.0.2", 45588));
        assertNull(dissector.dissect(packet(2, RawPacket.LINKTYPE_RAW, ip)));
        ProblemLog.Entry e = problems.only();
        assertEquals(2, e.packet());
        assertTrue(e.message().contains("protocol 253") && e.message().contains("10.0.0.1:7800"), e.message());
        assertNull(dissector.dissect(packet(3, RawPacket.LINKTYPE_RAW, ipv4("10.0.0.5", "10.0.0.9", 1, DATAGRAM))));
        assertEquals(1, problems.entries.size(), "ICMP to another host is not ours");
    }

    @Test
    void datagramsStillInIpReassemblyAtTheEndAreReportedOnceEach() {
        byte[] first = ipv4("10.0.0.1", "10.0.0.2", UDP, 7, true, 0, new byte[0], Arrays.copyOfRange(DATAGRAM, 0, 16));
        byte[] last =
                ipv4("10.0.0.1", "10.0.0.2", UDP, 8, false, 24, new byte[0], Arrays.copyOfRange(DATAGRAM, 24, 50));
        assertNull(dissector.dissect(packet(4, RawPacket.LINKTYPE_RAW, first)));
        assertNull(dissector.dissect(packet(5, RawPacket.LINKTYPE_RAW, last)));
        assertTrue(problems.entries.isEmpty());
        dissector.finish();
        assertEquals(2, problems.entries.size(), problems.entries::toString);
        assertEquals(4, problems.entries.get(0).packet());
        assertEquals(ProblemKind.INCOMPLETE, problems.entries.get(0).kind());
        assertTrue(
                problems.entries.get(0).message().contains("id 7"),
                problems.entries.get(0).message());
        assertTrue(problems.entries.get(1).message().contains("26 bytes received of 50"), problems.entries.toString());
        dissector.finish();
        assertEquals(2, problems.entries.size(), "reported once");
    }
}
