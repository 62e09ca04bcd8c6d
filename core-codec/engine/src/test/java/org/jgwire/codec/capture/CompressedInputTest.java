package org.jgwire.codec.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.airlift.compress.zstd.ZstdOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.jgwire.codec.Limits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CompressedInputTest {
    @TempDir
    Path dir;

    /** A pcap of 300 packets of 1,000 bytes each, so that it spans several buffers of every decompressor. */
    private static byte[] capture() {
        PcapWriter w = new PcapWriter(ByteOrder.LITTLE_ENDIAN, false, 65535, RawPacket.LINKTYPE_RAW);
        for (int i = 0; i < 300; i++) {
            byte[] data = new byte[1000];
            Arrays.fill(data, (byte) i);
            w.record(1_700_000_000L + i, i, data, data.length);
        }
        return w.bytes();
    }

    private static byte[] compress(Compression c, byte[] plain) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out =
                switch (c) {
                    case GZIP -> new GZIPOutputStream(bytes);
                    case ZSTD -> new ZstdOutputStream(bytes);
                    case LZ4 -> new LZ4FrameOutputStream(bytes);
                    default -> throw new IllegalArgumentException(c.toString());
                }) {
            out.write(plain);
        }
        return bytes.toByteArray();
    }

    private static List<RawPacket> packets(CaptureSource s) throws IOException {
        List<RawPacket> out = new ArrayList<>();
        for (Captured c; (c = s.next()) != null; ) out.add(assertInstanceOf(RawPacket.class, c));
        return out;
    }

    private static void assertSamePackets(List<RawPacket> expected, List<RawPacket> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).tsNanos(), actual.get(i).tsNanos());
            assertArrayEquals(expected.get(i).data(), actual.get(i).data());
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"GZIP", "ZSTD", "LZ4"})
    void aCompressedFileReadsAsThePlainOneByContentWhateverItsName(Compression c) throws IOException {
        byte[] plain = capture();
        Path p = dir.resolve("plain.pcap"), z = dir.resolve("no-suffix");
        Files.write(p, plain);
        Files.write(z, compress(c, plain));
        try (CaptureSource a = InputOpener.open(p.toString(), InputHints.AUTO);
                CaptureSource b = InputOpener.open(z.toString(), InputHints.AUTO)) {
            assertInstanceOf(PcapReader.class, b);
            List<RawPacket> expected = packets(a);
            assertEquals(300, expected.size());
            assertSamePackets(expected, packets(b));
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"GZIP", "ZSTD", "LZ4"})
    void standardInputIsDecompressedToo(Compression c) throws IOException {
        byte[] plain = capture();
        Path p = dir.resolve("plain.pcap");
        Files.write(p, plain);
        try (CaptureSource a = InputOpener.open(p.toString(), InputHints.AUTO);
                CaptureSource b = InputOpener.open(
                        "-", InputHints.AUTO, Limits.DEFAULTS, new ByteArrayInputStream(compress(c, plain)))) {
            assertSamePackets(packets(a), packets(b));
        }
    }

    @Test
    void theNamedCaptureFormatAppliesToTheDecompressedBytes() throws IOException {
        Path z = dir.resolve("x.pcap.gz");
        Files.write(z, compress(Compression.GZIP, capture()));
        try (CaptureSource s = InputOpener.open(z.toString(), new InputHints(false, "pcap"))) {
            assertEquals(300, packets(s).size());
        }
    }

    @Test
    void anArchiveFormatJgwireDoesNotReadIsOneClearErrorNamingIt() throws IOException {
        Path xz = dir.resolve("capture.pcap.xz");
        Files.write(xz, new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 0, 4, (byte) 0xe6, (byte) 0xd6});
        IOException e = assertThrows(IOException.class, () -> InputOpener.open(xz.toString(), InputHints.AUTO));
        assertTrue(e.getMessage().contains("is in xz format"), e.getMessage());
        assertTrue(e.getMessage().contains("xz -d " + xz), e.getMessage());
        Path zip = dir.resolve("capture.zip");
        Files.write(zip, new byte[] {'P', 'K', 3, 4, 20, 0, 0, 0});
        e = assertThrows(
                IOException.class,
                () -> InputOpener.open(
                        "-", InputHints.AUTO, Limits.DEFAULTS, new ByteArrayInputStream(Files.readAllBytes(zip))));
        assertTrue(e.getMessage().startsWith("standard input is in zip format"), e.getMessage());
    }

    @Test
    void aDamagedCompressedHeaderSaysWhichFormatItClaimed() throws IOException {
        Path bad = dir.resolve("bad.gz");
        Files.write(bad, new byte[] {0x1f, (byte) 0x8b, 0x63, 0, 0, 0, 0, 0, 0, 0});
        IOException e = assertThrows(IOException.class, () -> InputOpener.open(bad.toString(), InputHints.AUTO));
        assertTrue(e.getMessage().startsWith(bad + ": a damaged gzip stream"), e.getMessage());
    }

    @Test
    void rawFramesNamedByTheUserAreNeverTakenForACompressedFile() throws IOException {
        Path f = dir.resolve("frames.bin");
        Files.write(f, new byte[] {0x1f, (byte) 0x8b, 1, 2});
        try (CaptureSource s = InputOpener.open(f.toString(), new InputHints(false, "raw"))) {
            assertInstanceOf(RawBinarySource.class, s);
        }
    }
}
