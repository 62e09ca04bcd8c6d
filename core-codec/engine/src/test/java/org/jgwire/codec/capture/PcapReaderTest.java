package org.jgwire.codec.capture;

import static org.jgwire.codec.capture.TestChannels.bytes;
import static org.jgwire.codec.capture.TestChannels.drain;
import static org.jgwire.codec.capture.TestChannels.of;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PcapReaderTest {
    private static final byte[] A = bytes(60, 1), B = bytes(1514, 2);

    @Test
    void readsLittleEndianMicrosecondFile() throws IOException {
        byte[] file = new PcapWriter(ByteOrder.LITTLE_ENDIAN, false, 65535, RawPacket.LINKTYPE_ETHERNET)
                .record(1_700_000_000L, 123_456, A, 60)
                .record(1_700_000_001L, 999_999, B, 1514)
                .bytes();
        PcapReader r = new PcapReader(of(file));
        assertEquals(1, r.linkType());
        assertEquals(65535, r.snaplen());
        List<RawPacket> ps = drain(r);
        assertEquals(2, ps.size());
        assertEquals(1, ps.get(0).number());
        assertEquals(2, ps.get(1).number());
        assertEquals(1_700_000_000_123_456_000L, ps.get(0).tsNanos());
        assertEquals(1_700_000_001_999_999_000L, ps.get(1).tsNanos());
        assertEquals(RawPacket.LINKTYPE_ETHERNET, ps.get(1).linkType());
        assertArrayEquals(A, ps.get(0).data());
        assertArrayEquals(B, ps.get(1).data());
        assertNull(r.next());
    }

    @Test
    void readsBigEndianNanosecondFile() throws IOException {
        byte[] file = new PcapWriter(ByteOrder.BIG_ENDIAN, true, 262144, RawPacket.LINKTYPE_RAW)
                .record(3_000_000_000L, 987_654_321, A, 60) // seconds past 2^31: unsigned
                .bytes();
        List<RawPacket> ps = drain(new PcapReader(of(file)));
        assertEquals(1, ps.size());
        assertEquals(3_000_000_000_987_654_321L, ps.get(0).tsNanos());
        assertEquals(RawPacket.LINKTYPE_RAW, ps.get(0).linkType());
        assertArrayEquals(A, ps.get(0).data());
    }

    @Test
    void keepsOriginalLengthOfSnappedPacket() throws IOException {
        byte[] file = new PcapWriter(ByteOrder.LITTLE_ENDIAN, false, 96, 1)
                .record(1, 0, Arrays.copyOf(B, 96), 1514)
                .bytes();
        RawPacket p = drain(new PcapReader(of(file))).get(0);
        assertEquals(96, p.data().length);
        assertEquals(1514, p.originalLength());
    }

    @Test
    void readsManyPacketsThroughSmallReadsAndBufferRefills() throws IOException {
        PcapWriter w = new PcapWriter(ByteOrder.LITTLE_ENDIAN, false, 262144, 1);
        int n = 3000; // about 3 MiB: several refills of the 1 MiB buffer
        for (int i = 0; i < n; i++) w.record(i, i, bytes(700 + i % 800, i), 700 + i % 800);
        w.record(n, 0, bytes(200_000, 5), 200_000); // one record near libpcap's bound
        List<RawPacket> ps = drain(new PcapReader(TestChannels.trickle(w.bytes(), 4093)));
        assertEquals(n + 1, ps.size());
        for (int i = 0; i < n; i++) {
            assertEquals(i + 1, ps.get(i).number());
            assertArrayEquals(bytes(700 + i % 800, i), ps.get(i).data(), "packet " + (i + 1));
        }
        assertArrayEquals(bytes(200_000, 5), ps.get(n).data());
    }

    @Test
    void growsItsBufferForARecordLargerThanIt() throws IOException {
        byte[] big = bytes(3 << 20, 4); // 3 MiB, allowed by a 4 MiB snaplen
        byte[] file = new PcapWriter(ByteOrder.LITTLE_ENDIAN, false, 4 << 20, 1)
                .record(1, 0, A, 60)
                .record(2, 0, big, big.length)
                .record(3, 0, B, 1514)
                .bytes();
        List<RawPacket> ps = drain(new PcapReader(TestChannels.trickle(file, 100_000)));
        assertEquals(3, ps.size());
        assertArrayEquals(big, ps.get(1).data());
        assertArrayEquals(B, ps.get(2).data());
    }

    @Test
    void returnsCompletePacketsThenThrowsWhenFileEndsInsideRecordData() throws IOException {
        byte[] whole = new PcapWriter(ByteOrder.LITTLE_ENDIAN, false, 65535, 1)
                .record(1, 0, A, 60)
                .record(2, 0, B, 1514)
                .bytes();
        byte[] file = Arrays.copyOf(whole, whole.length - 10);
        List<RawPacket> got = new ArrayList<>();
        CaptureFormatException e =
                assertThrows(CaptureFormatException.class, () -> drain(new PcapReader(of(file)), got));
        assertEquals(1, got.size());
        assertArrayEquals(A, got.get(0).data());
        long second = 24 + 16 + 60;
        assertEquals(second, e.offset());
        assertTrue(e.getMessage().contains("1504 of 1514"), e.getMessage());
        assertTrue(e.getMessage().contains("offset " + second), e.getMessage());
    }

    @Test
    void throwsWhenFileEndsInsideRecordHeader() throws IOException {
        byte[] whole = new PcapWriter(ByteOrder.BIG_ENDIAN, false, 65535, 1)
                .record(1, 0, A, 60)
                .bytes();
        byte[] file = Arrays.copyOf(whole, whole.length + 7); // 7 bytes of a next header
        List<RawPacket> got = new ArrayList<>();
        CaptureFormatException e =
                assertThrows(CaptureFormatException.class, () -> drain(new PcapReader(of(file)), got));
        assertEquals(1, got.size());
        assertEquals(whole.length, e.offset());
        assertTrue(e.getMessage().contains("7 of 16"), e.getMessage());
    }

    @Test
    void rejectsAbsurdRecordLengthAfterReturningEarlierPackets() throws IOException {
        byte[] file = new PcapWriter(ByteOrder.LITTLE_ENDIAN, false, 65535, 1)
                .record(1, 0, A, 60)
                .record(2, 0, 0x7FFF0000, 60, A) // incl_len of 2 GB
                .bytes();
        PcapReader r = new PcapReader(of(file));
        assertArrayEquals(A, ((RawPacket) r.next()).data());
        CaptureFormatException e = assertThrows(CaptureFormatException.class, r::next);
        assertEquals(24 + 16 + 60, e.offset());
        assertTrue(e.getMessage().contains(Long.toString(0x7FFF0000L)), e.getMessage());
        assertTrue(e.getMessage().contains("65535"), e.getMessage());
        assertNull(r.next(), "a damaged file stays at its end");
    }

    @Test
    void rejectsRecordBeyondSnaplenAndNegativeLength() throws IOException {
        byte[] beyond = new PcapWriter(ByteOrder.LITTLE_ENDIAN, false, 262144, 1)
                .record(1, 0, 262145, 262145, new byte[0])
                .bytes();
        assertThrows(CaptureFormatException.class, () -> drain(new PcapReader(of(beyond))));
        byte[] negative = new PcapWriter(ByteOrder.BIG_ENDIAN, false, 65535, 1)
                .record(1, 0, -4, 10, new byte[0])
                .bytes();
        CaptureFormatException e =
                assertThrows(CaptureFormatException.class, () -> drain(new PcapReader(of(negative))));
        assertTrue(e.getMessage().contains("4294967292"), e.getMessage());
    }

    @Test
    void rejectsGarbageAndShortHeader() {
        byte[] garbage = "GET / HTTP/1.1\r\nHost: example\r\n\r\n".getBytes();
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new PcapReader(of(garbage)));
        assertTrue(e.getMessage().contains("0x47455420"), e.getMessage());
        assertThrows(CaptureFormatException.class, () -> new PcapReader(of(new byte[] {(byte) 0xd4, (byte) 0xc3})));
    }

    @Test
    void readsModifiedPcapWithItsLongerRecordHeader() throws IOException {
        ByteBuffer b = ByteBuffer.allocate(24 + 24 + A.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0xa1b2cd34); // magic: "modified" pcap (Alexey Kuznetzov's patches)
        b.putShort((short) 2).putShort((short) 4); // version 2.4
        b.putInt(0).putInt(0); // thiszone, sigfigs
        b.putInt(65535); // snaplen
        b.putInt(1); // link type: Ethernet
        b.putInt(10).putInt(20); // ts_sec, ts_usec
        b.putInt(A.length).putInt(A.length); // incl_len, orig_len
        b.putInt(2); // ifindex
        b.putShort((short) 0x0800); // protocol
        b.put((byte) 0).put((byte) 0); // pkt_type, pad
        b.put(A);
        List<RawPacket> ps = drain(new PcapReader(of(b.array())));
        assertEquals(1, ps.size());
        assertEquals(10_000_020_000L, ps.get(0).tsNanos());
        assertArrayEquals(A, ps.get(0).data());
    }

    @Test
    void emptyFileAfterHeaderHasNoPackets() throws IOException {
        byte[] file = new PcapWriter(ByteOrder.LITTLE_ENDIAN, true, 65535, 113).bytes();
        PcapReader r = new PcapReader(of(file));
        assertEquals(113, r.linkType());
        assertNull(r.next());
    }

    @Test
    void recognisesMagicInBothByteOrdersAndResolutions() {
        assertTrue(PcapReader.isPcapMagic(new byte[] {(byte) 0xa1, (byte) 0xb2, (byte) 0xc3, (byte) 0xd4}, 0));
        assertTrue(PcapReader.isPcapMagic(new byte[] {(byte) 0xd4, (byte) 0xc3, (byte) 0xb2, (byte) 0xa1}, 0));
        assertTrue(PcapReader.isPcapMagic(new byte[] {9, 0x4d, 0x3c, (byte) 0xb2, (byte) 0xa1}, 1));
        assertFalse(PcapReader.isPcapMagic(new byte[] {0x0a, 0x0d, 0x0d, 0x0a}, 0));
        assertFalse(PcapReader.isPcapMagic(new byte[] {(byte) 0xa1, (byte) 0xb2, (byte) 0xc3}, 0));
    }
}
