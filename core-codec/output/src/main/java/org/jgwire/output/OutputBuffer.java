package org.jgwire.output;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A growable byte array that writers fill directly (the JSON writer appends into {@link #bytes} itself), so a
 * formatted batch is copied once, to the output, and not again through a stream's buffer. Grows only as far as
 * the records written into it need.
 */
final class OutputBuffer extends OutputStream {
    byte[] bytes;
    int size;

    OutputBuffer(int capacity) {
        bytes = new byte[Math.max(capacity, 64)];
    }

    /** Makes room for {@code n} more bytes. */
    void ensure(int n) {
        if (size + n > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + n));
    }

    void reset() {
        size = 0;
    }

    @Override
    public void write(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, bytes, size, len);
        size += len;
    }

    /** Writes everything held to {@code out} (which may then be reset). */
    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, size);
    }
}
