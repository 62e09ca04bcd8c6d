package org.jgwire.tests.cluster;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately small, independent pcap reader for the cluster tests: it counts packets by UDP/TCP port so the
 * tests check the capture without trusting jgwire's own capture code. Ethernet (1) and Linux cooked (113) links,
 * IPv4 only (the members bind to 127.0.0.1).
 */
final class PcapPorts {
    /** One captured IPv4 UDP or TCP packet. */
    record Packet(int protocol, int srcPort, int dstPort, int payloadLength) {}

    private PcapPorts() {}

    static List<Packet> read(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(org.jgwire.tests.decode.Decoding.classicPcap(file)));
        int magic = b.getInt(0);
        if (magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1) b.order(ByteOrder.LITTLE_ENDIAN);
        else if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) throw new IOException("not a pcap file: " + file);
        int linkType = b.getInt(20);
        int linkHeader = switch (linkType) {
            case 1 -> 14;   // Ethernet: dst(6) src(6) ethertype(2)
            case 113 -> 16; // Linux SLL: type(2) arphrd(2) addrlen(2) addr(8) protocol(2)
            default -> throw new IOException("link type " + linkType + " not handled by this test reader");
        };
        List<Packet> out = new ArrayList<>();
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
            if ((proto != 6 && proto != 17) || l4 + 4 > caplen) continue;
            int sport = p.getShort(l4) & 0xFFFF;
            int dport = p.getShort(l4 + 2) & 0xFFFF;
            int l4Header = proto == 17 ? 8 : ((p.get(l4 + 12) & 0xF0) >>> 4) * 4;
            out.add(new Packet(proto, sport, dport, total - ihl - l4Header));
        }
        return out;
    }

    /** How often {@code text} occurs in the file's bytes (a payload not split across packets). */
    static int occurrences(Path file, String text) throws IOException {
        byte[] data = Files.readAllBytes(file);
        byte[] needle = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int count = 0;
        outer:
        for (int i = 0; i + needle.length <= data.length; i++) {
            for (int j = 0; j < needle.length; j++) if (data[i + j] != needle[j]) continue outer;
            count++;
        }
        return count;
    }
}
