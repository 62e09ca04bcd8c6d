package org.jgwire.codec.network;

import org.jgwire.codec.model.Endpoint;

/**
 * One TCP segment: {@code data[offset, offset+length)} is its payload.
 *
 * @param seq   sequence number (unsigned 32 bits, in a long)
 * @param flags TCP flags byte (FIN=1, SYN=2, RST=4, PSH=8, ACK=16)
 */
public record TcpSegment(Endpoint src, Endpoint dst, long seq, int flags, byte[] data, int offset, int length)
        implements Transported {
    public static final int FIN = 1, SYN = 2, RST = 4, PSH = 8, ACK = 16;

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }
}
