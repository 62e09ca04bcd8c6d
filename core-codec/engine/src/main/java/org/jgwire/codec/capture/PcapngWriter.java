package org.jgwire.codec.capture;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes a pcapng stream with one interface: a Section Header Block, an Interface Description Block (link type,
 * snap length, {@code if_tsresol} = 9, i.e. nanosecond timestamps) and one Enhanced Packet Block per packet, all
 * little-endian (pcapng spec, draft-ietf-opsawg-pcapng). Streams well: nothing is written back, so it can go to a
 * pipe, and {@link #flushEachPacket} makes each packet reach a reader at once ({@code jgwire cluster --capture -}).
 */
public final class PcapngWriter implements Closeable {
    private static final int SHB = 0x0A0D0D0A;
    private static final int IDB = 0x00000001;
    private static final int EPB = 0x00000006;
    private static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    private static final short OPT_END = 0;
    private static final short IF_TSRESOL = 9;
    private static final short SHB_USERAPPL = 4;

    private final OutputStream out;
    private final boolean flushEachPacket;
    private final int snaplen;
    private long packets;

    /**
     * Writes the section and interface headers.
     *
     * @param linkType        the interface's LINKTYPE_ value (1 Ethernet, 113 Linux SLL, ...)
     * @param snaplen         the capture's snap length
     * @param application     written as the section's {@code shb_userappl} option, or null
     * @param flushEachPacket flush {@code out} after every packet (a live pipe) instead of leaving it to the stream
     */
    public PcapngWriter(OutputStream out, int linkType, int snaplen, String application, boolean flushEachPacket)
            throws IOException {
        this.out = out;
        this.flushEachPacket = flushEachPacket;
        this.snaplen = snaplen;
        byte[] appl = application == null ? new byte[0] : application.getBytes(StandardCharsets.UTF_8);
        int shbOptions = appl.length == 0 ? 0 : 4 + pad4(appl.length) + 4;
        ByteBuffer b = le(28 + shbOptions);
        b.putInt(SHB)
                .putInt(28 + shbOptions)
                .putInt(BYTE_ORDER_MAGIC)
                .putShort((short) 1)
                .putShort((short) 0)
                .putLong(-1L); // section length unknown: a stream
        if (appl.length > 0) {
            b.putShort(SHB_USERAPPL).putShort((short) appl.length).put(appl);
            b.position(b.position() + pad4(appl.length) - appl.length);
            b.putShort(OPT_END).putShort((short) 0);
        }
        b.putInt(28 + shbOptions);
        out.write(b.array());
        // IDB: link type, reserved, snaplen, if_tsresol=9 (10^-9 s), end of options
        ByteBuffer i = le(32);
        i.putInt(IDB)
                .putInt(32)
                .putShort((short) linkType)
                .putShort((short) 0)
                .putInt(snaplen)
                .putShort(IF_TSRESOL)
                .putShort((short) 1)
                .put((byte) 9)
                .put(new byte[3])
                .putShort(OPT_END)
                .putShort((short) 0)
                .putInt(32);
        out.write(i.array());
        if (flushEachPacket) out.flush();
    }

    /**
     * Writes one packet.
     *
     * @param epochNanos   capture time, nanoseconds since 1970
     * @param data         the captured bytes (at most the snap length are kept)
     * @param originalLength the packet's length on the wire
     */
    public void write(long epochNanos, byte[] data, int originalLength) throws IOException {
        int captured = Math.min(data.length, snaplen);
        int total = 32 + pad4(captured);
        ByteBuffer b = le(28);
        b.putInt(EPB)
                .putInt(total)
                .putInt(0)
                .putInt((int) (epochNanos >>> 32))
                .putInt((int) epochNanos)
                .putInt(captured)
                .putInt(originalLength);
        out.write(b.array());
        out.write(data, 0, captured);
        out.write(new byte[pad4(captured) - captured]);
        out.write(le(4).putInt(total).array());
        packets++;
        if (flushEachPacket) out.flush();
    }

    /** Packets written so far. */
    public long packets() {
        return packets;
    }

    public void flush() throws IOException {
        out.flush();
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
