package org.jgwire.codec.network;

import org.jgwire.codec.model.Endpoint;

/**
 * One TCP segment: {@code data[offset, offset+length)} is its payload.
 *
 * @param seq   sequence number (unsigned 32 bits, in a long)
 * @param flags TCP flags byte (FIN=1, SYN=2, RST=4, PSH=8, ACK=16)
 * @param ack   acknowledgement number (unsigned 32 bits) when the ACK flag is set, else -1
 */
public record TcpSegment(Endpoint src, Endpoint dst, long seq, int flags, byte[] data, int offset, int length, long ack)
        implements Transported {
    public static final int FIN = 1, SYN = 2, RST = 4, PSH = 8, ACK = 16;

    /** A segment whose acknowledgement number is not known. */
    public TcpSegment(Endpoint src, Endpoint dst, long seq, int flags, byte[] data, int offset, int length) {
        this(src, dst, seq, flags, data, offset, length, -1);
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }
}
