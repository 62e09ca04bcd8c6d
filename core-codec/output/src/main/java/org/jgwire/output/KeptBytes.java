package org.jgwire.output;

/** A stretch of output kept to be written again: a line's start, or the keys a message list's messages share. */
final class KeptBytes {
    private byte[] bytes = new byte[256];
    private int length;

    /** Keeps what was written to {@code buf} from {@code from} on. */
    void keep(OutputBuffer buf, int from) {
        length = buf.size - from;
        if (bytes.length < length) bytes = new byte[Math.max(length, 2 * bytes.length)];
        System.arraycopy(buf.bytes, from, bytes, 0, length);
    }

    void writeTo(OutputBuffer buf) {
        buf.write(bytes, 0, length);
    }
}
