package org.jgwire.codec.network;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jgwire.codec.capture.RawPacket;

/** Test-only: builds link, IP and transport headers field by field. Checksums are left 0 (never checked). */
final class Packets {
    static final int UDP = 17, TCP = 6;

    private Packets() {}

    static byte[] udp(int sport, int dport, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(8 + payload.length);
        b.putShort((short) sport); // source port
        b.putShort((short) dport); // destination port
        b.putShort((short) (8 + payload.length)); // length: header + payload
        b.putShort((short) 0); // checksum (none)
        b.put(payload);
        return b.array();
    }

    static byte[] tcp(int sport, int dport, long seq, int flags, byte[] options, byte[] payload) {
        int hlen = 20 + options.length; // options padded by the caller to 32 bits
        ByteBuffer b = ByteBuffer.allocate(hlen + payload.length);
        b.putShort((short) sport); // source port
        b.putShort((short) dport); // destination port
        b.putInt((int) seq); // sequence number
        b.putInt(0); // acknowledgment number
        b.put((byte) (hlen / 4 << 4)); // data offset (32-bit words), reserved
        b.put((byte) flags); // CWR ECE URG ACK PSH RST SYN FIN
        b.putShort((short) 65535); // window
        b.putShort((short) 0); // checksum
        b.putShort((short) 0); // urgent pointer
        b.put(options);
        b.put(payload);
        return b.array();
    }

    static byte[] ipv4(String src, String dst, int protocol, byte[] payload) {
        return ipv4(src, dst, protocol, 1, false, 0, new byte[0], payload);
    }

    /** IPv4 header; {@code fragOffset} in bytes (a multiple of 8). */
    static byte[] ipv4(
            String src,
            String dst,
            int protocol,
            int id,
            boolean more,
            int fragOffset,
            byte[] options,
            byte[] payload) {
        int ihl = 20 + options.length;
        ByteBuffer b = ByteBuffer.allocate(ihl + payload.length);
        b.put((byte) (0x40 | ihl / 4)); // version 4, IHL in 32-bit words
        b.put((byte) 0); // DSCP, ECN
        b.putShort((short) (ihl + payload.length)); // total length
        b.putShort((short) id); // identification
        b.putShort((short) ((more ? 0x2000 : 0) | fragOffset / 8)); // flags (MF), fragment offset in 8-byte units
        b.put((byte) 64); // TTL
        b.put((byte) protocol); // protocol
        b.putShort((short) 0); // header checksum
        b.put(addr(src)); // source address
        b.put(addr(dst)); // destination address
        b.put(options);
        b.put(payload);
        return b.array();
    }

    static byte[] ipv6(String src, String dst, int nextHeader, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(40 + payload.length);
        b.putInt(0x60000000); // version 6, traffic class, flow label
        b.putShort((short) payload.length); // payload length (extension headers included)
        b.put((byte) nextHeader); // next header
        b.put((byte) 64); // hop limit
        b.put(addr(src)); // source address
        b.put(addr(dst)); // destination address
        b.put(payload);
        return b.array();
    }

    /** Hop-by-hop, routing or destination options header of {@code units} * 8 bytes (PadN inside). */
    static byte[] extension(int nextHeader, int units) {
        byte[] h = new byte[units * 8];
        h[0] = (byte) nextHeader; // next header
        h[1] = (byte) (units - 1); // header extension length, in 8-byte units beyond the first
        h[2] = 1; // option PadN
        h[3] = (byte) (units * 8 - 4); // its length: the rest of the header
        return h;
    }

    /** IPv6 Fragment header; {@code offset} in bytes (a multiple of 8). */
    static byte[] fragment6(int nextHeader, int offset, boolean more, int id) {
        ByteBuffer b = ByteBuffer.allocate(8);
        b.put((byte) nextHeader); // next header
        b.put((byte) 0); // reserved
        b.putShort((short) (offset | (more ? 1 : 0))); // fragment offset (13 bits, 8-byte units), res, M
        b.putInt(id); // identification
        return b.array();
    }

    /** An ICMP or ICMPv6 message: type, code, checksum 0, 4 unused bytes, then {@code body} (the quote). */
    static byte[] icmp(int type, int code, byte[] body) {
        ByteBuffer b = ByteBuffer.allocate(8 + body.length);
        b.put((byte) type); // type
        b.put((byte) code); // code
        b.putShort((short) 0); // checksum
        b.putInt(0); // unused (destination unreachable)
        b.put(body);
        return b.array();
    }

    static byte[] ethernet(int type, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(14 + payload.length);
        b.put(new byte[] {0, 0x11, 0x22, 0x33, 0x44, 0x55}); // destination MAC
        b.put(new byte[] {0, 0x66, 0x77, (byte) 0x88, (byte) 0x99, (byte) 0xaa}); // source MAC
        b.putShort((short) type); // EtherType (or the first tag's TPID)
        b.put(payload);
        return b.array();
    }

    /** An 802.1Q / 802.1ad tag: TCI then the inner EtherType, to follow a TPID. */
    static byte[] vlanTag(int vid, int innerType) {
        return new byte[] {(byte) (vid >> 8), (byte) vid, (byte) (innerType >> 8), (byte) innerType};
    }

    static byte[] sll(int protocol, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(16 + payload.length);
        b.putShort((short) 0); // packet type: to us
        b.putShort((short) 772); // ARPHRD_LOOPBACK
        b.putShort((short) 6); // link-layer address length
        b.put(new byte[8]); // link-layer address, padded to 8
        b.putShort((short) protocol); // protocol (EtherType)
        b.put(payload);
        return b.array();
    }

    static byte[] sll2(int protocol, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(20 + payload.length);
        b.putShort((short) protocol); // protocol (EtherType)
        b.putShort((short) 0); // reserved
        b.putInt(1); // interface index
        b.putShort((short) 772); // ARPHRD_LOOPBACK
        b.put((byte) 0); // packet type
        b.put((byte) 6); // link-layer address length
        b.put(new byte[8]); // link-layer address, padded to 8
        b.put(payload);
        return b.array();
    }

    static byte[] nullLoop(int af, ByteOrder order, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(4 + payload.length).order(order);
        b.putInt(af); // address family, in the writer's byte order
        b.put(payload);
        return b.array();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    static byte[] text(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] payloadOf(Transported t) {
        if (t instanceof UdpDatagram u) return Arrays.copyOfRange(u.data(), u.offset(), u.offset() + u.length());
        TcpSegment s = (TcpSegment) t;
        return Arrays.copyOfRange(s.data(), s.offset(), s.offset() + s.length());
    }

    static RawPacket packet(long number, int linkType, byte[] data) {
        return new RawPacket(number, number * 1000, linkType, data, data.length);
    }

    static byte[] addr(String literal) {
        try {
            return InetAddress.getByName(literal).getAddress(); // literals only: no lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }
}
