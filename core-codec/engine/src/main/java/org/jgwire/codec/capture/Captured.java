package org.jgwire.codec.capture;

/** One unit read from an input: a link-layer packet, or payload bytes from an input without a network layer. */
public sealed interface Captured permits RawPacket, PayloadChunk {
    /** 1-based position in the input. */
    long number();

    /** Capture time in nanoseconds since the epoch, -1 when the input has none. */
    long tsNanos();
}
