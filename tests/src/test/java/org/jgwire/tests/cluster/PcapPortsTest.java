package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster tests' own pcap reader on hand-built captures: what it counts as copies of a chat text. The frames are
 * what a loaded loopback put on the wire in a live tcp chat run: TCP resending a segment whose ACK came late.
 */
class PcapPortsTest {
    private static final int A = 0x7f000001; // 127.0.0.1, the members' bind_addr
    private static final String TEXT = "chat A#1 to all";

    @TempDir
    Path dir;

    @Test
    void countsATcpSegmentSentAgainOnce() throws IOException {
        byte[] frame = frameWith(TEXT);
        Path pcap = write(
                tcp(40001, 7800, 1000, 0x02, new byte[0]),           // SYN: seq 1000, data starts at 1001
                tcp(40001, 7800, 1001, 0x18, frame),                  // PSH|ACK: the message
                tcp(40001, 7800, 1001, 0x18, frame));                 // the same bytes again (tail loss probe)
        assertEquals(2, PcapPorts.occurrences(pcap, TEXT), "the text is twice in the file's bytes");
        assertEquals(1, PcapPorts.copies(pcap, TEXT), "one copy in the stream");
    }

    @Test
    void countsTheNewPartOfASegmentThatOverlapsAnEarlierOne() throws IOException {
        byte[] first = frameWith(TEXT);
        byte[] second = frameWith("chat B#1 to all");
        byte[] both = ByteBuffer.allocate(first.length + second.length).put(first).put(second).array();
        Path pcap = write(
                tcp(40001, 7800, 1000, 0x02, new byte[0]),
                tcp(40001, 7800, 1001, 0x18, first),
                tcp(40001, 7800, 1001, 0x18, both));                  // resent tail coalesced with new data
        assertEquals(1, PcapPorts.copies(pcap, TEXT));
        assertEquals(1, PcapPorts.copies(pcap, "chat B#1 to all"));
    }

    @Test
    void countsATextSplitAcrossTwoSegmentsOnce() throws IOException {
        byte[] frame = frameWith(TEXT);
        int cut = frame.length - 5; // inside the text
        byte[] head = Arrays.copyOfRange(frame, 0, cut);
        byte[] tail = Arrays.copyOfRange(frame, cut, frame.length);
        Path pcap = write(
                tcp(40001, 7800, 1000, 0x02, new byte[0]),
                tcp(40001, 7800, 1001, 0x18, head),
                tcp(40001, 7800, 1001 + cut, 0x18, tail));
        assertEquals(0, PcapPorts.occurrences(pcap, TEXT), "not whole in any packet");
        assertEquals(1, PcapPorts.copies(pcap, TEXT));
    }

    @Test
    void countsEachDirectionAndEachDatagram() throws IOException {
        byte[] frame = frameWith(TEXT);
        Path pcap = write(
                tcp(40001, 7800, 1000, 0x02, new byte[0]),
                tcp(7800, 40001, 5000, 0x12, new byte[0]),            // SYN|ACK of the other direction
                tcp(40001, 7800, 1001, 0x18, frame),
                tcp(7800, 40001, 5001, 0x18, frame),                  // the same bytes, the other way: a copy
                udp(45588, 45588, frame),
                udp(45588, 45588, frame));                            // two datagrams are two copies
        assertEquals(4, PcapPorts.copies(pcap, TEXT));
        assertEquals(4, PcapPorts.occurrences(pcap, TEXT));
    }

    @Test
    void takesSequenceNumbersAcrossTheWrap() throws IOException {
        byte[] frame = frameWith(TEXT);
        int cut = frame.length - 5;
        byte[] head = Arrays.copyOfRange(frame, 0, cut);
        byte[] tail = Arrays.copyOfRange(frame, cut, frame.length);
        long first = 0xFFFFFFF0L; // the data's first byte; the tail's sequence number wraps past 2^32
        long tailSeq = (first + cut) & 0xFFFFFFFFL;
        Path pcap = write(
                tcp(40001, 7800, first - 1, 0x02, new byte[0]),
                tcp(40001, 7800, first, 0x18, head),
                tcp(40001, 7800, tailSeq, 0x18, tail),
                tcp(40001, 7800, tailSeq, 0x18, tail));
        assertEquals(1, PcapPorts.copies(pcap, TEXT));
    }

    /** A TCP-transport frame as JGroups writes it: an int length, then bytes ending in the payload text. */
    private static byte[] frameWith(String text) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        byte[] head = {0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06}; // stands for version, flags, headers
        return ByteBuffer.allocate(4 + head.length + t.length).putInt(head.length + t.length).put(head).put(t).array();
    }

    private static byte[] tcp(int sport, int dport, long seq, int flags, byte[] payload) {
        ByteBuffer l4 = ByteBuffer.allocate(20 + payload.length);
        l4.putShort((short) sport).putShort((short) dport).putInt((int) seq).putInt(0)
                .put((byte) 0x50).put((byte) flags).putShort((short) 65535).putInt(0).put(payload);
        return ipv4(6, l4.array());
    }

    private static byte[] udp(int sport, int dport, byte[] payload) {
        ByteBuffer l4 = ByteBuffer.allocate(8 + payload.length);
        l4.putShort((short) sport).putShort((short) dport).putShort((short) (8 + payload.length)).putShort((short) 0)
                .put(payload);
        return ipv4(17, l4.array());
    }

    /** An Ethernet frame (as pcap records {@code lo}) with an IPv4 header from and to 127.0.0.1. */
    private static byte[] ipv4(int protocol, byte[] l4) {
        ByteBuffer f = ByteBuffer.allocate(14 + 20 + l4.length);
        f.put(new byte[12]).putShort((short) 0x0800);
        f.put((byte) 0x45).put((byte) 0).putShort((short) (20 + l4.length)).putInt(0)
                .put((byte) 64).put((byte) protocol).putShort((short) 0).putInt(A).putInt(A);
        return f.put(l4).array();
    }

    private Path write(byte[]... frames) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer h = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1);
        out.write(h.array());
        int second = 0;
        for (byte[] f : frames) {
            ByteBuffer r = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
            r.putInt(++second).putInt(0).putInt(f.length).putInt(f.length);
            out.write(r.array());
            out.write(f);
        }
        Path p = dir.resolve("hand-built.pcap");
        Files.write(p, out.toByteArray());
        return p;
    }
}
