package org.jgwire.codec.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HexFormat;
import org.jgwire.codec.capture.InputOpener.Kind;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputOpenerTest {
    @TempDir
    Path dir;

    // pcap global header, microsecond magic, little-endian as Linux tcpdump writes it
    private static final byte[] PCAP_LE =
            HexFormat.of().parseHex("d4c3b2a1" + "0200" + "0400" + "00000000" + "00000000" + "00000400" + "01000000");
    // pcap nanosecond magic, big-endian
    private static final byte[] PCAP_NS_BE = HexFormat.of().parseHex("a1b23c4d00020004");
    // a whole pcapng Section Header Block, little-endian: type 0x0a0d0d0a, length 28, byte-order magic 1a2b3c4d,
    // version 1.0, section length -1 (unknown), no options, length 28 again
    private static final byte[] PCAPNG = HexFormat.of()
            .parseHex("0a0d0d0a" + "1c000000" + "4d3c2b1a" + "0100" + "0000" + "ffffffffffffffff" + "1c000000");
    private static final String FOLLOW = "\n=====================================\nFollow: tcp,raw\n"
            + "Filter: tcp.stream eq 0\nNode 0: 127.0.0.1:1\nNode 1: 127.0.0.1:2\n6162\n\t6364\n"
            + "=====================================\n";

    @Test
    void detectsPcapInBothByteOrdersAndBothResolutions() {
        assertEquals(Kind.PCAP, InputOpener.detect(PCAP_LE, PCAP_LE.length, false));
        assertEquals(Kind.PCAP, InputOpener.detect(PCAP_NS_BE, PCAP_NS_BE.length, false));
        byte[] usBe = HexFormat.of().parseHex("a1b2c3d4");
        byte[] nsLe = HexFormat.of().parseHex("4d3cb2a1");
        assertEquals(Kind.PCAP, InputOpener.detect(usBe, 4, true));
        assertEquals(Kind.PCAP, InputOpener.detect(nsLe, 4, true));
    }

    @Test
    void detectsPcapng() {
        assertEquals(Kind.PCAPNG, InputOpener.detect(PCAPNG, PCAPNG.length, false));
    }

    @Test
    void detectsFollowOutputWithOrWithoutItsLeadingBlankLine() {
        assertEquals(Kind.FOLLOW, detect(FOLLOW));
        assertEquals(Kind.FOLLOW, detect(FOLLOW.substring(1)));
        assertEquals(Kind.FOLLOW, detect(FOLLOW.replace("\n", "\r\n")));
    }

    @Test
    void detectsHexTextOfEachShape() {
        assertEquals(Kind.HEX, detect("29470200\n"));
        assertEquals(Kind.HEX, detect("29:47:02:00\n"));
        assertEquals(Kind.HEX, detect("1\t1795321070.368997000\t2947\n"));
        assertEquals(Kind.HEX, detect("===\nnot a follow header\n"));
        assertEquals(Kind.HEX, detect(""));
    }

    @Test
    void detectsBinaryAsRaw() {
        byte[] bela = {0x62, 0x65, 0x6c, 0x61, 0x29, 0x47, 0x00, 0x06};
        assertEquals(Kind.RAW, InputOpener.detect(bela, bela.length, false));
        byte[] datagram = {0x29, 0x47, 0x02, 0x00, 0x01};
        assertEquals(Kind.RAW, InputOpener.detect(datagram, datagram.length, false));
    }

    @Test
    void hexTextWithAStrayControlByteIsStillHex() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 400; i++) text.append("2947020000000100\n");
        byte[] b = text.toString().getBytes(StandardCharsets.US_ASCII);
        b[1000] = 0; // one NUL in the first 8 KB: one bad line, not a binary input
        assertEquals(Kind.HEX, InputOpener.detect(b, b.length, true));
        b[2000] = 0;
        b[3000] = 1;
        assertEquals(Kind.HEX, InputOpener.detect(b, b.length, true));
        for (int i = 0; i < 20; i++) b[10 + i * 17] = 0;
        assertEquals(Kind.RAW, InputOpener.detect(b, b.length, true), "more odd bytes than text has");
    }

    @Test
    void pcapngWithABadByteOrderMagicOpensAndReportsIt() throws IOException {
        byte[] badOrder = new PcapngBlocks(ByteOrder.LITTLE_ENDIAN).bytes();
        badOrder[8] = 0x11;
        Path f = dir.resolve("bad-order.pcapng");
        Files.write(f, badOrder);
        try (CaptureSource source = InputOpener.open(f.toString(), InputHints.AUTO)) {
            CaptureFormatException e = assertThrows(CaptureFormatException.class, source::next);
            assertEquals(ProblemKind.MALFORMED, e.kind());
            assertTrue(e.getMessage().contains("byte-order magic 0x"), e.getMessage());
            assertNull(source.next(), "reported once");
        }
    }

    @Test
    void asksForMoreBytesUntilTheFirstLineIsComplete() {
        byte[] b = "2947".getBytes(StandardCharsets.US_ASCII);
        assertNull(InputOpener.detect(b, 2, false));
        assertNull(InputOpener.detect(b, 4, false));
        assertEquals(Kind.HEX, InputOpener.detect(b, 4, true));
        byte[] rule = "====\n".getBytes(StandardCharsets.US_ASCII);
        assertNull(InputOpener.detect(rule, rule.length, false));
    }

    @Test
    void opensEachKindOfFileAsItsSource() throws IOException {
        assertInstanceOf(HexLineSource.class, open("hex.txt", "29470200\n".getBytes(StandardCharsets.US_ASCII)));
        assertInstanceOf(FollowTcpSource.class, open("f.txt", FOLLOW.getBytes(StandardCharsets.US_ASCII)));
        assertInstanceOf(RawBinarySource.class, open("raw.bin", new byte[] {0x29, 0x47, 0x00}));
        assertInstanceOf(PcapReader.class, open("x.pcap", PCAP_LE));
        assertInstanceOf(PcapngReader.class, open("x.pcapng", PCAPNG));
    }

    @Test
    void readsAFileFromItsFirstByteAfterLookingAtIt() throws IOException {
        Path f = dir.resolve("lines.txt");
        Files.writeString(f, "aabb\nccdd\n");
        try (CaptureSource s = InputOpener.open(f.toString(), InputHints.AUTO)) {
            assertArrayEquals(new byte[] {(byte) 0xaa, (byte) 0xbb}, ((PayloadChunk) s.next()).data());
            assertArrayEquals(new byte[] {(byte) 0xcc, (byte) 0xdd}, ((PayloadChunk) s.next()).data());
            assertNull(s.next());
        }
    }

    @Test
    void usesTheNamedFormatInsteadOfDetecting() throws IOException {
        Path f = dir.resolve("looks-like-hex.bin");
        Files.writeString(f, "2947\n");
        try (CaptureSource s = InputOpener.open(f.toString(), new InputHints(false, "raw"))) {
            assertInstanceOf(RawBinarySource.class, s);
            assertArrayEquals("2947\n".getBytes(StandardCharsets.US_ASCII), ((PayloadChunk) s.next()).data());
        }
    }

    @Test
    void passesTheTcpHintToHexLines() throws IOException {
        Path f = dir.resolve("tcp.txt");
        Files.writeString(f, "62656c61\n");
        try (CaptureSource s = InputOpener.open(f.toString(), new InputHints(true, null))) {
            assertEquals(0, ((PayloadChunk) s.next()).stream());
        }
    }

    @Test
    void readsStdinAfterLookingAtItsFirstBytesAndLeavesItOpen() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5000; i++) sb.append(String.format("%04x\n", i)); // more than the bytes looked at
        InputStream saved = System.in;
        boolean[] closed = {false};
        try {
            System.setIn(new ByteArrayInputStream(sb.toString().getBytes(StandardCharsets.US_ASCII)) {
                @Override
                public void close() {
                    closed[0] = true;
                }
            });
            int n = 0;
            try (CaptureSource s = InputOpener.open("-", InputHints.AUTO)) {
                assertInstanceOf(HexLineSource.class, s);
                for (Captured c; (c = s.next()) != null; n++) {
                    byte[] d = ((PayloadChunk) c).data();
                    assertEquals(n, (d[0] & 0xff) << 8 | (d[1] & 0xff));
                }
            }
            assertEquals(5000, n);
            assertTrue(!closed[0], "stdin was closed");
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void readsRawBinaryFromStdin() throws IOException {
        byte[] bela = {0x62, 0x65, 0x6c, 0x61, 0x29, 0x47, 0x00, 0x06};
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(bela));
            try (CaptureSource s = InputOpener.open("-", InputHints.AUTO)) {
                PayloadChunk c = (PayloadChunk) s.next();
                assertEquals(0, c.stream());
                assertArrayEquals(bela, c.data());
            }
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void namesAMissingFile() {
        NoSuchFileException e = assertThrows(
                NoSuchFileException.class,
                () -> InputOpener.open(dir.resolve("nope.pcap").toString(), InputHints.AUTO));
        assertTrue(e.getMessage().contains("nope.pcap"), e.getMessage());
    }

    @Test
    void rejectsAnUnknownFormatName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new InputHints(false, "csv"));
        assertTrue(e.getMessage().contains("'csv'"));
    }

    private CaptureSource open(String name, byte[] content) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, content);
        CaptureSource s = InputOpener.open(f.toString(), InputHints.AUTO);
        s.close();
        return s;
    }

    private static Kind detect(String text) {
        byte[] b = text.getBytes(StandardCharsets.US_ASCII);
        return InputOpener.detect(b, b.length, true);
    }
}
