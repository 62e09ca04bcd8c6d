package org.jgwire.codec.capture;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Test-only: writes pcapng blocks field by field (draft-ietf-opsawg-pcapng). */
final class PcapngBlocks {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private ByteOrder order;

    PcapngBlocks(ByteOrder order) {
        section(order);
    }

    /** Section Header Block: starts a section in {@code order}, forgetting earlier interfaces. */
    PcapngBlocks section(ByteOrder order) {
        this.order = order;
        ByteBuffer body = buf(16);
        body.putInt(0x1A2B3C4D); // byte-order magic
        body.putShort((short) 1); // major version
        body.putShort((short) 0); // minor version
        body.putLong(-1); // section length: unknown
        return block(0x0A0D0D0A, body.array());
    }

    /** Interface Description Block; tsresol < 0 leaves the option out (microseconds), tsoffset 0 likewise. */
    PcapngBlocks iface(int linkType, int snaplen, int tsresol, long tsoffset) {
        ByteBuffer body = buf(8 + 8 + 12 + 4);
        body.putShort((short) linkType); // LinkType
        body.putShort((short) 0); // reserved
        body.putInt(snaplen); // SnapLen
        if (tsresol >= 0) {
            body.putShort((short) 9); // option code if_tsresol
            body.putShort((short) 1); // option length
            body.put((byte) tsresol); // value: 10^-n, or 2^-n with the high bit
            body.put(new byte[3]); // padding to 32 bits
        }
        if (tsoffset != 0) {
            body.putShort((short) 14); // option code if_tsoffset
            body.putShort((short) 8); // option length
            body.putLong(tsoffset); // seconds added to every timestamp
        }
        body.putShort((short) 0); // opt_endofopt
        body.putShort((short) 0); // its length
        return block(1, slice(body));
    }

    /** Enhanced Packet Block. */
    PcapngBlocks epb(int ifaceId, long ts, byte[] data, int origlen) {
        return epb(ifaceId, ts, data.length, origlen, data);
    }

    PcapngBlocks epb(int ifaceId, long ts, int caplen, int origlen, byte[] data) {
        ByteBuffer body = buf(20 + pad(data.length));
        body.putInt(ifaceId); // Interface ID
        body.putInt((int) (ts >>> 32)); // Timestamp (upper)
        body.putInt((int) ts); // Timestamp (lower)
        body.putInt(caplen); // Captured Packet Length
        body.putInt(origlen); // Original Packet Length
        body.put(data); // Packet Data, then zero padding to 32 bits
        return block(6, body.array());
    }

    /** Simple Packet Block: interface 0, no timestamp, captured length implied. */
    PcapngBlocks spb(byte[] data, int origlen) {
        ByteBuffer body = buf(4 + pad(data.length));
        body.putInt(origlen); // Original Packet Length
        body.put(data); // Packet Data, padded
        return block(3, body.array());
    }

    /** Obsolete Packet Block (type 2). */
    PcapngBlocks obsoletePacket(int ifaceId, long ts, byte[] data) {
        ByteBuffer body = buf(20 + pad(data.length));
        body.putShort((short) ifaceId); // Interface ID (16 bits)
        body.putShort((short) 0); // Drops Count
        body.putInt((int) (ts >>> 32)); // Timestamp (upper)
        body.putInt((int) ts); // Timestamp (lower)
        body.putInt(data.length); // Captured Len
        body.putInt(data.length); // Packet Len
        body.put(data); // Packet Data, padded
        return block(2, body.array());
    }

    /** Any block: type, total length, body (padded), total length again. */
    PcapngBlocks block(int type, byte[] body) {
        int len = 12 + pad(body.length);
        ByteBuffer b = buf(len);
        b.putInt(type); // Block Type
        b.putInt(len); // Block Total Length
        b.put(body); // Block Body, padded
        b.position(len - 4);
        b.putInt(len); // Block Total Length, repeated
        out.writeBytes(b.array());
        return this;
    }

    /** Raw bytes, for damaged files. */
    PcapngBlocks raw(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    ByteOrder order() {
        return order;
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    private ByteBuffer buf(int n) {
        return ByteBuffer.allocate(n).order(order);
    }

    private static byte[] slice(ByteBuffer b) {
        byte[] r = new byte[b.position()];
        System.arraycopy(b.array(), 0, r, 0, r.length);
        return r;
    }

    static int pad(int n) {
        return (n + 3) & ~3;
    }
}
