package org.jgwire.tests.cli.split;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.codec.capture.PcapngWriter;
import org.jgwire.codec.capture.RawPacket;

/**
 * A real capture with its UDP datagrams cut into IPv4 fragments as a router with a small MTU would (RFC 791), no
 * committed sample having any: every third fragmented datagram's fragments are written last first, so that its
 * later fragments come before its first, as they may on a real network.
 */
final class IpFragmentedCapture {
    private IpFragmentedCapture() {}

    /** What was written. */
    record Written(int datagrams, int reordered, int fragments) {}

    /** Copies the Ethernet capture {@code in} to {@code out}, each IPv4 UDP packet longer than {@code mtu} cut. */
    static Written write(Path in, Path out, int mtu) throws IOException {
        int datagrams = 0, reordered = 0, fragments = 0, id = 1;
        try (CaptureSource source = new PcapngReader(FileChannel.open(in, StandardOpenOption.READ));
                PcapngWriter w = new PcapngWriter(
                        new BufferedOutputStream(Files.newOutputStream(out)), 1, 262144, "split test", false)) {
            for (RawPacket p; (p = (RawPacket) source.next()) != null; ) {
                byte[] d = p.data();
                if (!isUdpOverIpv4(p) || u16(d, 16) <= mtu) {
                    w.write(p.tsNanos(), d, p.originalLength());
                    continue;
                }
                List<byte[]> frags = cut(d, mtu, id++);
                if (datagrams++ % 3 == 1) {
                    Collections.reverse(frags);
                    reordered++;
                }
                for (byte[] f : frags) w.write(p.tsNanos(), f, f.length);
                fragments += frags.size();
            }
        }
        return new Written(datagrams, reordered, fragments);
    }

    private static boolean isUdpOverIpv4(RawPacket p) {
        byte[] d = p.data();
        return p.linkType() == RawPacket.LINKTYPE_ETHERNET
                && d.length >= 34
                && u16(d, 12) == 0x0800
                && (d[14] & 0xFF) >> 4 == 4
                && (d[23] & 0xFF) == 17
                && (u16(d, 20) & 0x3FFF) == 0 // not a fragment already
                && 14 + u16(d, 16) <= d.length;
    }

    /** The fragments of the datagram in frame {@code d}: Ethernet header, IP header with new length and offset. */
    private static List<byte[]> cut(byte[] d, int mtu, int id) {
        int ihl = (d[14] & 0xF) * 4;
        int total = u16(d, 16);
        int chunk = (mtu - ihl) / 8 * 8;
        byte[] payload = Arrays.copyOfRange(d, 14 + ihl, 14 + total);
        List<byte[]> out = new ArrayList<>();
        for (int off = 0; off < payload.length; off += chunk) {
            int len = Math.min(chunk, payload.length - off);
            boolean more = off + len < payload.length;
            byte[] f = new byte[14 + ihl + len];
            System.arraycopy(d, 0, f, 0, 14 + ihl);
            System.arraycopy(payload, off, f, 14 + ihl, len);
            put16(f, 16, ihl + len);
            put16(f, 18, id);
            put16(f, 20, (more ? 0x2000 : 0) | off / 8); // DF cleared, MF on all but the last
            put16(f, 24, 0);
            put16(f, 24, checksum(f, 14, ihl));
            out.add(f);
        }
        return out;
    }

    private static int checksum(byte[] b, int at, int len) {
        int sum = 0;
        for (int i = at; i < at + len; i += 2) sum += u16(b, i);
        while ((sum >> 16) != 0) sum = (sum & 0xFFFF) + (sum >> 16);
        return ~sum & 0xFFFF;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static void put16(byte[] b, int at, int v) {
        b[at] = (byte) (v >> 8);
        b[at + 1] = (byte) v;
    }
}
