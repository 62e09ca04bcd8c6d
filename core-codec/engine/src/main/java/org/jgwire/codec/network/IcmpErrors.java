package org.jgwire.codec.network;

import static org.jgwire.codec.network.Bytes.u16;
import static org.jgwire.codec.network.Bytes.u8;

/**
 * Reads the UDP datagram an ICMP destination-unreachable error quotes (RFC 792, RFC 4443): after the 8 bytes of the
 * ICMP header, the IP header of the datagram that bounced and at least the first 8 bytes of what it carried, here
 * its UDP header. The quote is whatever the sender kept (ICMPv4 errors keep 576 bytes at most), so the datagram's
 * own lengths are never trusted: only the bytes up to the ports are needed, each offset checked against the
 * packet's end. Anything else (another ICMP type, a quote of TCP, of a later fragment, or one cut before the ports)
 * is not a bounce: null.
 */
final class IcmpErrors {
    static final int ICMP = 1, ICMPV6 = 58;
    private static final int UDP = 17, DEST_UNREACHABLE_V4 = 3, DEST_UNREACHABLE_V6 = 1;

    private IcmpErrors() {}

    /**
     * The bounce an ICMPv4 message at {@code d[off, end)} reports, or null.
     *
     * @param ip the outer IPv4 header, whose source reported the error
     */
    static IcmpBounce v4(byte[] d, int ip, int off, int end, EndpointCache endpoints) {
        if (off + 8 > end || u8(d, off) != DEST_UNREACHABLE_V4) return null;
        int q = off + 8;
        if (q + 20 > end || (u8(d, q) >> 4) != 4 || u8(d, q + 9) != UDP) return null;
        int qihl = (u8(d, q) & 0xF) * 4;
        if (qihl < 20 || (u16(d, q + 6) & 0x1FFF) != 0) return null; // a later fragment quotes no UDP header
        int udp = q + qihl;
        if (udp + 4 > end) return null;
        return new IcmpBounce(
                endpoints.v4(d, q + 12, u16(d, udp)),
                endpoints.v4(d, q + 16, u16(d, udp + 2)),
                EndpointCache.ipv4(d, ip + 12),
                false,
                u8(d, off + 1));
    }

    /**
     * The bounce an ICMPv6 message at {@code buf[off, end)} reports, or null. A quoted datagram with extension
     * headers before its UDP header is not read.
     *
     * @param hdr the packet holding the outer IPv6 header at {@code ip}, whose source reported the error
     */
    static IcmpBounce v6(byte[] buf, int off, int end, byte[] hdr, int ip, EndpointCache endpoints) {
        if (off + 8 > end || u8(buf, off) != DEST_UNREACHABLE_V6) return null;
        int q = off + 8;
        if (q + 40 > end || (u8(buf, q) >> 4) != 6 || u8(buf, q + 6) != UDP) return null;
        int udp = q + 40;
        if (udp + 4 > end) return null;
        return new IcmpBounce(
                endpoints.v6(buf, q + 8, u16(buf, udp)),
                endpoints.v6(buf, q + 24, u16(buf, udp + 2)),
                EndpointCache.ipv6(hdr, ip + 8),
                true,
                u8(buf, off + 1));
    }
}
