package org.jgwire.tests.decode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small classic-pcap reader and writer of the tests' own, to damage and rewrite real captures without trusting
 * jgwire's capture code: records with their file offsets, the IPv4 UDP/TCP payload of each, and rewrites to other
 * link layers (Linux SLL, SLL2) and byte orders. Ethernet IPv4 input only (what libpcap gives for {@code lo}).
 */
public final class PcapFile {
    /** Link types (tcpdump.org/linktypes.html). */
    public static final int ETHERNET = 1, LINUX_SLL = 113, LINUX_SLL2 = 276;

    /**
     * One record.
     *
     * @param offset       the record header's offset in the file
     * @param data         the captured bytes (link layer included)
     * @param l4Payload    offset in {@code data} of the UDP/TCP payload, -1 when not IPv4 UDP/TCP
     * @param payloadLength bytes of UDP/TCP payload
     * @param protocol     6 (TCP), 17 (UDP) or 0
     */
    public record Packet(
            int offset,
            long seconds,
            long fraction,
            int origLength,
            byte[] data,
            int l4Payload,
            int payloadLength,
            int protocol,
            int srcPort,
            int dstPort) {
        public int dataOffset() {
            return offset + 16;
        }
    }

    public final ByteOrder order;
    public final boolean nanos;
    public final int linkType;
    public final byte[] header;
    public final List<Packet> packets;
    public final byte[] bytes;

    private PcapFile(ByteOrder order, boolean nanos, int linkType, byte[] header, List<Packet> packets, byte[] bytes) {
        this.order = order;
        this.nanos = nanos;
        this.linkType = linkType;
        this.header = header;
        this.packets = packets;
        this.bytes = bytes;
    }

    /**
     * Reads a classic pcap; a pcapng file (the samples) is read as its classic conversion ({@link
     * Decoding#classicPcap}).
     */
    public static PcapFile read(Path file) throws IOException {
        byte[] all = Files.readAllBytes(Decoding.classicPcap(file));
        ByteBuffer b = ByteBuffer.wrap(all);
        int magic = b.getInt(0);
        if (magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1) b.order(ByteOrder.LITTLE_ENDIAN);
        else if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) throw new IOException("not a classic pcap: " + file);
        boolean nanos = magic == 0xa1b23c4d || magic == 0x4d3cb2a1;
        int link = b.getInt(20);
        if (link != ETHERNET) throw new IOException("link type " + link + " not handled by this test helper");
        List<Packet> out = new ArrayList<>();
        int pos = 24;
        while (pos + 16 <= all.length) {
            long sec = b.getInt(pos) & 0xffffffffL, frac = b.getInt(pos + 4) & 0xffffffffL;
            int caplen = b.getInt(pos + 8), orig = b.getInt(pos + 12);
            if (pos + 16 + caplen > all.length) throw new IOException("truncated record at " + pos);
            byte[] data = Arrays.copyOfRange(all, pos + 16, pos + 16 + caplen);
            out.add(dissect(pos, sec, frac, orig, data));
            pos += 16 + caplen;
        }
        return new PcapFile(b.order(), nanos, link, Arrays.copyOf(all, 24), List.copyOf(out), all);
    }

    private static Packet dissect(int offset, long sec, long frac, int orig, byte[] data) {
        ByteBuffer p = ByteBuffer.wrap(data); // network byte order
        if (data.length < 34 || p.getShort(12) != 0x0800)
            return new Packet(offset, sec, frac, orig, data, -1, 0, 0, 0, 0);
        int ihl = (data[14] & 0x0f) * 4;
        int total = p.getShort(16) & 0xffff;
        int proto = data[23] & 0xff;
        int l4 = 14 + ihl;
        if ((proto != 6 && proto != 17) || l4 + 20 > data.length)
            return new Packet(offset, sec, frac, orig, data, -1, 0, 0, 0, 0);
        int sport = p.getShort(l4) & 0xffff, dport = p.getShort(l4 + 2) & 0xffff;
        int l4Header = proto == 17 ? 8 : ((data[l4 + 12] & 0xf0) >>> 4) * 4;
        return new Packet(offset, sec, frac, orig, data, l4 + l4Header, total - ihl - l4Header, proto, sport, dport);
    }

    /** The UDP/TCP payload of a packet. */
    public static byte[] payload(Packet p) {
        return Arrays.copyOfRange(p.data(), p.l4Payload(), p.l4Payload() + p.payloadLength());
    }

    /** Index of the first packet whose payload contains {@code text}, or -1. */
    public int packetWith(String text) {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < packets.size(); i++) if (indexOf(payload(packets.get(i)), needle) >= 0) return i;
        return -1;
    }

    public static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }

    /** This capture with the link layer rewritten: Ethernet to Linux SLL (16-byte header) or SLL2 (20 bytes). */
    public byte[] withLinkType(int link) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer h = ByteBuffer.wrap(header.clone()).order(order);
        h.putInt(20, link);
        out.writeBytes(h.array());
        for (Packet p : packets) {
            byte[] ip = Arrays.copyOfRange(p.data(), 14, p.data().length);
            ByteBuffer l = ByteBuffer.allocate(link == LINUX_SLL ? 16 : 20); // network byte order
            if (link == LINUX_SLL) {
                l.putShort((short) 0); // packet type: to us
                l.putShort((short) 772); // ARPHRD_LOOPBACK
                l.putShort((short) 6); // address length
                l.put(p.data(), 6, 6).putShort((short) 0); // source MAC, padded to 8
                l.putShort((short) 0x0800); // protocol: IPv4
            } else if (link == LINUX_SLL2) {
                l.putShort((short) 0x0800); // protocol: IPv4
                l.putShort((short) 0); // reserved
                l.putInt(1); // interface index
                l.putShort((short) 772); // ARPHRD_LOOPBACK
                l.put((byte) 0); // packet type
                l.put((byte) 6); // address length
                l.put(p.data(), 6, 6).putShort((short) 0); // address, padded to 8
            } else {
                throw new IllegalArgumentException("link " + link);
            }
            byte[] data = new byte[l.capacity() + ip.length];
            System.arraycopy(l.array(), 0, data, 0, l.capacity());
            System.arraycopy(ip, 0, data, l.capacity(), ip.length);
            record(out, order, p.seconds(), p.fraction(), data, p.origLength() - 14 + l.capacity());
        }
        return out.toByteArray();
    }

    /** This capture written in the other byte order (a pcap from a big-endian machine, or vice versa). */
    public byte[] swapped() {
        ByteOrder other = order == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        ByteBuffer in = ByteBuffer.wrap(header).order(order);
        ByteBuffer h = ByteBuffer.allocate(24).order(other);
        h.putInt(in.getInt(0))
                .putShort(in.getShort(4))
                .putShort(in.getShort(6))
                .putInt(in.getInt(8))
                .putInt(in.getInt(12))
                .putInt(in.getInt(16))
                .putInt(in.getInt(20));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(h.array());
        for (Packet p : packets) record(out, other, p.seconds(), p.fraction(), p.data(), p.origLength());
        return out.toByteArray();
    }

    private static void record(ByteArrayOutputStream out, ByteOrder order, long sec, long frac, byte[] data, int orig) {
        ByteBuffer r = ByteBuffer.allocate(16).order(order);
        r.putInt((int) sec).putInt((int) frac).putInt(data.length).putInt(orig);
        out.writeBytes(r.array());
        out.writeBytes(data);
    }
}
