package org.jgwire.codec.network;

import static org.jgwire.codec.network.Packets.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.model.Endpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every supported link type, carrying the same datagram. */
class LinkLayerTest {
    private static final byte[] PAYLOAD = text("hello jgroups");
    private static final byte[] V4 = ipv4("10.0.0.1", "10.0.0.2", UDP, udp(7800, 45588, PAYLOAD));
    private static final byte[] V6 = ipv6("fe80::1", "ff02::8:8", UDP, udp(7800, 45588, PAYLOAD));

    private final ProblemLog problems = new ProblemLog();
    private final NetworkDissector dissector = new NetworkDissector(Limits.DEFAULTS, problems);

    private void assertV4(int linkType, byte[] frame) {
        UdpDatagram u = (UdpDatagram) dissector.dissect(packet(1, linkType, frame));
        assertEquals(new Endpoint("10.0.0.1", 7800), u.src());
        assertEquals(new Endpoint("10.0.0.2", 45588), u.dst());
        assertArrayEquals(PAYLOAD, payloadOf(u));
        assertTrue(problems.entries.isEmpty(), problems.entries::toString);
    }

    private void assertV6(int linkType, byte[] frame) {
        UdpDatagram u = (UdpDatagram) dissector.dissect(packet(1, linkType, frame));
        assertEquals(new Endpoint("fe80::1", 7800), u.src());
        assertEquals(new Endpoint("ff02::8:8", 45588), u.dst());
        assertArrayEquals(PAYLOAD, payloadOf(u));
        assertTrue(problems.entries.isEmpty(), problems.entries::toString);
    }

    @Test
    void ethernetCarriesIpv4AndIpv6() {
        assertV4(RawPacket.LINKTYPE_ETHERNET, ethernet(0x0800, V4));
        assertV6(RawPacket.LINKTYPE_ETHERNET, ethernet(0x86DD, V6));
    }

    @Test
    void ethernetIgnoresPaddingAfterTheIpPacket() {
        byte[] tiny = ipv4("10.0.0.1", "10.0.0.2", UDP, udp(7800, 45588, text("x"))); // 29 bytes, padded to 46
        UdpDatagram u = (UdpDatagram) dissector.dissect(packet(1, 1, ethernet(0x0800, concat(tiny, new byte[17]))));
        assertArrayEquals(text("x"), payloadOf(u));
    }

    @Test
    void followsSingleAndStackedVlanTags() {
        assertV4(1, ethernet(0x8100, concat(vlanTag(100, 0x0800), V4)));
        assertV6(1, ethernet(0x88A8, concat(vlanTag(200, 0x8100), vlanTag(100, 0x86DD), V6))); // 802.1ad outer
        assertV4(1, ethernet(0x9100, concat(vlanTag(5, 0x0800), V4)));
    }

    @Test
    void linuxCookedV1AndV2() {
        assertV4(RawPacket.LINKTYPE_LINUX_SLL, sll(0x0800, V4));
        assertV6(RawPacket.LINKTYPE_LINUX_SLL, sll(0x86DD, V6));
        assertV4(RawPacket.LINKTYPE_LINUX_SLL, sll(0x8100, concat(vlanTag(7, 0x0800), V4)));
        assertV4(RawPacket.LINKTYPE_LINUX_SLL2, sll2(0x0800, V4));
        assertV6(RawPacket.LINKTYPE_LINUX_SLL2, sll2(0x86DD, V6));
    }

    @Test
    void bsdLoopbackWithAddressFamilyInEitherByteOrder() {
        for (int linkType : new int[] {RawPacket.LINKTYPE_NULL, RawPacket.LINKTYPE_LOOP}) {
            assertV4(linkType, nullLoop(2, ByteOrder.LITTLE_ENDIAN, V4));
            assertV4(linkType, nullLoop(2, ByteOrder.BIG_ENDIAN, V4));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 24, 28, 30}) // AF_INET6 of Linux, Net/OpenBSD, FreeBSD, macOS
    void bsdLoopbackKnowsEveryOperatingSystemsAfInet6(int af) {
        assertV6(RawPacket.LINKTYPE_NULL, nullLoop(af, ByteOrder.LITTLE_ENDIAN, V6));
        assertV6(RawPacket.LINKTYPE_LOOP, nullLoop(af, ByteOrder.BIG_ENDIAN, V6));
    }

    @Test
    void rawIpLinkTypes() {
        for (int linkType : new int[] {RawPacket.LINKTYPE_RAW, 12, 14}) {
            assertV4(linkType, V4);
            assertV6(linkType, V6);
        }
        assertV4(RawPacket.LINKTYPE_IPV4, V4);
        assertV6(RawPacket.LINKTYPE_IPV6, V6);
        assertNull(dissector.dissect(packet(1, RawPacket.LINKTYPE_IPV4, V6)), "IPv6 on an IPv4-only link");
    }

    @Test
    void skipsNonIpTrafficSilently() {
        byte[] arp = ethernet(0x0806, new byte[28]);
        assertNull(dissector.dissect(packet(1, 1, arp)));
        assertNull(dissector.dissect(packet(2, 1, ethernet(0x0060, new byte[40])))); // 802.3 length, LLC
        assertNull(dissector.dissect(packet(3, RawPacket.LINKTYPE_NULL, nullLoop(7, ByteOrder.BIG_ENDIAN, V4))));
        assertNull(dissector.dissect(packet(4, 1, new byte[5]))); // shorter than an Ethernet header
        assertNull(dissector.dissect(packet(5, 1, ethernet(0x8100, new byte[2])))); // cut VLAN tag
        assertNull(dissector.dissect(
                packet(7, 1, ethernet(0x0800, ipv4("10.0.0.1", "10.0.0.2", 1, new byte[8]))))); // ICMP
        assertTrue(problems.entries.isEmpty(), problems.entries::toString);
    }

    @Test
    void skipsUnknownLinkTypesButSaysSo() {
        assertNull(dissector.dissect(packet(6, 147, V4))); // a user link type
        assertTrue(problems.only().message().contains("link type 147"), problems.entries::toString);
    }
}
