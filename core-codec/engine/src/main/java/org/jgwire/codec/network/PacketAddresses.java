package org.jgwire.codec.network;

import static org.jgwire.codec.network.Bytes.u16;
import static org.jgwire.codec.network.Bytes.u8;

import java.util.Arrays;
import org.jgwire.codec.capture.RawPacket;

/**
 * Who a packet is from and to, read from its IP and TCP/UDP headers alone, without reassembling anything: what a
 * split of a capture by flow needs ({@code jgwire split}). Keeps no state, unlike {@link NetworkDissector}.
 *
 * @param kind      what the packet carries
 * @param src       the source IP address (4 or 16 bytes), null for {@link Kind#OTHER}
 * @param dst       the destination IP address, null for {@link Kind#OTHER}
 * @param srcPort   the source port, -1 for a fragment after the first
 * @param dstPort   the destination port, -1 for a fragment after the first
 * @param syn       a TCP segment with SYN and without ACK: its sender opens the connection
 * @param fragment  for an IP fragment, the datagram it belongs to (source, destination, protocol, IP id), else null
 */
public record PacketAddresses(
        Kind kind, byte[] src, byte[] dst, int srcPort, int dstPort, boolean syn, FragmentKey fragment) {
    /** What a packet carries, as a split sees it. */
    public enum Kind {
        TCP,
        UDP,
        /** An IP fragment after the first: no ports, it follows the first fragment of its datagram. */
        LATER_FRAGMENT,
        /** Not TCP or UDP over IP (ARP, ICMP, ...), or headers the capture cut short. */
        OTHER
    }

    /** The datagram an IP fragment belongs to (RFC 791, RFC 8200): equal for all of its fragments. */
    public record FragmentKey(String src, String dst, int protocol, long id) {}

    private static final int UDP = 17, TCP = 6;
    private static final int HOP_BY_HOP = 0, ROUTING = 43, FRAGMENT = 44, AH = 51, DEST_OPTIONS = 60;
    private static final PacketAddresses OTHER = new PacketAddresses(Kind.OTHER, null, null, -1, -1, false, null);

    /** The addresses of {@code p}; {@link Kind#OTHER} when it carries neither TCP nor UDP over IP. */
    public static PacketAddresses of(RawPacket p) {
        byte[] d = p.data();
        int len = d.length;
        int ip = LinkLayer.ipOffset(p.linkType(), d, len);
        if (ip < 0 || ip >= len) return OTHER;
        int version = d[ip] >> 4 & 0xF;
        if (version == 4) return ipv4(d, ip, len);
        if (version == 6) return ipv6(d, ip, len);
        return OTHER;
    }

    private static PacketAddresses ipv4(byte[] d, int ip, int len) {
        if (ip + 20 > len) return OTHER;
        int protocol = u8(d, ip + 9);
        if (protocol != UDP && protocol != TCP) return OTHER;
        int ihl = (d[ip] & 0xF) * 4;
        if (ihl < 20) return OTHER;
        byte[] src = Arrays.copyOfRange(d, ip + 12, ip + 16);
        byte[] dst = Arrays.copyOfRange(d, ip + 16, ip + 20);
        int flagsOffset = u16(d, ip + 6);
        boolean more = (flagsOffset & 0x2000) != 0;
        int fragOffset = flagsOffset & 0x1FFF;
        FragmentKey key = more || fragOffset != 0 ? fragmentKey(src, dst, protocol, u16(d, ip + 4)) : null;
        if (fragOffset != 0) return new PacketAddresses(Kind.LATER_FRAGMENT, src, dst, -1, -1, false, key);
        return transport(d, ip + ihl, len, protocol, src, dst, key);
    }

    private static PacketAddresses ipv6(byte[] d, int ip, int len) {
        if (ip + 40 > len) return OTHER;
        byte[] src = Arrays.copyOfRange(d, ip + 8, ip + 24);
        byte[] dst = Arrays.copyOfRange(d, ip + 24, ip + 40);
        int off = ip + 40;
        int next = u8(d, ip + 6);
        FragmentKey key = null;
        while (true) {
            switch (next) {
                case UDP, TCP:
                    return transport(d, off, len, next, src, dst, key);
                case HOP_BY_HOP, ROUTING, DEST_OPTIONS, AH: {
                    if (off + 2 > len) return OTHER;
                    int hlen = next == AH ? (u8(d, off + 1) + 2) * 4 : (u8(d, off + 1) + 1) * 8;
                    next = u8(d, off);
                    off += hlen;
                    break;
                }
                case FRAGMENT: {
                    if (off + 8 > len) return OTHER;
                    int fragNext = u8(d, off);
                    int fo = u16(d, off + 2);
                    long id = Bytes.u32(d, off + 4);
                    boolean more = (fo & 1) != 0;
                    int fragOffset = fo & 0xFFF8;
                    off += 8;
                    next = fragNext;
                    if (fragOffset == 0 && !more) break; // atomic fragment (RFC 6946): a whole datagram
                    if (fragNext != UDP && fragNext != TCP && fragOffset == 0) return OTHER;
                    key = fragmentKey(src, dst, fragNext, id);
                    if (fragOffset != 0) return new PacketAddresses(Kind.LATER_FRAGMENT, src, dst, -1, -1, false, key);
                    break;
                }
                default:
                    return OTHER; // ICMPv6, ESP, no next header (59), ...
            }
        }
    }

    private static PacketAddresses transport(
            byte[] d, int at, int len, int protocol, byte[] src, byte[] dst, FragmentKey fragment) {
        if (at + (protocol == TCP ? 14 : 4) > len) return OTHER;
        int srcPort = u16(d, at), dstPort = u16(d, at + 2);
        if (protocol == UDP) return new PacketAddresses(Kind.UDP, src, dst, srcPort, dstPort, false, fragment);
        int flags = u8(d, at + 13);
        boolean syn = (flags & 0x02) != 0 && (flags & 0x10) == 0;
        return new PacketAddresses(Kind.TCP, src, dst, srcPort, dstPort, syn, fragment);
    }

    private static FragmentKey fragmentKey(byte[] src, byte[] dst, int protocol, long id) {
        return new FragmentKey(text(src), text(dst), protocol, id);
    }

    /** The source address as text (10.0.0.5, ::1). */
    public String srcHost() {
        return text(src);
    }

    /** The destination address as text. */
    public String dstHost() {
        return text(dst);
    }

    /** The source as {@code address:port} ({@code [address]:port} for IPv6). */
    public String srcEndpoint() {
        return endpoint(src, srcPort);
    }

    /** The destination as {@code address:port}. */
    public String dstEndpoint() {
        return endpoint(dst, dstPort);
    }

    private static String endpoint(byte[] ip, int port) {
        return ip.length == 16 ? "[" + text(ip) + "]:" + port : text(ip) + ":" + port;
    }

    /** As the decoder's records write addresses ({@link EndpointCache}): dotted IPv4, RFC 5952 IPv6. */
    private static String text(byte[] ip) {
        return ip.length == 4 ? EndpointCache.ipv4(ip, 0) : EndpointCache.ipv6(ip, 0);
    }
}
