package org.jgwire.codec.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.ProblemKind;

/**
 * Reads a pcapng file (https://www.ietf.org/archive/id/draft-ietf-opsawg-pcapng-02.html) as a stream of
 * {@link RawPacket}s numbered from 1. Several sections, each in its own byte order with its own interfaces;
 * interfaces with their link type, if_tsresol (powers of 10 and of 2) and if_tsoffset; Enhanced, Simple (interface
 * 0, no timestamp: tsNanos -1) and obsolete Packet Blocks. Every other block type is skipped by its length.
 *
 * <p>A block length that is not a multiple of 4, shorter than its type's fixed part or longer than
 * {@link Limits#maxCaptureBlock()}, a packet longer than its block, an unknown interface, or a file that ends inside
 * a block: every complete packet before it is returned first, then {@link #next()} throws a
 * {@link CaptureFormatException} naming the offset and the value.
 */
public final class PcapngReader implements CaptureSource {
    static final int SHB = 0x0A0D0D0A, IDB = 1, PB = 2, SPB = 3, EPB = 6;
    private static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    private static final int OPT_ENDOFOPT = 0, IF_TSRESOL = 9, IF_TSOFFSET = 14;

    private final ChannelInput input;
    private final List<PcapngInterface> interfaces = new ArrayList<>();
    private final int maxBlock;
    private final int maxInterfaces;
    private long number;
    /** Packet blocks skipped, reported in their place ({@link #drainProblems}). */
    private final Problems problems;

    private int section;
    /** The interface of the packet returned last, and its number. */
    private PcapngInterface lastInterface;

    private int lastIndex;
    private boolean failed;

    /**
     * Reads the first Section Header Block.
     *
     * @throws CaptureFormatException when the input does not start with one
     */
    public PcapngReader(ReadableByteChannel in) throws IOException {
        this(in, Limits.DEFAULTS);
    }

    /** As {@link #PcapngReader(ReadableByteChannel)}, blocks and interfaces bounded by {@code limits}. */
    public PcapngReader(ReadableByteChannel in, Limits limits) throws IOException {
        maxBlock = limits.maxCaptureBlock();
        maxInterfaces = limits.maxPcapngInterfaces();
        problems = new Problems(limits.maxPendingBadLines());
        input = new ChannelInput(in);
        if (!input.ensure(12)) {
            throw new CaptureFormatException("pcapng file header cut short: " + input.available() + " bytes", 0);
        }
        ByteBuffer b = input.buffer();
        int type = b.order(ByteOrder.BIG_ENDIAN).getInt(b.position());
        if (type != SHB) {
            throw new CaptureFormatException(String.format("not a pcapng file: first block type 0x%08x", type), 0);
        }
        if (!readSectionOrder()) {
            throw new CaptureFormatException(
                    String.format(
                            "pcapng section header has byte-order magic 0x%08x (0x1a2b3c4d in either byte order"
                                    + " expected); the file cannot be read",
                            b.getInt(b.position() + 8)),
                    8,
                    ProblemKind.MALFORMED);
        }
    }

    /** True when the bytes at {@code off} start a Section Header Block with a valid byte-order magic. */
    public static boolean isPcapngMagic(byte[] b, int off) {
        if (b == null || off < 0 || off + 12 > b.length) return false;
        if (beInt(b, off) != SHB) return false;
        int order = beInt(b, off + 8);
        return order == BYTE_ORDER_MAGIC || Integer.reverseBytes(order) == BYTE_ORDER_MAGIC;
    }

    private static int beInt(byte[] b, int o) {
        return (b[o] & 0xFF) << 24 | (b[o + 1] & 0xFF) << 16 | (b[o + 2] & 0xFF) << 8 | (b[o + 3] & 0xFF);
    }

    /** Sets the byte order from the SHB at the buffer's position (12 bytes available); false if invalid. */
    private boolean readSectionOrder() {
        ByteBuffer b = input.buffer();
        int magic = b.order(ByteOrder.BIG_ENDIAN).getInt(b.position() + 8);
        if (magic == BYTE_ORDER_MAGIC) return true;
        if (Integer.reverseBytes(magic) != BYTE_ORDER_MAGIC) return false;
        b.order(ByteOrder.LITTLE_ENDIAN);
        return true;
    }

    @Override
    public RawPacket next() throws IOException {
        if (failed) return null;
        while (true) {
            long at = input.offset();
            if (!input.ensure(8)) {
                if (input.available() == 0) return null;
                throw fail(
                        "pcapng file ends inside a block header at offset " + at + ": " + input.available()
                                + " of 8 bytes",
                        at);
            }
            ByteBuffer b = input.buffer();
            int type = b.getInt(b.position());
            if (type == SHB) {
                if (!input.ensure(12)) throw cut(at, 12);
                if (!readSectionOrder()) {
                    failed = true;
                    throw new CaptureFormatException(
                            String.format(
                                    "pcapng section header at offset %d has byte-order magic 0x%08x (0x1a2b3c4d in"
                                            + " either byte order expected); the rest of the file cannot be read",
                                    at, input.buffer().getInt(input.buffer().position() + 8)),
                            at,
                            ProblemKind.MALFORMED);
                }
                b = input.buffer();
            }
            int len = b.getInt(b.position() + 4);
            int min = minLength(type);
            if (len < min || (len & 3) != 0 || len > maxBlock) {
                throw fail(
                        String.format(
                                "pcapng block of type 0x%x at offset %d declares length %d (must be a"
                                        + " multiple of 4 from %d to %d)",
                                type, at, len & 0xFFFFFFFFL, min, maxBlock),
                        at);
            }
            if (min == 12) { // a block type we do not read
                if (!input.skip(len)) throw cut(at, len);
                continue;
            }
            if (!input.ensure(len)) throw cut(at, len);
            b = input.buffer();
            int p = b.position();
            if (b.getInt(p + len - 4) != len) {
                throw fail(
                        "pcapng block of type " + type + " at offset " + at + " has length " + len
                                + " at its start but " + (b.getInt(p + len - 4) & 0xFFFFFFFFL) + " at its end",
                        at);
            }
            RawPacket packet =
                    switch (type) {
                        case SHB -> {
                            interfaces.clear();
                            section++;
                            yield null;
                        }
                        case IDB -> {
                            addInterface(b, p, len, at);
                            yield null;
                        }
                        case EPB -> enhanced(b, p, len, at);
                        case SPB -> simple(b, p, len, at);
                        default -> obsolete(b, p, len, at);
                    };
            input.advance(len);
            if (packet != null) return packet;
        }
    }

