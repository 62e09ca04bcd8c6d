package org.jgwire.codec.network;

import static org.jgwire.codec.network.Packets.concat;
import static org.jgwire.codec.network.Packets.ethernet;
import static org.jgwire.codec.network.Packets.fragment6;
import static org.jgwire.codec.network.Packets.ipv4;
import static org.jgwire.codec.network.Packets.ipv6;
import static org.jgwire.codec.network.Packets.packet;
import static org.jgwire.codec.network.Packets.tcp;
import static org.jgwire.codec.network.Packets.text;
import static org.jgwire.codec.network.Packets.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.network.PacketAddresses.Kind;
import org.junit.jupiter.api.Test;

/** What a split reads of a packet: addresses, ports, SYN, and the datagram an IP fragment belongs to. */
class PacketAddressesTest {
    private static PacketAddresses of(int ethertype, byte[] ip) {
        return PacketAddresses.of(packet(1, RawPacket.LINKTYPE_ETHERNET, ethernet(ethertype, ip)));
    }

    @Test
    void udpOverIpv4HasItsSenderAndNoFragment() {
        PacketAddresses a = of(0x0800, ipv4("10.0.0.5", "228.8.8.8", 17, udp(7800, 45588, text("x"))));
        assertEquals(Kind.UDP, a.kind());
        assertEquals("10.0.0.5:7800", a.srcEndpoint());
        assertEquals("228.8.8.8:45588", a.dstEndpoint());
        assertNull(a.fragment());
    }

    @Test
    void aSynWithoutAckOpensTheConnection() {
        byte[] syn = tcp(40000, 7800, 1, 0x02, new byte[0], new byte[0]);
        byte[] synAck = tcp(7800, 40000, 1, 0x12, new byte[0], new byte[0]);
        assertTrue(of(0x0800, ipv4("10.0.0.1", "10.0.0.2", 6, syn)).syn());
        PacketAddresses back = of(0x0800, ipv4("10.0.0.2", "10.0.0.1", 6, synAck));
        assertEquals(Kind.TCP, back.kind());
        assertFalse(back.syn());
    }

    @Test
    void ipv4FragmentsShareTheirDatagramsKeyAndOnlyTheFirstHasPorts() {
        byte[] datagram = udp(7800, 7801, new byte[64]);
        byte[] first = java.util.Arrays.copyOf(datagram, 32), rest = java.util.Arrays.copyOfRange(datagram, 32, 72);
        PacketAddresses a = of(0x0800, ipv4("10.0.0.5", "10.0.0.6", 17, 77, true, 0, new byte[0], first));
        PacketAddresses b = of(0x0800, ipv4("10.0.0.5", "10.0.0.6", 17, 77, false, 32, new byte[0], rest));
        assertEquals(Kind.UDP, a.kind());
        assertEquals(7800, a.srcPort());
        assertEquals(Kind.LATER_FRAGMENT, b.kind());
        assertEquals(-1, b.srcPort());
        assertNotNull(a.fragment());
        assertEquals(a.fragment(), b.fragment());
        PacketAddresses other = of(0x0800, ipv4("10.0.0.5", "10.0.0.6", 17, 78, false, 32, new byte[0], rest));
        assertFalse(a.fragment().equals(other.fragment()), "another IP id, another datagram");
    }

    @Test
    void ipv6FragmentsShareTheirDatagramsKey() {
        byte[] datagram = udp(7800, 7801, new byte[64]);
        byte[] first = concat(fragment6(17, 0, true, 9), java.util.Arrays.copyOf(datagram, 32));
        byte[] rest = concat(fragment6(17, 32, false, 9), java.util.Arrays.copyOfRange(datagram, 32, 72));
        PacketAddresses a = of(0x86DD, ipv6("fd00::1", "fd00::2", 44, first));
        PacketAddresses b = of(0x86DD, ipv6("fd00::1", "fd00::2", 44, rest));
        assertEquals(Kind.UDP, a.kind());
        assertEquals("[fd00::1]:7800", a.srcEndpoint()); // as the decoder writes an IPv6 endpoint
        assertEquals(Kind.LATER_FRAGMENT, b.kind());
        assertEquals(a.fragment(), b.fragment());
    }

    @Test
    void arpAndIcmpAreOther() {
        assertEquals(Kind.OTHER, of(0x0806, new byte[28]).kind());
        assertEquals(
                Kind.OTHER,
                of(0x0800, ipv4("10.0.0.5", "10.0.0.6", 1, new byte[16])).kind());
    }
}
