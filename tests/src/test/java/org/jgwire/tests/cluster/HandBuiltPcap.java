package org.jgwire.tests.cluster;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/** Hand-built pcap files of IPv4 TCP and UDP packets on loopback, one record a second, Ethernet link type. */
final class HandBuiltPcap {
    private static final int LOOPBACK = 0x7f000001; // 127.0.0.1, the members' bind_addr

    private HandBuiltPcap() {}

    static byte[] tcp(int sport, int dport, long seq, int flags, byte[] payload) {
        ByteBuffer l4 = ByteBuffer.allocate(20 + payload.length);
        l4.putShort((short) sport)
                .putShort((short) dport)
                .putInt((int) seq)
                .putInt(0)
                .put((byte) 0x50)
                .put((byte) flags)
                .putShort((short) 65535)
                .putInt(0)
                .put(payload);
        return ipv4(6, l4.array());
    }

    static byte[] udp(int sport, int dport, byte[] payload) {
        ByteBuffer l4 = ByteBuffer.allocate(8 + payload.length);
        l4.putShort((short) sport)
                .putShort((short) dport)
                .putShort((short) (8 + payload.length))
                .putShort((short) 0)
                .put(payload);
        return ipv4(17, l4.array());
    }

    /** An Ethernet frame (as pcap records {@code lo}) with an IPv4 header from and to 127.0.0.1. */
    static byte[] ipv4(int protocol, byte[] l4) {
        ByteBuffer f = ByteBuffer.allocate(14 + 20 + l4.length);
        f.put(new byte[12]).putShort((short) 0x0800);
        f.put((byte) 0x45)
                .put((byte) 0)
                .putShort((short) (20 + l4.length))
                .putInt(0)
                .put((byte) 64)
                .put((byte) protocol)
                .putShort((short) 0)
                .putInt(LOOPBACK)
                .putInt(LOOPBACK);
        return f.put(l4).array();
    }

    static Path write(Path p, byte[]... frames) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer h = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0xa1b2c3d4)
                .putShort((short) 2)
                .putShort((short) 4)
                .putInt(0)
                .putInt(0)
                .putInt(65535)
                .putInt(1);
        out.write(h.array());
        int second = 0;
        for (byte[] f : frames) {
            ByteBuffer r = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
            r.putInt(++second).putInt(0).putInt(f.length).putInt(f.length);
            out.write(r.array());
            out.write(f);
        }
        Files.write(p, out.toByteArray());
        return p;
    }
}
