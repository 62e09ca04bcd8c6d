package org.jgwire.codec.network;

import static org.jgwire.codec.network.Packets.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;

/** IPv4, IPv6 extension headers, UDP and TCP, and what happens when the capture cut them. */
class IpTransportTest {
    private static final byte[] PAYLOAD = text("0123456789abcdefghij");

    private final ProblemLog problems = new ProblemLog();
    private final NetworkDissector dissector = new NetworkDissector(Limits.DEFAULTS, problems);

    private Transported raw(byte[] ip) {
        return dissector.dissect(packet(9, RawPacket.LINKTYPE_RAW, ip));
    }

    @Test
    void skipsIpv4Options() {
        byte[] options = {(byte) 0x94, 4, 0, 0, /* router alert */ 1, 1, 1, 0 /* NOPs, end */};
        byte[] ip = ipv4("192.168.1.10", "239.8.8.8", UDP, 1, false, 0, options, udp(1000, 2000, PAYLOAD));
        UdpDatagram u = (UdpDatagram) raw(ip);
        assertEquals(new Endpoint("239.8.8.8", 2000), u.dst());
        assertArrayEquals(PAYLOAD, payloadOf(u));
    }

    @Test
    void udpLengthShorterThanIpPayloadIsHonoured() {
        byte[] datagram = udp(1, 2, PAYLOAD);
        datagram[5] = 8 + 5; // UDP length: only 5 payload bytes
        UdpDatagram u = (UdpDatagram) raw(ipv4("1.1.1.1", "2.2.2.2", UDP, datagram));
        assertArrayEquals(Arrays.copyOf(PAYLOAD, 5), payloadOf(u));
        assertTrue(problems.entries.isEmpty());
    }

    @Test
    void tcpSegmentHasUnsignedSequenceFlagsAndPayloadAfterOptions() {
        byte[] options = {2, 4, 0x05, (byte) 0xb4, 1, 1, 4, 2, 1, 1, 1, 0}; // MSS, NOPs, SACK permitted, pad
        byte[] seg = tcp(45000, 7800, 0xFFFFFFF0L, TcpSegment.PSH | TcpSegment.ACK, options, PAYLOAD);
        TcpSegment s = (TcpSegment) raw(ipv4("127.0.0.1", "127.0.0.1", TCP, seg));
        assertEquals(0xFFFFFFF0L, s.seq());
        assertTrue(s.has(TcpSegment.PSH) && s.has(TcpSegment.ACK) && !s.has(TcpSegment.SYN));
        assertEquals(new Endpoint("127.0.0.1", 45000), s.src());
        assertEquals(new Endpoint("127.0.0.1", 7800), s.dst());
        assertArrayEquals(PAYLOAD, payloadOf(s));
    }

    @Test
    void emptySynSegment() {
        TcpSegment s =
                (TcpSegment) raw(ipv6("::1", "::1", TCP, tcp(1, 2, 100, TcpSegment.SYN, new byte[0], new byte[0])));
        assertEquals(0, s.length());
        assertTrue(s.has(TcpSegment.SYN));
        assertEquals(new Endpoint("::1", 1), s.src());
    }

    @Test
    void walksIpv6ExtensionHeaders() {
        byte[] chain = concat(
                extension(43, 1), // hop-by-hop -> routing
                extension(60, 2), // routing (16 bytes) -> destination options
                extension(44, 1), // destination options -> fragment
                fragment6(UDP, 0, false, 77), // atomic fragment (RFC 6946) -> UDP
                udp(5000, 6000, PAYLOAD));
        UdpDatagram u = (UdpDatagram) raw(ipv6("2001:db8::1", "2001:db8:0:0:1::2", 0, chain));
        assertEquals(new Endpoint("2001:db8::1", 5000), u.src());
        assertEquals(new Endpoint("2001:db8::1:0:0:2", 6000), u.dst(), "RFC 5952: the first of equal runs");
        assertArrayEquals(PAYLOAD, payloadOf(u));
    }

