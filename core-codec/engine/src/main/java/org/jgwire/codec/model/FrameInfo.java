package org.jgwire.codec.model;

/**
 * Where a frame came from.
 *
 * @param packet     1-based packet number; for a frame reassembled from several packets, the packet that
 *                   completed it (as Wireshark does)
 * @param tsNanos    capture time in nanoseconds since the epoch, or -1 when the input had none
 * @param src        sender endpoint, null when unknown
 * @param dst        receiver endpoint, null when unknown
 * @param transport  what carried the frame
 */
public record FrameInfo(long packet, long tsNanos, Endpoint src, Endpoint dst, Transport transport) {}
