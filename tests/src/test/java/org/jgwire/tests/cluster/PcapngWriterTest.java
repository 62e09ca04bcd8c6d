package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.codec.capture.PcapngWriter;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster runner's pcapng writer: block layout as the pcapng draft defines it (checked byte by byte), nanosecond
 * timestamps, and files that tshark (an independent reader) and jgwire's reader both read back exactly.
 */
class PcapngWriterTest {
    private static final byte[] P1 = "first packet".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] P2 = "second, 17 bytes!".getBytes(StandardCharsets.US_ASCII);
    private static final long T1 = 1_700_000_000_123_456_789L;
    private static final long T2 = 1_700_000_001_000_000_001L;

    private static byte[] write() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PcapngWriter w = new PcapngWriter(out, 1, 262_144, null, true);
        w.write(T1, P1, P1.length);
        w.write(T2, P2, 1500);
        assertEquals(2, w.packets());
        w.close();
        return out.toByteArray();
    }

    @Test
    void writesSectionInterfaceAndEnhancedPacketBlocksWithNanosecondResolution() throws Exception {
        ByteBuffer b = ByteBuffer.wrap(write()).order(ByteOrder.LITTLE_ENDIAN);
        // SHB: type, length 28, byte-order magic, version 1.0, section length -1, length again
        assertEquals(0x0A0D0D0A, b.getInt(0));
        assertEquals(28, b.getInt(4));
        assertEquals(0x1A2B3C4D, b.getInt(8));
        assertEquals(1, b.getShort(12));
        assertEquals(0, b.getShort(14));
        assertEquals(-1L, b.getLong(16));
        assertEquals(28, b.getInt(24));
        // IDB at 28: type 1, length 32, link type 1 (Ethernet), snaplen, option if_tsresol (9) = 9, end of options
        assertEquals(1, b.getInt(28));
        assertEquals(32, b.getInt(32));
        assertEquals(1, b.getShort(36));
        assertEquals(262_144, b.getInt(40));
        assertEquals(9, b.getShort(44));
        assertEquals(1, b.getShort(46));
        assertEquals(9, b.get(48));
        assertEquals(0, b.getInt(52));
        assertEquals(32, b.getInt(56));
        // EPB at 60: type 6, length 32 + 12 padded to 12, interface 0, timestamp high/low in nanoseconds, lengths
        assertEquals(6, b.getInt(60));
        assertEquals(44, b.getInt(64));
        assertEquals(0, b.getInt(68));
        assertEquals(T1, ((long) b.getInt(72) << 32) | (b.getInt(76) & 0xFFFFFFFFL));
        assertEquals(12, b.getInt(80));
        assertEquals(12, b.getInt(84));
        byte[] data = new byte[12];
        b.get(88, data);
        assertArrayEquals(P1, data);
        assertEquals(44, b.getInt(100));
        // second EPB: 17 bytes padded to 20, original length 1500
        assertEquals(6, b.getInt(104));
        assertEquals(52, b.getInt(108));
        assertEquals(17, b.getInt(124));
        assertEquals(1500, b.getInt(128));
        assertEquals(104 + 52, b.limit());
    }

    @Test
    void jgwiresReaderGetsThePacketsAndTimesBack() throws Exception {
        byte[] file = write();
        try (PcapngReader r = new PcapngReader(Channels.newChannel(new ByteArrayInputStream(file)))) {
            RawPacket a = (RawPacket) r.next();
            RawPacket c = (RawPacket) r.next();
            assertEquals(T1, a.tsNanos());
            assertArrayEquals(P1, a.data());
            assertEquals(T2, c.tsNanos());
            assertArrayEquals(P2, c.data());
            assertEquals(1500, c.originalLength());
            assertNull(r.next());
        }
    }

    @Test
    void tsharkReadsTheFileWithNanosecondTimes(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("w.pcapng");
        Files.write(f, write());
        String out = new String(
                Decoding.tool(
                        "tshark",
                        "-r",
                        f.toString(),
                        "-T",
                        "fields",
                        "-e",
                        "frame.time_epoch",
                        "-e",
                        "frame.len",
                        "-e",
                        "frame.cap_len"),
                StandardCharsets.UTF_8);
        List<String> lines = out.lines().map(l -> l.replace('\t', ' ')).toList();
        assertEquals(List.of("1700000000.123456789 12 12", "1700000001.000000001 1500 17"), lines);
    }
}