    @Test
    void anIpv6ExtensionHeaderClaimingMoreThanThePayloadSaysSoInWords() {
        byte[] hopByHop = extension(UDP, 1);
        hopByHop[1] = (byte) 200; // (200 + 1) * 8 = 1,608 bytes in a packet of a few dozen
        assertNull(raw(ipv6("::1", "::2", 0, concat(hopByHop, udp(1, 2, PAYLOAD)))));
        ProblemLog.Entry e = problems.only();
        assertEquals(ProblemKind.MALFORMED, e.kind());
        assertEquals(
                "IPv6 extension header 0 claims 1608 bytes, more than the " + (8 + 8 + PAYLOAD.length)
                        + " left in the IPv6 payload",
                e.message());
    }

    @Test
    void ipv6NoNextHeaderAndIcmpAreSkipped() {
        assertNull(raw(ipv6("::1", "::1", 59, new byte[0])));
        assertNull(raw(ipv6("::1", "::1", 58, new byte[8])));
        assertTrue(problems.entries.isEmpty());
    }

    @Test
    void sameHostsGiveTheSameEndpointInstance() {
        UdpDatagram a = (UdpDatagram) raw(ipv4("10.1.2.3", "10.1.2.4", UDP, udp(7800, 7801, PAYLOAD)));
        UdpDatagram b = (UdpDatagram) raw(ipv4("10.1.2.4", "10.1.2.3", UDP, udp(7801, 7800, PAYLOAD)));
        assertSame(a.src(), b.dst());
        UdpDatagram c = (UdpDatagram) raw(ipv6("fe80::1", "fe80::2", UDP, udp(7800, 7801, PAYLOAD)));
        UdpDatagram d = (UdpDatagram) raw(ipv6("fe80::2", "fe80::1", UDP, udp(7801, 7800, PAYLOAD)));
        assertSame(c.src(), d.dst());
    }

    /** A packet snapped to {@code keep} bytes of its {@code whole.length}. */
    private Transported snapped(byte[] whole, int keep) {
        return dissector.dissect(
                new RawPacket(4, 44, RawPacket.LINKTYPE_RAW, Arrays.copyOf(whole, keep), whole.length));
    }

    @Test
    void reportsUdpHeaderCutByTheCapture() {
        assertNull(snapped(ipv4("1.1.1.1", "2.2.2.2", UDP, udp(1, 2, PAYLOAD)), 20 + 5));
        ProblemLog.Entry e = problems.only();
        assertEquals(ProblemKind.TRUNCATED, e.kind());
        assertEquals(4, e.packet());
        assertEquals(44, e.tsNanos());
        assertTrue(e.message().contains("5 of 8"), e.message());
    }

    @Test
    void aPacketCutBeforeItsProtocolIsReportedAndTheFirstCutNamesTheSnapLengthAndTheRemedy() {
        byte[] v4 = ipv4("1.1.1.1", "2.2.2.2", UDP, udp(1, 2, PAYLOAD));
        assertNull(snapped(v4, 6));
        assertNull(snapped(ipv6("::1", "::2", UDP, udp(1, 2, PAYLOAD)), 30));
        assertEquals(2, problems.entries.size(), problems.entries::toString);
        String first = problems.entries.get(0).message(),
                second = problems.entries.get(1).message();
        assertTrue(first.startsWith("IPv4 header cut by the capture before its protocol: 6 of 20 bytes"), first);
        assertTrue(first.contains("snap length of 6 bytes") && first.contains("tcpdump -s 0"), first);
        assertEquals("IPv6 header cut by the capture: 30 of 40 bytes (snap length 30)", second);
        // a packet as short as it was on the wire is not cut: nothing to tell (and no IP to read)
        assertNull(dissector.dissect(new RawPacket(5, 0, RawPacket.LINKTYPE_RAW, Arrays.copyOf(v4, 6), 6)));
        assertEquals(2, problems.entries.size());
    }

