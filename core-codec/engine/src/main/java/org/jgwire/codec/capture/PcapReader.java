package org.jgwire.codec.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import org.jgwire.codec.Limits;

/**
 * Reads a classic pcap file (the libpcap format: https://www.tcpdump.org/manpages/pcap-savefile.5.html) as a
 * stream of {@link RawPacket}s numbered from 1. Both byte orders, microsecond and nanosecond magic, and the
 * "modified" (Kuznetzov) variant with its longer record header.
 *
 * <p>A record longer than the file's snaplen (and than 65535, since some writers understate it), or than
 * {@link Limits#maxCaptureBlock()}, or a file that ends inside a record: every complete packet before it is returned
 * first, then {@link #next()} throws a {@link CaptureFormatException} naming the offset and the value.
 */
public final class PcapReader implements CaptureSource {
    private static final int MAGIC_MICROS = 0xa1b2c3d4;
    private static final int MAGIC_NANOS = 0xa1b23c4d;
    private static final int MAGIC_MODIFIED = 0xa1b2cd34;
    private static final int FILE_HEADER = 24;

    private final ChannelInput input;
    private final int linkType;
    private final int snaplen;
    private final boolean nanos;
    private final int recordHeader;
    private final int maxRecord;
    private long number;
    private boolean failed;

    /**
     * Reads the file header.
     *
     * @throws CaptureFormatException when the input is not a pcap file
     */
    public PcapReader(ReadableByteChannel in) throws IOException {
        this(in, Limits.DEFAULTS);
    }

    /** As {@link #PcapReader(ReadableByteChannel)}, records bounded by {@code limits}. */
    public PcapReader(ReadableByteChannel in, Limits limits) throws IOException {
        input = new ChannelInput(in);
        if (!input.ensure(FILE_HEADER)) {
            throw new CaptureFormatException(
                    "pcap file header cut short: " + input.available() + " of " + FILE_HEADER + " bytes", 0);
        }
        ByteBuffer b = input.buffer();
        int p = b.position();
        int magic = b.order(ByteOrder.BIG_ENDIAN).getInt(p);
        if (!isKnownMagic(magic)) {
            if (!isKnownMagic(Integer.reverseBytes(magic))) {
                throw new CaptureFormatException(String.format("not a pcap file: magic 0x%08x", magic), 0);
            }
            b.order(ByteOrder.LITTLE_ENDIAN);
            magic = Integer.reverseBytes(magic);
        }
        nanos = magic == MAGIC_NANOS;
        recordHeader = magic == MAGIC_MODIFIED ? 24 : 16;
        snaplen = b.getInt(p + 16);
        // The low 16 bits are the link type; the upper bits may carry the FCS length (pcap-savefile(5)).
        linkType = b.getInt(p + 20) & 0xFFFF;
        int maxBlock = limits.maxCaptureBlock(); // whatever the snaplen says
        maxRecord = snaplen <= 0 ? maxBlock : Math.min(maxBlock, Math.max(snaplen, 65535));
        input.advance(FILE_HEADER);
    }

    private static boolean isKnownMagic(int m) {
        return m == MAGIC_MICROS || m == MAGIC_NANOS || m == MAGIC_MODIFIED;
    }

    /** True when the 4 bytes at {@code off} are a pcap magic number, in either byte order. */
    public static boolean isPcapMagic(byte[] b, int off) {
        if (b == null || off < 0 || off + 4 > b.length) return false;
        int be = (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
        return isKnownMagic(be) || isKnownMagic(Integer.reverseBytes(be));
    }

    /** The file's link type (LINKTYPE_ value). */
    public int linkType() {
        return linkType;
    }

    /** The file's snapshot length. */
    public int snaplen() {
        return snaplen;
    }

    @Override
    public CaptureInterface lastInterface() {
        return new CaptureInterface(0, 0, linkType, snaplen, nanos ? 9 : 6);
    }

    @Override
    public RawPacket next() throws IOException {
        if (failed) return null;
        long at = input.offset();
        if (!input.ensure(recordHeader)) {
            if (input.available() == 0) return null;
            throw fail(
                    "pcap file ends inside the header of record " + (number + 1) + " at offset " + at + ": "
                            + input.available() + " of " + recordHeader + " bytes",
                    at);
        }
        ByteBuffer b = input.buffer();
        int p = b.position();
        long sec = b.getInt(p) & 0xFFFFFFFFL;
        long frac = b.getInt(p + 4) & 0xFFFFFFFFL;
        int caplen = b.getInt(p + 8);
        int origlen = b.getInt(p + 12);
        if (caplen < 0 || caplen > maxRecord) {
            throw fail(
                    "pcap record " + (number + 1) + " at offset " + at + " declares " + (caplen & 0xFFFFFFFFL)
                            + " captured bytes, more than the bound (" + maxRecord + ", from snaplen " + snaplen + ")",
                    at);
        }
        if (!input.ensure(recordHeader + caplen)) {
            throw fail(
                    "pcap file ends inside record " + (number + 1) + " at offset " + at + ": "
                            + (input.available() - recordHeader) + " of " + caplen + " captured bytes",
                    at);
        }
        b = input.buffer(); // ensure may have replaced it
        byte[] data = new byte[caplen];
        b.get(b.position() + recordHeader, data);
        input.advance(recordHeader + caplen);
        long ts = sec * 1_000_000_000L + (nanos ? frac : frac * 1000L);
        return new RawPacket(++number, ts, linkType, data, origlen < 0 ? Integer.MAX_VALUE : origlen);
    }

    private CaptureFormatException fail(String message, long offset) {
        failed = true;
        return new CaptureFormatException(message, offset);
    }

    @Override
    public void close() throws IOException {
        input.close();
    }
}
