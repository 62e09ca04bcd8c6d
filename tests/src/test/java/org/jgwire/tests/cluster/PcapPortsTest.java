package org.jgwire.tests.cluster;

import static org.jgwire.tests.cluster.HandBuiltPcap.tcp;
import static org.jgwire.tests.cluster.HandBuiltPcap.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster tests' own pcap reader on hand-built captures: what it counts as copies of a chat text. The frames are
 * what a loaded loopback put on the wire in a live tcp chat run: TCP resending a segment whose ACK came late.
 */
class PcapPortsTest {
    private static final String TEXT = "chat A#1 to all";

    @TempDir
    Path dir;

    @Test
    void countsATcpSegmentSentAgainOnce() throws IOException {
        byte[] frame = frameWith(TEXT);
        Path pcap = write(
                tcp(40001, 7800, 1000, 0x02, new byte[0]), // SYN: seq 1000, data starts at 1001
                tcp(40001, 7800, 1001, 0x18, frame), // PSH|ACK: the message
                tcp(40001, 7800, 1001, 0x18, frame)); // the same bytes again (tail loss probe)
        assertEquals(2, PcapPorts.occurrences(pcap, TEXT), "the text is twice in the file's bytes");
        assertEquals(1, PcapPorts.copies(pcap, TEXT), "one copy in the stream");
    }

    @Test
    void countsTheNewPartOfASegmentThatOverlapsAnEarlierOne() throws IOException {
        byte[] first = frameWith(TEXT);
        byte[] second = frameWith("chat B#1 to all");
        byte[] both = ByteBuffer.allocate(first.length + second.length)
                .put(first)
                .put(second)
                .array();
        Path pcap = write(
                tcp(40001, 7800, 1000, 0x02, new byte[0]),
                tcp(40001, 7800, 1001, 0x18, first),
                tcp(40001, 7800, 1001, 0x18, both)); // resent tail coalesced with new data
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
                tcp(7800, 40001, 5000, 0x12, new byte[0]), // SYN|ACK of the other direction
                tcp(40001, 7800, 1001, 0x18, frame),
                tcp(7800, 40001, 5001, 0x18, frame), // the same bytes, the other way: a copy
                udp(45588, 45588, frame),
                udp(45588, 45588, frame)); // two datagrams are two copies
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

    @Test
    void anIcmpErrorQuotingADatagramIsAPacketOfItsPortsAndNoCopy() throws IOException {
        byte[] frame = frameWith(TEXT);
        byte[] datagram = udp(7800, 7801, frame);
        byte[] quote = Arrays.copyOfRange(datagram, 14, datagram.length); // from its IP header on
        byte[] icmp = ByteBuffer.allocate(8 + quote.length)
                .put((byte) 3) // destination unreachable
                .put((byte) 3) // port unreachable
                .putShort((short) 0)
                .putInt(0)
                .put(quote)
                .array();
        byte[] echo = icmp.clone();
        echo[0] = 8; // an echo request: no error, not counted
        Path pcap = write(datagram, HandBuiltPcap.ipv4(1, icmp), HandBuiltPcap.ipv4(1, echo));
        assertEquals(
                List.of(new PcapPorts.Packet(17, 7800, 7801, frame.length), new PcapPorts.Packet(1, 7800, 7801, 0)),
                PcapPorts.read(pcap));
        assertEquals(1, PcapPorts.copies(pcap, TEXT), "the quote is no copy of its own");
    }

    /** A TCP-transport frame as JGroups writes it: an int length, then bytes ending in the payload text. */
    private static byte[] frameWith(String text) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        byte[] head = {0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06}; // stands for version, flags, headers
        return ByteBuffer.allocate(4 + head.length + t.length)
                .putInt(head.length + t.length)
                .put(head)
                .put(t)
                .array();
    }

    private Path write(byte[]... frames) throws IOException {
        return HandBuiltPcap.write(dir.resolve("hand-built.pcap"), frames);
    }
}
