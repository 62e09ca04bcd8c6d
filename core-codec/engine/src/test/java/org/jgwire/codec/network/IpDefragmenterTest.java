package org.jgwire.codec.network;

import static org.jgwire.codec.network.Packets.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;

/** IPv4 and IPv6 reassembly through the dissector: order, overlap, bounds. */
class IpDefragmenterTest {
    private static final byte[] PAYLOAD = Arrays.copyOf(
            text("a fragmented JGroups multicast, long enough to" + " need three fragments of forty bytes each....."),
            100);
    private static final byte[] DATAGRAM = udp(7800, 45588, PAYLOAD); // 108 bytes

    private final ProblemLog problems = new ProblemLog();
    private NetworkDissector dissector = new NetworkDissector(Limits.DEFAULTS, problems);
    private long number;

    private static byte[] slice(int from, int to) {
        return Arrays.copyOfRange(DATAGRAM, from, to);
    }

    private static byte[] v4(int id, int from, int to, boolean more) {
        return ipv4("10.0.0.1", "10.0.0.2", UDP, id, more, from, new byte[0], slice(from, to));
    }

    private static byte[] v6(int id, int from, int to, boolean more) {
        return ipv6("fe80::1", "fe80::2", 44, concat(fragment6(UDP, from, more, id), slice(from, to)));
    }

    /** Feeds the packets in order; returns what each one yielded. */
    private List<Transported> feed(byte[]... ips) {
        List<Transported> out = new ArrayList<>();
        for (byte[] ip : ips) out.add(dissector.dissect(packet(++number, RawPacket.LINKTYPE_RAW, ip)));
        return out;
    }

    private void assertCompletedByLast(List<Transported> out) {
        for (int i = 0; i < out.size() - 1; i++) assertNull(out.get(i), "packet " + (i + 1));
        UdpDatagram u = (UdpDatagram) out.get(out.size() - 1);
        assertEquals(45588, u.dst().port());
        assertArrayEquals(PAYLOAD, payloadOf(u));
        assertTrue(problems.entries.isEmpty(), problems.entries::toString);
    }

    @Test
    void reassemblesIpv4FragmentsInOrder() {
        assertCompletedByLast(feed(v4(1, 0, 40, true), v4(1, 40, 80, true), v4(1, 80, 108, false)));
    }

    @Test
    void reassemblesIpv4FragmentsInReverse() {
        assertCompletedByLast(feed(v4(1, 80, 108, false), v4(1, 40, 80, true), v4(1, 0, 40, true)));
    }

    @Test
    void reassemblesOverlappingAndDuplicatedIpv4Fragments() {
        assertCompletedByLast(feed(v4(1, 0, 48, true), v4(1, 0, 48, true), v4(1, 80, 108, false), v4(1, 40, 88, true)));
    }

    @Test
    void reassemblesIpv6FragmentsInOrderReversedAndOverlapping() {
        assertCompletedByLast(feed(v6(1, 0, 40, true), v6(1, 40, 80, true), v6(1, 80, 108, false)));
        assertCompletedByLast(feed(v6(2, 80, 108, false), v6(2, 40, 80, true), v6(2, 0, 40, true)));
        assertCompletedByLast(feed(v6(3, 40, 88, true), v6(3, 0, 48, true), v6(3, 80, 108, false)));
    }

    @Test
    void ipv6ExtensionHeadersInsideTheFragmentablePartAreWalkedAfterReassembly() {
        byte[] inner = concat(extension(UDP, 1), DATAGRAM); // destination options, then UDP: 116 bytes
        byte[] a = ipv6(
                "fe80::1",
                "fe80::2",
                0,
                concat(
                        extension(44, 1), // hop-by-hop before the fragment header
                        fragment6(60, 0, true, 9),
                        Arrays.copyOfRange(inner, 0, 64)));
        byte[] b = ipv6(
                "fe80::1",
                "fe80::2",
                44,
                concat(fragment6(60, 64, false, 9), Arrays.copyOfRange(inner, 64, inner.length)));
        List<Transported> out = feed(b, a);
        assertNull(out.get(0));
        UdpDatagram u = (UdpDatagram) out.get(1);
        assertEquals(new Endpoint("fe80::1", 7800), u.src());
        assertArrayEquals(PAYLOAD, payloadOf(u));
    }

    @Test
    void keepsDatagramsOfDifferentIdsAndHostsApart() {
        byte[] otherHost = ipv4("10.0.0.3", "10.0.0.2", UDP, 1, true, 0, new byte[0], slice(0, 40));
        List<Transported> out =
                feed(v4(1, 0, 40, true), otherHost, v4(2, 40, 80, true), v4(1, 40, 80, true), v4(1, 80, 108, false));
        assertNull(out.get(3));
        assertArrayEquals(PAYLOAD, payloadOf(out.get(4)));
    }

