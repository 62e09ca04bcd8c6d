package org.jgwire.codec.network;

import static org.jgwire.codec.network.Packets.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;

/**
 * ICMP destination-unreachable errors: the UDP datagram they quote (its endpoints, the code, who reported it) is
 * handed up as a bounce, whatever the quote keeps of its payload; anything else ICMP carries is skipped silently,
 * and no offset is read past the packet.
 */
class IcmpBounceTest {
    private static final int ICMP = 1, ICMPV6 = 58;
    /** A JGroups datagram as a member sent it, longer than the quotes below keep of it. */
    private static final byte[] SENT = ipv4("127.0.0.1", "127.0.0.1", UDP, udp(22622, 29073, new byte[600]));

    private final ProblemLog problems = new ProblemLog();
    private final NetworkDissector dissector =
            new NetworkDissector(Limits.DEFAULTS, problems, new JGroupsEndpoints(16));

    private Transported raw(byte[] ip) {
        return dissector.dissect(packet(7, RawPacket.LINKTYPE_RAW, ip));
    }

    /** The first {@code n} bytes of what a member sent, as an ICMP error quotes them. */
    private static byte[] quote(int n) {
        return Arrays.copyOf(SENT, n);
    }

    @Test
    void portUnreachableQuotingAUdpDatagramIsABounceOfThatDatagram() {
        IcmpBounce b =
                assertInstanceOf(IcmpBounce.class, raw(ipv4("10.0.0.9", "127.0.0.1", ICMP, icmp(3, 3, quote(548)))));
        assertEquals(new Endpoint("127.0.0.1", 22622), b.src());
        assertEquals(new Endpoint("127.0.0.1", 29073), b.dst());
        assertEquals("10.0.0.9", b.reporter(), "the host that answered, not the quoted one");
        assertEquals(3, b.code());
        assertFalse(b.v6());
        assertTrue(problems.entries.isEmpty(), "the quoted datagram's claimed 628 bytes are no damage");
    }

    @Test
    void otherDestinationUnreachableCodesAreBouncesToo() {
        IcmpBounce b = (IcmpBounce) raw(ipv4("10.0.0.1", "127.0.0.1", ICMP, icmp(3, 13, quote(28))));
        assertEquals(13, b.code(), "communication administratively prohibited (a firewall's reject)");
    }

    @Test
    void aQuoteCutBeforeThePortsIsSkippedSilently() {
        for (int n = 0; n < 24; n++)
            assertNull(raw(ipv4("127.0.0.1", "127.0.0.1", ICMP, icmp(3, 3, quote(n)))), n + " bytes quoted");
        assertInstanceOf(IcmpBounce.class, raw(ipv4("127.0.0.1", "127.0.0.1", ICMP, icmp(3, 3, quote(24)))));
        assertTrue(problems.entries.isEmpty(), problems.entries::toString);
    }

    @Test
    void aPacketCutByTheCaptureStillBouncesWhenItKeptThePorts() {
        byte[] ip = ipv4("127.0.0.1", "127.0.0.1", ICMP, icmp(3, 3, quote(548)));
        for (int kept = 10; kept <= ip.length; kept++) { // from where the IP protocol can be read
            byte[] cut = Arrays.copyOf(ip, kept);
            Transported t = dissector.dissect(new RawPacket(kept, 0, RawPacket.LINKTYPE_RAW, cut, ip.length));
            if (kept >= 20 + 8 + 24) assertInstanceOf(IcmpBounce.class, t, kept + " bytes kept");
            else assertNull(t, kept + " bytes kept");
        }
        assertTrue(problems.entries.isEmpty(), "an ICMP error is never a truncated frame: " + problems.entries);
    }