    @Test
    void theFirstTcpSegmentCutShortIsReportedAsTheCauseOfTheGapsThatFollow() {
        byte[] ip = ipv4("1.1.1.1", "2.2.2.2", TCP, tcp(1, 2, 7, TcpSegment.ACK, new byte[0], PAYLOAD));
        assertInstanceOf(TcpSegment.class, snapped(ip, 20 + 20 + 6));
        assertInstanceOf(TcpSegment.class, snapped(ip, 20 + 20 + 6));
        ProblemLog.Entry e = problems.only();
        assertEquals(ProblemKind.TRUNCATED, e.kind());
        assertTrue(e.message().startsWith("TCP segment cut by the capture"), e.message());
        assertTrue(e.message().contains("snap length of 46 bytes"), e.message());
    }

    @Test
    void reportsUdpPayloadCutByTheCaptureAndDoesNotDeliverIt() {
        assertNull(snapped(ipv4("1.1.1.1", "2.2.2.2", UDP, udp(1, 2, PAYLOAD)), 20 + 8 + 3));
        ProblemLog.Entry e = problems.only();
        assertEquals(ProblemKind.TRUNCATED, e.kind());
        assertTrue(e.message().contains("11 of 28"), e.message());
    }

    @Test
    void deliversTcpPayloadCutByTheCaptureAsFarAsItGoes() {
        byte[] ip = ipv6("::1", "::2", TCP, tcp(1, 2, 7, TcpSegment.ACK, new byte[0], PAYLOAD));
        TcpSegment s = (TcpSegment) snapped(ip, 40 + 20 + 6);
        assertArrayEquals(Arrays.copyOf(PAYLOAD, 6), payloadOf(s));
        assertEquals(7, s.seq());
        assertEquals(ProblemKind.TRUNCATED, problems.only().kind(), "the first segment cut names the cause of gaps");
    }

    @Test
    void reportsTcpHeaderCutByTheCapture() {
        byte[] ip = ipv4("1.1.1.1", "2.2.2.2", TCP, tcp(1, 2, 7, TcpSegment.ACK, new byte[8], PAYLOAD));
        assertNull(snapped(ip, 20 + 24)); // the fixed header is there, the options are not
        ProblemLog.Entry e = problems.only();
        assertEquals(ProblemKind.TRUNCATED, e.kind());
        assertTrue(e.message().contains("24 of 28"), e.message());
    }

    @Test
    void reportsLengthsThatContradictThePacket() {
        byte[] ip = ipv4("1.1.1.1", "2.2.2.2", UDP, udp(1, 2, PAYLOAD));
        byte[] longer = ip.clone();
        longer[3] = (byte) (ip.length + 10); // total length beyond a packet that was captured whole
        assertNull(raw(longer));
        byte[] badUdp = ip.clone();
        badUdp[20 + 5] = 4; // UDP length shorter than its header
        assertNull(raw(badUdp));
        byte[] badIhl = ip.clone();
        badIhl[0] = 0x44; // IHL 16 bytes
        assertNull(raw(badIhl));
        assertEquals(3, problems.entries.size(), problems.entries::toString);
        assertTrue(problems.entries.stream().allMatch(e -> e.kind() == ProblemKind.MALFORMED));
        assertTrue(problems.entries.get(0).message().contains(Integer.toString(ip.length + 10)));
    }

    @Test
    void tsoPacketWithZeroTotalLengthUsesTheCapturedBytes() {
        byte[] ip = ipv4("1.1.1.1", "2.2.2.2", TCP, tcp(1, 2, 7, TcpSegment.ACK, new byte[0], PAYLOAD));
        ip[2] = 0; // total length 0: filled in by the NIC after the capture
        ip[3] = 0;
        assertArrayEquals(PAYLOAD, payloadOf(raw(ip)));
    }
}
