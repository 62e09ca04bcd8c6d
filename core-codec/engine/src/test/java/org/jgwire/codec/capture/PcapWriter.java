package org.jgwire.codec.capture;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Test-only: writes classic pcap bytes field by field (pcap-savefile(5)). */
final class PcapWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteOrder order;

    PcapWriter(ByteOrder order, boolean nanos, int snaplen, int linkType) {
        this.order = order;
        ByteBuffer b = ByteBuffer.allocate(24).order(order);
        b.putInt(nanos ? 0xa1b23c4d : 0xa1b2c3d4); // magic: resolution, and byte order by how it reads back
        b.putShort((short) 2); // version major
        b.putShort((short) 4); // version minor
        b.putInt(0); // thiszone (always 0)
        b.putInt(0); // sigfigs (always 0)
        b.putInt(snaplen); // snaplen
        b.putInt(linkType); // network: LINKTYPE_ value
        out.writeBytes(b.array());
    }

    /** A record whose captured length is data.length. */
    PcapWriter record(long sec, long frac, byte[] data, int origlen) {
        return record(sec, frac, data.length, origlen, data);
    }

    /** A record with an explicit captured-length field (may lie about data.length). */
    PcapWriter record(long sec, long frac, int caplen, int origlen, byte[] data) {
        ByteBuffer b = ByteBuffer.allocate(16).order(order);
        b.putInt((int) sec); // ts_sec
        b.putInt((int) frac); // ts_usec or ts_nsec
        b.putInt(caplen); // incl_len
        b.putInt(origlen); // orig_len
        out.writeBytes(b.array());
        out.writeBytes(data); // packet data
        return this;
    }

    byte[] bytes() {
        return out.toByteArray();
    }
}
