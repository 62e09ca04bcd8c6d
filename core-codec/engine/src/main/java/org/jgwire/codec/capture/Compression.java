package org.jgwire.codec.capture;

import io.airlift.compress.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.xxhash.XXHashFactory;

/**
 * How a capture file is compressed, told by its magic number as Wireshark tells it: gzip, zstd and lz4 frames are read
 * as a stream (tshark reads the same files directly); other archive formats are named, so that the user is told to
 * unpack them rather than shown their bytes decoded as frames.
 */
public enum Compression {
    GZIP("gzip", "gzip -d", new int[] {0x1f, 0x8b}, true),
    ZSTD("zstd", "zstd -d", new int[] {0x28, 0xb5, 0x2f, 0xfd}, true),
    LZ4("lz4", "lz4 -d", new int[] {0x04, 0x22, 0x4d, 0x18}, true),
    XZ("xz", "xz -d", new int[] {0xfd, '7', 'z', 'X', 'Z', 0x00}, false),
    BZIP2("bzip2", "bzip2 -d", new int[] {'B', 'Z', 'h'}, false),
    ZIP("zip", "unzip", new int[] {'P', 'K', 0x03, 0x04}, false),
    SEVEN_ZIP("7z", "7z x", new int[] {'7', 'z', 0xbc, 0xaf, 0x27, 0x1c}, false);

    /** Bytes the longest magic number takes. */
    static final int MAGIC_BYTES = 6;

    private final String label;
    private final String unpack;
    private final int[] magic;
    private final boolean readable;

    Compression(String label, String unpack, int[] magic, boolean readable) {
        this.label = label;
        this.unpack = unpack;
        this.magic = magic;
        this.readable = readable;
    }

    /** The compression {@code b[0, n)} starts with, or null for none that is known. */
    public static Compression of(byte[] b, int n) {
        for (Compression c : values()) if (c.matches(b, n)) return c;
        return null;
    }

    private boolean matches(byte[] b, int n) {
        if (n < magic.length) return false;
        for (int i = 0; i < magic.length; i++) if ((b[i] & 0xff) != magic[i]) return false;
        return true;
    }

    /** Whether jgwire reads files so compressed. */
    public boolean readable() {
        return readable;
    }

    /** Its name as users know it ("gzip"). */
    public String label() {
        return label;
    }

    /**
     * The decompressed bytes of {@code in}, streamed (nothing the file claims sizes an allocation). Pure Java: LZ4's
     * safe decoder, not the native one, which would unpack a library into the temporary folder.
     *
     * @throws IOException when the stream's header is damaged, or the format is one jgwire does not read
     */
    public InputStream decompress(InputStream in) throws IOException {
        InputStream buffered = new BufferedInputStream(in, 1 << 16);
        return switch (this) {
            case GZIP -> new GZIPInputStream(buffered, 1 << 16);
            case ZSTD -> new ZstdInputStream(buffered);
            case LZ4 -> new LZ4FrameInputStream(
                    buffered,
                    LZ4Factory.safeInstance().safeDecompressor(),
                    XXHashFactory.safeInstance().hash32());
            default -> throw new IOException(unsupported(null));
        };
    }

    /** Why {@code name} (a file, or null for standard input) cannot be read, and what to do. */
    public String unsupported(String name) {
        String what = name == null || name.equals("-") ? "standard input" : name;
        String file = name == null || name.equals("-") ? "FILE" : name;
        return what + " is in " + label + " format, which jgwire does not read (it reads pcap and pcapng, plain or"
                + " compressed with gzip, zstd or lz4): unpack it first (" + unpack + " " + file + ")";
    }
}
