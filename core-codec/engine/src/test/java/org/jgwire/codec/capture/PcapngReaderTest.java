package org.jgwire.codec.capture;

import static java.nio.ByteOrder.BIG_ENDIAN;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PcapngReaderTest {
    private static final byte[] A = bytes(61, 1), B = bytes(100, 2), C = bytes(7, 3);

    @Test
    void readsTwoInterfacesWithTheirOwnLinkTypesAndResolutions() throws IOException {
        byte[] file = new PcapngBlocks(LITTLE_ENDIAN)
                .iface(RawPacket.LINKTYPE_ETHERNET, 65535, -1, 0) // 0: microseconds (no option)
                .iface(RawPacket.LINKTYPE_LINUX_SLL2, 262144, 9, 0) // 1: nanoseconds
                .iface(RawPacket.LINKTYPE_RAW, 0, 0x80 | 10, 100) // 2: 1/1024 s, +100 s offset
                .epb(0, 1_700_000_000_123_456L, A, 61)
                .epb(1, 1_700_000_000_123_456_789L, B, 1000)
                .epb(2, 5L * 1024 + 512, C, 7) // 5.5 s after the offset
                .bytes();
        List<RawPacket> ps = drain(new PcapngReader(of(file)));
        assertEquals(3, ps.size());
        assertEquals(List.of(1L, 2L, 3L), ps.stream().map(RawPacket::number).toList());
        assertEquals(RawPacket.LINKTYPE_ETHERNET, ps.get(0).linkType());
        assertEquals(RawPacket.LINKTYPE_LINUX_SLL2, ps.get(1).linkType());
        assertEquals(RawPacket.LINKTYPE_RAW, ps.get(2).linkType());
        assertEquals(1_700_000_000_123_456_000L, ps.get(0).tsNanos());
        assertEquals(1_700_000_000_123_456_789L, ps.get(1).tsNanos());
        assertEquals(105_500_000_000L, ps.get(2).tsNanos());
        assertArrayEquals(A, ps.get(0).data());
        assertArrayEquals(B, ps.get(1).data());
        assertEquals(1000, ps.get(1).originalLength());
        assertArrayEquals(C, ps.get(2).data());
    }

    @Test
    void convertsCoarseAndFinePowerOfTenResolutions() throws IOException {
        byte[] file = new PcapngBlocks(BIG_ENDIAN)
                .iface(1, 0, 3, 0) // milliseconds
                .iface(1, 0, 12, 0) // picoseconds
                .epb(0, 1_234L, A, 61)
                .epb(1, 7_000_000_000_123_456L, A, 61)
                .bytes();
        List<RawPacket> ps = drain(new PcapngReader(of(file)));
        assertEquals(1_234_000_000L, ps.get(0).tsNanos());
        assertEquals(7_000_000_000_123L, ps.get(1).tsNanos());
    }

    @Test
    void eachSectionHasItsOwnByteOrderAndInterfaces() throws IOException {
        PcapngBlocks w = new PcapngBlocks(BIG_ENDIAN)
                .iface(RawPacket.LINKTYPE_RAW, 65535, -1, 0)
                .epb(0, 2_000_000L, A, 61);
        w.section(LITTLE_ENDIAN)
                .iface(RawPacket.LINKTYPE_LINUX_SLL, 65535, 9, 0)
                .epb(0, 3_000_000_000L, B, 100);
        List<RawPacket> ps = drain(new PcapngReader(of(w.bytes())));
        assertEquals(2, ps.size());
        assertEquals(RawPacket.LINKTYPE_RAW, ps.get(0).linkType());
        assertEquals(2_000_000_000L, ps.get(0).tsNanos());
        assertEquals(RawPacket.LINKTYPE_LINUX_SLL, ps.get(1).linkType());
        assertEquals(3_000_000_000L, ps.get(1).tsNanos());
        assertArrayEquals(B, ps.get(1).data());
    }

    @Test
    void packetInNewSectionCannotUseInterfaceOfEarlierSection() throws IOException {
        PcapngBlocks w = new PcapngBlocks(LITTLE_ENDIAN).iface(1, 0, -1, 0).epb(0, 1, A, 61);
        w.section(LITTLE_ENDIAN).epb(0, 1, B, 100);
        List<RawPacket> got = new ArrayList<>();
        CaptureFormatException e =
                assertThrows(CaptureFormatException.class, () -> drain(new PcapngReader(of(w.bytes())), got));
        assertEquals(1, got.size());
        assertTrue(e.getMessage().contains("interface 0"), e.getMessage());
    }

    @Test
    void simplePacketBlockUsesInterfaceZeroHasNoTimestampAndHonoursSnaplen() throws IOException {
        byte[] file = new PcapngBlocks(LITTLE_ENDIAN)
                .iface(RawPacket.LINKTYPE_ETHERNET, 64, 9, 0)
                .spb(Arrays.copyOf(B, 64), 100) // snapped to 64 by the interface
                .spb(C, 7)
                .bytes();
        List<RawPacket> ps = drain(new PcapngReader(of(file)));
        assertEquals(2, ps.size());
        assertEquals(-1, ps.get(0).tsNanos());
        assertEquals(RawPacket.LINKTYPE_ETHERNET, ps.get(0).linkType());
        assertArrayEquals(Arrays.copyOf(B, 64), ps.get(0).data());
        assertEquals(100, ps.get(0).originalLength());
        assertArrayEquals(C, ps.get(1).data(), "padding is not packet data");
    }

    @Test
    void readsObsoletePacketBlock() throws IOException {
        byte[] file = new PcapngBlocks(BIG_ENDIAN)
                .iface(1, 0, -1, 0)
                .obsoletePacket(0, 5_000_001L, A)
                .bytes();
        RawPacket p = drain(new PcapngReader(of(file))).get(0);
        assertArrayEquals(A, p.data());
        assertEquals(5_000_001_000L, p.tsNanos());
    }

    @Test
    void skipsBlocksItDoesNotRead() throws IOException {
        byte[] file = new PcapngBlocks(LITTLE_ENDIAN)
                .block(4, bytes(40, 9)) // Name Resolution Block
                .iface(1, 0, -1, 0)
                .block(5, bytes(24, 8)) // Interface Statistics Block
                .epb(0, 1, A, 61)
                .block(0x40000BAD, bytes(3_000_000, 7)) // a large custom block, skipped without buffering
                .block(0xA, bytes(0, 0)) // decryption secrets, empty
                .epb(0, 2, B, 100)
                .bytes();
        List<RawPacket> ps = drain(new PcapngReader(TestChannels.trickle(file, 65536)));
        assertEquals(2, ps.size());
        assertArrayEquals(A, ps.get(0).data());
        assertArrayEquals(B, ps.get(1).data());
        assertEquals(2, ps.get(1).number());
    }

    @Test
    void returnsCompletePacketsThenThrowsWhenFileEndsInsideBlock() throws IOException {
        byte[] whole = new PcapngBlocks(LITTLE_ENDIAN)
                .iface(1, 0, -1, 0)
                .epb(0, 1, A, 61)
                .epb(0, 2, B, 100)
                .bytes();
        byte[] file = Arrays.copyOf(whole, whole.length - 20);
        List<RawPacket> got = new ArrayList<>();
        CaptureFormatException e =
                assertThrows(CaptureFormatException.class, () -> drain(new PcapngReader(of(file)), got));
        assertEquals(1, got.size());
        assertArrayEquals(A, got.get(0).data());
        long third = 28 + 24 + 32 + PcapngBlocks.pad(61);
        assertEquals(third, e.offset());
        assertTrue(e.getMessage().contains("offset " + third), e.getMessage());
    }

    @Test
    void throwsOnAbsurdOrMisalignedBlockLengths() throws IOException {
        PcapngBlocks w = new PcapngBlocks(LITTLE_ENDIAN).iface(1, 0, -1, 0).epb(0, 1, A, 61);
        byte[] absurd = ByteBuffer.allocate(8)
                .order(LITTLE_ENDIAN)
                .putInt(6)
                .putInt(0x7FFFFFF0)
                .array();
        List<RawPacket> got = new ArrayList<>();
        CaptureFormatException e = assertThrows(
                CaptureFormatException.class,
                () -> drain(new PcapngReader(of(w.raw(absurd).bytes())), got));
        assertEquals(1, got.size());
        assertTrue(e.getMessage().contains(Long.toString(0x7FFFFFF0L)), e.getMessage());

        byte[] odd = new PcapngBlocks(BIG_ENDIAN)
                .raw(ByteBuffer.allocate(8).putInt(6).putInt(34).array())
                .bytes();
        e = assertThrows(CaptureFormatException.class, () -> drain(new PcapngReader(of(odd))));
        assertTrue(e.getMessage().contains("34"), e.getMessage());

        byte[] tooShort = new PcapngBlocks(BIG_ENDIAN)
                .raw(ByteBuffer.allocate(8).putInt(6).putInt(16).array())
                .bytes();
        assertThrows(CaptureFormatException.class, () -> drain(new PcapngReader(of(tooShort))));
    }

    @Test
    void aPacketLongerThanItsSoundBlockIsSkippedWithAnErrorAndReadingGoesOn() throws IOException {
        byte[] lying = new PcapngBlocks(LITTLE_ENDIAN)
                .iface(1, 0, -1, 0)
                .epb(0, 1, A, 61)
                .epb(0, 2, 5000, 5000, B)
                .epb(0, 3, C, 7)
                .bytes();
        try (PcapngReader r = new PcapngReader(of(lying))) {
            RawPacket first = r.next();
            assertArrayEquals(A, first.data());
            assertEquals(List.of(), r.drainProblems());
            RawPacket third = r.next();
            assertArrayEquals(C, third.data());
            assertEquals(3, third.number(), "the skipped block keeps its number, as Wireshark counts blocks");
            List<org.jgwire.codec.model.ErrorRecord> problems = r.drainProblems();
            assertEquals(1, problems.size());
            assertEquals(2, problems.get(0).frame().packet());
            assertTrue(
                    problems.get(0).message().contains("declares 5000 captured bytes"),
                    problems.get(0).message());
            assertNull(r.next());
        }
    }

    @Test
    void throwsWhenTheTrailingBlockLengthDisagrees() throws IOException {
        byte[] file = new PcapngBlocks(LITTLE_ENDIAN)
                .iface(1, 0, -1, 0)
                .epb(0, 1, A, 61)
                .bytes();
        file[file.length - 4] ^= 0x40; // the repeated total length
        assertThrows(CaptureFormatException.class, () -> drain(new PcapngReader(of(file))));
    }

    @Test
    void rejectsGarbageAndPcapFiles() {
        byte[] garbage = bytes(100, 0);
        assertThrows(CaptureFormatException.class, () -> new PcapngReader(of(garbage)));
        byte[] badOrder = new PcapngBlocks(LITTLE_ENDIAN).bytes();
        badOrder[8] = 0x11; // byte-order magic
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new PcapngReader(of(badOrder)));
        assertTrue(e.getMessage().contains("byte-order"), e.getMessage());
        byte[] pcap = new PcapWriter(LITTLE_ENDIAN, false, 65535, 1).bytes();
        assertThrows(CaptureFormatException.class, () -> new PcapngReader(of(pcap)));
    }

    @Test
    void recognisesSectionHeaderMagicInBothByteOrders() {
        assertTrue(PcapngReader.isPcapngMagic(new PcapngBlocks(LITTLE_ENDIAN).bytes(), 0));
        assertTrue(PcapngReader.isPcapngMagic(new PcapngBlocks(BIG_ENDIAN).bytes(), 0));
        byte[] shifted = new byte[40];
        System.arraycopy(new PcapngBlocks(BIG_ENDIAN).bytes(), 0, shifted, 3, 28);
        assertTrue(PcapngReader.isPcapngMagic(shifted, 3));
        assertFalse(PcapngReader.isPcapngMagic(shifted, 0));
        assertFalse(PcapngReader.isPcapngMagic(new PcapWriter(BIG_ENDIAN, false, 1, 1).bytes(), 0));
    }

    @Test
    void emptySectionHasNoPackets() throws IOException {
        assertNull(new PcapngReader(of(new PcapngBlocks(BIG_ENDIAN).bytes())).next());
    }
}
