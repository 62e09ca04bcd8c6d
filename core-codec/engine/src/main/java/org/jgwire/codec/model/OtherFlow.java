package org.jgwire.codec.model;

/**
 * A flow that never showed anything JGroups: a TCP connection (both directions) without a connection handshake, a
 * frame or a signal, or the UDP datagrams from one endpoint to another without a plausible version and frame. Other
 * traffic of the host, counted in the summary instead of reported as damage.
 *
 * @param transport    {@link Transport#TCP} or {@link Transport#UDP}
 * @param src          the sender of its first packet (a TCP connection: the side that sent first); null when the
 *                     input names no endpoints (hex lines), and for the datagrams of the flows past the tallied ones
 * @param dst          where that packet went; null when {@code src} is
 * @param packets      packets that carried its payload (TCP: segments with data, both directions)
 * @param bytes        its payload bytes (TCP: both directions)
 * @param firstPacket  capture packet number of its first payload
 * @param lastPacket   capture packet number of its last payload
 *     (both -1 for the datagrams of the flows past the tallied ones)
 */
public record OtherFlow(
        Transport transport,
        Endpoint src,
        Endpoint dst,
        long packets,
        long bytes,
        long firstPacket,
        long firstTsNanos,
        long lastPacket,
        long lastTsNanos) {
    /** Whether this counts the datagrams of the UDP flows past the tallied ones, together: no flow of its own. */
    public boolean isRest() {
        return firstPacket < 0;
    }
}
