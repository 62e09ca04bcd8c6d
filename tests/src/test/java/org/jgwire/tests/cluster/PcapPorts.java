package org.jgwire.tests.cluster;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.tests.decode.Decoding;

/**
 * A deliberately small, independent pcap reader for the cluster tests: it counts packets by UDP/TCP port so the
 * tests check the capture without trusting jgwire's own capture code. Ethernet (1) and Linux cooked (113) links,
 * IPv4 only (the members bind to 127.0.0.1). An ICMP destination unreachable that quotes a UDP datagram (what the
 * kernel answers a datagram to a closed port) counts as a packet of protocol 1 with the quoted datagram's ports.
 */
final class PcapPorts {
    /** One captured IPv4 UDP or TCP packet, or an ICMP error quoting a UDP datagram (protocol 1: its ports). */
    record Packet(int protocol, int srcPort, int dstPort, int payloadLength) {}

    /** A packet with its captured bytes: the IPv4 header starts at {@code ip}, the transport header at {@code l4}. */
    private interface Visitor {
        void packet(Packet packet, ByteBuffer bytes, int ip, int l4, int payloadStart);
    }

    private PcapPorts() {}

    static List<Packet> read(Path file) throws IOException {
        List<Packet> out = new ArrayList<>();
        walk(file, (packet, bytes, ip, l4, payloadStart) -> out.add(packet));
        return out;
    }

    private static void walk(Path file, Visitor visitor) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(Decoding.classicPcap(file)));
        int magic = b.getInt(0);
        if (magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1) b.order(ByteOrder.LITTLE_ENDIAN);
        else if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) throw new IOException("not a pcap file: " + file);
        int linkType = b.getInt(20);
        int linkHeader =
                switch (linkType) {
                    case 1 -> 14; // Ethernet: dst(6) src(6) ethertype(2)
                    case 113 -> 16; // Linux SLL: type(2) arphrd(2) addrlen(2) addr(8) protocol(2)
                    default -> throw new IOException("link type " + linkType + " not handled by this test reader");
                };
        int pos = 24;
        while (pos + 16 <= b.limit()) {
            int caplen = b.getInt(pos + 8);
            int start = pos + 16;
            pos = start + caplen;
            if (pos > b.limit()) break;
            ByteBuffer p = ByteBuffer.wrap(b.array(), start, caplen).slice(); // network byte order
            if (caplen < linkHeader + 20 || p.getShort(linkHeader - 2) != 0x0800) continue; // IPv4 only
            int ip = linkHeader;
            int ihl = (p.get(ip) & 0x0F) * 4;
            int total = p.getShort(ip + 2) & 0xFFFF;
            int proto = p.get(ip + 9) & 0xFF;
            int l4 = ip + ihl;
            if (proto == 1) {
                bounce(p, l4, caplen, visitor);
                continue;
            }
            if ((proto != 6 && proto != 17) || l4 + 4 > caplen) continue;
            int sport = p.getShort(l4) & 0xFFFF;
            int dport = p.getShort(l4 + 2) & 0xFFFF;
            int l4Header = proto == 17 ? 8 : ((p.get(l4 + 12) & 0xF0) >>> 4) * 4;
            visitor.packet(new Packet(proto, sport, dport, total - ihl - l4Header), p, ip, l4, l4 + l4Header);
        }
    }

    /** An ICMP destination unreachable (type 3) at {@code l4} quoting a UDP datagram: its ports, else nothing. */
    private static void bounce(ByteBuffer p, int l4, int caplen, Visitor visitor) {
        int quoted = l4 + 8; // type, code, checksum, 4 unused bytes
        if (quoted + 20 > caplen || (p.get(l4) & 0xFF) != 3 || (p.get(quoted + 9) & 0xFF) != 17) return;
        int udp = quoted + (p.get(quoted) & 0x0F) * 4;
        if (udp + 4 > caplen) return;
        visitor.packet(new Packet(1, p.getShort(udp) & 0xFFFF, p.getShort(udp + 2) & 0xFFFF, 0), p, l4, udp, udp);
    }

    /** How often {@code text} occurs in the file's bytes (a payload not split across packets). */
    static int occurrences(Path file, String text) throws IOException {
        byte[] data = Files.readAllBytes(file);
        return occurrences(data, data.length, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * How many copies of {@code text} the captured packets carry, each TCP byte counted once: a UDP datagram is
     * searched whole, a TCP direction as its byte stream rebuilt by sequence number. A segment the kernel sent again
     * adds no copy (on a loaded machine a loopback ACK can come later than the tail loss probe, ~10 ms, and TCP
     * resends the unacknowledged tail: same sequence numbers, same bytes, which the receiver, like any decoder that
     * reassembles the stream, takes once); a text split across two segments counts once.
     */
    static int copies(Path file, String text) throws IOException {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        int[] count = {0};
        Map<String, TcpDirection> tcp = new LinkedHashMap<>();
        walk(file, (packet, p, ip, l4, payloadStart) -> {
            if (packet.protocol() == 1) return; // a quote of a datagram sent before: no copy of its own
            int captured = Math.max(0, Math.min(packet.payloadLength(), p.limit() - payloadStart));
            byte[] payload = new byte[captured];
            p.get(payloadStart, payload);
            if (packet.protocol() != 6) {
                count[0] += occurrences(payload, payload.length, needle);
                return;
            }
            String key = p.getInt(ip + 12) + ":" + packet.srcPort() + ">" + p.getInt(ip + 16) + ":" + packet.dstPort();
            TcpDirection d = tcp.computeIfAbsent(key, k -> new TcpDirection());
            long seq = p.getInt(l4 + 4) & 0xFFFFFFFFL;
            boolean syn = (p.get(l4 + 13) & 0x02) != 0;
            if (syn) d.first = (seq + 1) & 0xFFFFFFFFL; // the SYN takes one sequence number, data starts after it
            else if (d.first < 0) d.first = seq;
            if (payload.length > 0) d.segments.add(new Segment((seq - d.first) & 0xFFFFFFFFL, payload));
        });
        for (TcpDirection d : tcp.values()) count[0] += d.count(needle);
        return count[0];
    }

    private record Segment(long offset, byte[] data) {}

    /** One direction of a TCP connection: its data segments by offset from the first sequence number. */
    private static final class TcpDirection {
        long first = -1;
        final List<Segment> segments = new ArrayList<>();

        /** Occurrences in the stream, each byte taken once; a gap ends a contiguous piece. */
        int count(byte[] needle) {
            segments.sort(Comparator.comparingLong(Segment::offset)); // stable: the first copy of an offset wins
            ByteArrayOutputStream piece = new ByteArrayOutputStream();
            long end = -1;
            int n = 0;
            for (Segment s : segments) {
                if (end >= 0 && s.offset() > end) {
                    n += PcapPorts.occurrences(piece.toByteArray(), piece.size(), needle);
                    piece.reset();
                    end = -1;
                }
                if (end < 0) end = s.offset();
                long taken = end - s.offset(); // bytes of this segment an earlier one already carried
                if (taken >= s.data().length) continue;
                piece.write(s.data(), (int) taken, s.data().length - (int) taken);
                end = s.offset() + s.data().length;
            }
            return n + PcapPorts.occurrences(piece.toByteArray(), piece.size(), needle);
        }
    }

    private static int occurrences(byte[] data, int length, byte[] needle) {
        int count = 0;
        outer:
        for (int i = 0; i + needle.length <= length; i++) {
            for (int j = 0; j < needle.length; j++) if (data[i + j] != needle[j]) continue outer;
            count++;
        }
        return count;
    }
}