    private static int minLength(int type) {
        return switch (type) {
            case SHB -> 28;
            case IDB -> 20;
            case EPB, PB -> 32;
            case SPB -> 16;
            default -> 12;
        };
    }

    private void addInterface(ByteBuffer b, int p, int len, long at) throws CaptureFormatException {
        if (interfaces.size() >= maxInterfaces) {
            throw fail(
                    "pcapng section " + section + " describes more than " + maxInterfaces
                            + " interfaces (block at offset " + at + ")",
                    at);
        }
        int linkType = b.getShort(p + 8) & 0xFFFF;
        int snaplen = b.getInt(p + 12);
        int tsresol = PcapngInterface.DEFAULT_TSRESOL;
        long tsoffset = 0;
        int q = p + 16, end = p + len - 4;
        while (q + 4 <= end) {
            int code = b.getShort(q) & 0xFFFF;
            int olen = b.getShort(q + 2) & 0xFFFF;
            if (code == OPT_ENDOFOPT || q + 4 + olen > end) break;
            if (code == IF_TSRESOL && olen >= 1) tsresol = b.get(q + 4) & 0xFF;
            else if (code == IF_TSOFFSET && olen >= 8) tsoffset = b.getLong(q + 4);
            q += 4 + ((olen + 3) & ~3);
        }
        interfaces.add(new PcapngInterface(linkType, snaplen, tsresol, tsoffset));
    }

    private PcapngInterface iface(int id, long at) throws CaptureFormatException {
        if (id < 0 || id >= interfaces.size()) {
            throw fail(
                    "pcapng packet block at offset " + at + " names interface " + (id & 0xFFFFFFFFL) + " but section "
                            + section + " describes " + interfaces.size(),
                    at);
        }
        lastIndex = id;
        return lastInterface = interfaces.get(id);
    }

    @Override
    public CaptureInterface lastInterface() {
        PcapngInterface i = lastInterface;
        return i == null ? null : new CaptureInterface(section, lastIndex, i.linkType, i.snaplen, i.tsresol);
    }

    private RawPacket enhanced(ByteBuffer b, int p, int len, long at) throws CaptureFormatException {
        PcapngInterface ifc = iface(b.getInt(p + 8), at);
        long ts = (b.getInt(p + 12) & 0xFFFFFFFFL) << 32 | (b.getInt(p + 16) & 0xFFFFFFFFL);
        return packet(b, p + 28, b.getInt(p + 20), b.getInt(p + 24), len - 32, ifc, ifc.toNanos(ts), at);
    }

    private RawPacket obsolete(ByteBuffer b, int p, int len, long at) throws CaptureFormatException {
        PcapngInterface ifc = iface(b.getShort(p + 8) & 0xFFFF, at);
        long ts = (b.getInt(p + 12) & 0xFFFFFFFFL) << 32 | (b.getInt(p + 16) & 0xFFFFFFFFL);
        return packet(b, p + 28, b.getInt(p + 20), b.getInt(p + 24), len - 32, ifc, ifc.toNanos(ts), at);
    }

    /** Simple Packet Block: interface 0, captured length implied by the block and the snaplen, no timestamp. */
    private RawPacket simple(ByteBuffer b, int p, int len, long at) throws CaptureFormatException {
        PcapngInterface ifc = iface(0, at);
        int origlen = b.getInt(p + 8);
        long caplen = Math.min(origlen & 0xFFFFFFFFL, len - 16);
        if (ifc.snaplen > 0) caplen = Math.min(caplen, ifc.snaplen);
        return packet(b, p + 12, (int) caplen, origlen, len - 16, ifc, -1, at);
    }

    private RawPacket packet(
            ByteBuffer b, int dataAt, int caplen, int origlen, int room, PcapngInterface ifc, long tsNanos, long at)
            throws CaptureFormatException {
        if (caplen < 0 || caplen > room) { // the block's own length is sound (checked at both ends): skip it alone
            problems.add(
                    ++number,
                    ProblemKind.MALFORMED,
                    at,
                    "pcapng packet block at offset " + at + " declares " + (caplen & 0xFFFFFFFFL)
                            + " captured bytes, more than its block holds (" + room + "); the packet is skipped");
            return null;
        }
        byte[] data = new byte[caplen];
        b.get(dataAt, data);
        return new RawPacket(++number, tsNanos, ifc.linkType, data, origlen < 0 ? Integer.MAX_VALUE : origlen);
    }

    private CaptureFormatException cut(long at, int len) {
        return fail(
                "pcapng file ends inside the block at offset " + at + ": " + input.available() + " of " + len
                        + " bytes",
                at);
    }

    @Override
    public List<ErrorRecord> drainProblems() {
        return problems.drain();
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
