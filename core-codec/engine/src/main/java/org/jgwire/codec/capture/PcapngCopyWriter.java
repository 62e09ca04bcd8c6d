package org.jgwire.codec.capture;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes packets read from another capture to a pcapng stream as they were: one Interface Description Block per
 * input interface (its link type and snap length), written before its first packet, and Enhanced Packet Blocks with
 * the original lengths and the timestamps at the input interface's resolution (nanoseconds when that resolution is
 * finer, or a power of 2). Little-endian, one section (pcapng spec, draft-ietf-opsawg-pcapng). Unlike
 * {@link PcapngWriter}, which writes one interface of its own at nanoseconds, this one keeps the input's.
 */
public final class PcapngCopyWriter implements Closeable {
    private static final int SHB = 0x0A0D0D0A, IDB = 1, EPB = 6;
    private static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    private static final short OPT_END = 0, IF_TSRESOL = 9, SHB_USERAPPL = 4;
    private static final long[] POW10 = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L
    };

    private final OutputStream out;
    private final Map<CaptureInterface, Integer> ids = new HashMap<>();
    /** By output interface number: nanoseconds per timestamp unit. */
    private long[] unitNanos = new long[4];

    /** Writes the section header, naming {@code application} (or nobody, when null). */
    public PcapngCopyWriter(OutputStream out, String application) throws IOException {
        this.out = out;
        byte[] appl = application == null ? new byte[0] : application.getBytes(StandardCharsets.UTF_8);
        int options = appl.length == 0 ? 0 : 4 + pad4(appl.length) + 4;
        ByteBuffer b = le(28 + options);
        b.putInt(SHB).putInt(28 + options).putInt(BYTE_ORDER_MAGIC);
        b.putShort((short) 1).putShort((short) 0).putLong(-1L); // version 1.0, section length unknown
        if (appl.length > 0) {
            b.putShort(SHB_USERAPPL).putShort((short) appl.length).put(appl);
            b.position(b.position() + pad4(appl.length) - appl.length);
            b.putShort(OPT_END).putShort((short) 0);
        }
        b.putInt(28 + options);
        out.write(b.array());
    }

    /** Writes {@code p}, captured on {@code on}, and that interface's description first if it is new here. */
    public void write(RawPacket p, CaptureInterface on) throws IOException {
        int id = interfaceId(on);
        long units = p.tsNanos() < 0 ? 0 : p.tsNanos() / unitNanos[id];
        byte[] data = p.data();
        int total = 32 + pad4(data.length);
        ByteBuffer b = le(28);
        b.putInt(EPB).putInt(total).putInt(id);
        b.putInt((int) (units >>> 32)).putInt((int) units);
        b.putInt(data.length).putInt(p.originalLength());
        out.write(b.array());
        out.write(data);
        out.write(new byte[pad4(data.length) - data.length]);
        out.write(le(4).putInt(total).array());
    }

    private int interfaceId(CaptureInterface on) throws IOException {
        Integer known = ids.get(on);
        if (known != null) return known;
        int id = ids.size();
        ids.put(on, id);
        boolean pow10 = (on.tsresol() & 0x80) == 0 && on.tsresol() <= 9;
        int tsresol = pow10 ? on.tsresol() : 9; // finer than nanoseconds, or a power of 2: the reader gave nanos
        if (id == unitNanos.length) unitNanos = java.util.Arrays.copyOf(unitNanos, id * 2);
        unitNanos[id] = POW10[9 - tsresol];
        ByteBuffer b = le(32);
        b.putInt(IDB)
                .putInt(32)
                .putShort((short) on.linkType())
                .putShort((short) 0)
                .putInt(on.snaplen());
        b.putShort(IF_TSRESOL).putShort((short) 1).put((byte) tsresol).put(new byte[3]);
        b.putShort(OPT_END).putShort((short) 0).putInt(32);
        out.write(b.array());
        return id;
    }

    /** Flushes and closes the underlying stream. */
    @Override
    public void close() throws IOException {
        out.close();
    }

    private static int pad4(int n) {
        return (n + 3) & ~3;
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
