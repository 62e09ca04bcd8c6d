package org.jgwire.codec.capture;

/**
 * Payload bytes from an input without a network layer (hex lines, raw binary).
 *
 * @param stream -1 when the chunk is one whole datagram (one frame); {@link #BACK_TO_BACK} when it continues raw
 *               datagrams written one after the other; otherwise the id of the byte stream it continues (0 and 1 for
 *               the two sides of {@code follow,tcp,raw}; 0 for {@code --tcp} lines)
 * @param data   the bytes
 */
public record PayloadChunk(long number, long tsNanos, int stream, byte[] data) implements Captured {
    /** The stream of datagrams back to back, without lengths (ParseMessages' binary input). */
    public static final int BACK_TO_BACK = -2;

    public boolean isDatagram() {
        return stream == -1;
    }

    public boolean isBackToBack() {
        return stream == BACK_TO_BACK;
    }
}