    @Test
    void evictsTheOldestDatagramBeyondTheSetLimit() {
        dissector = new NetworkDissector(
                Limits.builder()
                        .maxFrameLength(1 << 20)
                        .maxOpenStreams(16)
                        .maxStreamBuffer(1 << 20)
                        .maxIpFragmentSets(2)
                        .maxIpFragmentBytes(65535)
                        .build(),
                problems);
        List<Transported> out = feed(v4(1, 0, 40, true), v4(2, 0, 40, true), v4(3, 0, 40, true));
        ProblemLog.Entry e = problems.only();
        assertEquals(ProblemKind.LIMIT, e.kind());
        assertEquals(3, e.packet());
        assertTrue(e.message().contains("2 ") && e.message().contains("id 1"), e.message());
        problems.entries.clear();
        // Datagram 1 lost its first fragment; datagram 3 is still whole.
        out = feed(v4(1, 40, 80, true), v4(1, 80, 108, false), v4(3, 40, 80, true), v4(3, 80, 108, false));
        assertNull(out.get(1), "datagram 1 cannot complete");
        assertArrayEquals(PAYLOAD, payloadOf(out.get(3)));
    }

    @Test
    void evictsTheOldestIpv6DatagramToo() {
        dissector = new NetworkDissector(
                Limits.builder()
                        .maxFrameLength(1 << 20)
                        .maxOpenStreams(16)
                        .maxStreamBuffer(1 << 20)
                        .maxIpFragmentSets(1)
                        .maxIpFragmentBytes(65535)
                        .build(),
                problems);
        List<Transported> out =
                feed(v6(7, 0, 40, true), v6(8, 80, 108, false), v6(7, 40, 80, true), v6(7, 80, 108, false));
        assertTrue(out.stream().allMatch(t -> t == null), "7 lost its first fragment when 8 arrived");
        assertEquals(ProblemKind.LIMIT, problems.entries.get(0).kind());
        assertTrue(
                problems.entries.get(0).message().contains("IPv6 id 7"),
                problems.entries.get(0).message());
    }

    @Test
    void dropsADatagramLargerThanTheByteLimit() {
        dissector = new NetworkDissector(
                Limits.builder()
                        .maxFrameLength(1 << 20)
                        .maxOpenStreams(16)
                        .maxStreamBuffer(1 << 20)
                        .maxIpFragmentSets(16)
                        .maxIpFragmentBytes(100)
                        .build(),
                problems);
        List<Transported> out = feed(v4(1, 0, 40, true), v4(1, 80, 108, false), v4(1, 40, 80, true));
        assertTrue(out.stream().allMatch(t -> t == null));
        assertEquals(ProblemKind.LIMIT, problems.entries.get(0).kind());
        assertTrue(
                problems.entries.get(0).message().contains("108")
                        && problems.entries.get(0).message().contains("100"),
                problems.entries.get(0).message());
    }

    @Test
    void anOverlapWithDifferentBytesIsReportedAndTheLaterCopyUsed() {
        byte[] forged = v4(1, 40, 88, true);
        int firstPayloadByte = forged.length - 48;
        forged[firstPayloadByte + 10] ^= 0x55; // datagram byte 50, also in the first fragment below
        List<Transported> out = feed(v4(1, 0, 56, true), forged, v4(1, 80, 108, false));
        UdpDatagram u = (UdpDatagram) out.get(2);
        assertEquals(DATAGRAM[50] ^ 0x55, payloadOf(u)[50 - 8] & 0xff, "the bytes that arrived last");
        ProblemLog.Entry e = problems.only();
        assertEquals(ProblemKind.MALFORMED, e.kind());
        assertEquals(2, e.packet());
        assertTrue(e.message().contains("overlap with different bytes from byte 50"), e.message());
    }

    @Test
    void reportsFragmentsThatDisagreeOnTheEnd() {
        List<Transported> out = feed(v4(1, 80, 108, false), v4(1, 80, 100, false), v4(1, 0, 40, true));
        assertTrue(out.stream().allMatch(t -> t == null));
        assertEquals(ProblemKind.MALFORMED, problems.entries.get(0).kind());
        assertEquals(2, problems.entries.get(0).packet());
    }

    @Test
    void reportsAFragmentCutByTheCapture() {
        byte[] ip = v4(1, 0, 40, true);
        RawPacket p = new RawPacket(1, 0, RawPacket.LINKTYPE_RAW, Arrays.copyOf(ip, 30), ip.length);
        assertNull(dissector.dissect(p));
        assertEquals(ProblemKind.TRUNCATED, problems.only().kind());
    }
}