    @Test
    void otherIcmpMessagesAndQuotesOfOtherProtocolsAreSkipped() {
        assertNull(raw(ipv4("127.0.0.1", "127.0.0.1", ICMP, icmp(8, 0, quote(28)))), "echo request");
        assertNull(raw(ipv4("127.0.0.1", "127.0.0.1", ICMP, icmp(11, 0, quote(28)))), "time exceeded");
        byte[] tcp = ipv4("127.0.0.1", "127.0.0.1", TCP, tcp(7800, 7801, 1, 2, new byte[0], new byte[0]));
        assertNull(raw(ipv4("127.0.0.1", "127.0.0.1", ICMP, icmp(3, 3, tcp))), "a TCP segment quoted");
        byte[] later = ipv4("127.0.0.1", "127.0.0.1", UDP, 5, false, 1480, new byte[0], new byte[40]);
        assertNull(raw(ipv4("127.0.0.1", "127.0.0.1", ICMP, icmp(3, 3, later))), "a later fragment has no ports");
        byte[] badIhl = quote(28);
        badIhl[0] = 0x44; // IHL 16 bytes
        assertNull(raw(ipv4("127.0.0.1", "127.0.0.1", ICMP, icmp(3, 3, badIhl))));
        byte[] longIhl = quote(28);
        longIhl[0] = 0x4F; // IHL 60 bytes, beyond the quote
        assertNull(raw(ipv4("127.0.0.1", "127.0.0.1", ICMP, icmp(3, 3, longIhl))));
        assertTrue(problems.entries.isEmpty(), problems.entries::toString);
    }

    @Test
    void aLaterFragmentOfTheIcmpPacketIsNoBounce() {
        byte[] ip = ipv4("127.0.0.1", "127.0.0.1", ICMP, 9, false, 8, new byte[0], icmp(3, 3, quote(28)));
        assertNull(raw(ip));
    }

    @Test
    void aUdpDatagramWhoseProtocolByteSaysIcmpIsStillDamageBetweenJGroupsEndpoints() {
        JGroupsEndpoints jgroups = new JGroupsEndpoints(16);
        NetworkDissector d = new NetworkDissector(Limits.DEFAULTS, problems, jgroups);
        jgroups.carried(new Endpoint("10.0.0.1", 7800), new Endpoint("10.0.0.2", 45588));
        byte[] ip = ipv4("10.0.0.1", "10.0.0.2", ICMP, udp(7800, 45588, text("a multicast, its protocol damaged")));
        assertNull(d.dissect(packet(3, RawPacket.LINKTYPE_RAW, ip)));
        assertEquals(ProblemKind.MALFORMED, problems.only().kind());
        assertTrue(
                problems.only().message().contains("protocol 1 "),
                problems.only().message());
    }

    // --- ICMPv6 ---

    private static final byte[] SENT6 = ipv6("2001:db8::1", "2001:db8::2", UDP, udp(7800, 7801, new byte[1300]));

    @Test
    void icmpv6PortUnreachableIsABounce() {
        byte[] ip = ipv6("2001:db8::2", "2001:db8::1", ICMPV6, icmp(1, 4, Arrays.copyOf(SENT6, 1232)));
        IcmpBounce b = assertInstanceOf(IcmpBounce.class, raw(ip));
        assertEquals(new Endpoint("2001:db8::1", 7800), b.src());
        assertEquals(new Endpoint("2001:db8::2", 7801), b.dst());
        assertEquals("2001:db8::2", b.reporter());
        assertEquals(4, b.code());
        assertTrue(b.v6());
    }

    @Test
    void icmpv6BehindAnExtensionHeaderIsReadToo() {
        byte[] body = concat(extension(ICMPV6, 1), icmp(1, 4, Arrays.copyOf(SENT6, 48)));
        assertInstanceOf(IcmpBounce.class, raw(ipv6("::1", "::1", 0, body)));
    }

    @Test
    void icmpv6QuotesCutOrOfAnotherKindAreSkipped() {
        for (int n = 0; n < 44; n++)
            assertNull(raw(ipv6("::1", "::1", ICMPV6, icmp(1, 4, Arrays.copyOf(SENT6, n)))), n + " bytes quoted");
        assertInstanceOf(IcmpBounce.class, raw(ipv6("::1", "::1", ICMPV6, icmp(1, 4, Arrays.copyOf(SENT6, 44)))));
        assertNull(raw(ipv6("::1", "::1", ICMPV6, icmp(128, 0, Arrays.copyOf(SENT6, 48)))), "echo request");
        assertNull(raw(ipv6("::1", "::1", ICMPV6, icmp(2, 0, Arrays.copyOf(SENT6, 48)))), "packet too big");
        byte[] withExtension = concat(Arrays.copyOf(SENT6, 40), extension(UDP, 1), Arrays.copyOfRange(SENT6, 40, 60));
        withExtension[6] = 0; // the quoted datagram's next header: hop-by-hop, not UDP
        assertNull(raw(ipv6("::1", "::1", ICMPV6, icmp(1, 4, withExtension))), "not read behind extensions");
        assertTrue(problems.entries.isEmpty(), problems.entries::toString);
    }
}
