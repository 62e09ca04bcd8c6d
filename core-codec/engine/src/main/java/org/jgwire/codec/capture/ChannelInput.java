package org.jgwire.codec.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;

/**
 * A channel read through one large reusable buffer, shared by the file readers. The buffer is kept in read mode;
 * {@link #ensure} compacts and refills it, and grows it only when one record needs more than it holds (records
 * are bounded by the readers before they ask). The buffer is a direct one: a file channel reads into it as it is,
 * where into a heap buffer it reads through a temporary direct buffer and copies every byte once more.
 */
final class ChannelInput {
    static final int INITIAL_CAPACITY = 1 << 20;

    private final ReadableByteChannel in;
    private ByteBuffer buf;
    /** Input offset of {@code buf.position()}. */
    private long offset;

    private boolean eof;

    ChannelInput(ReadableByteChannel in) {
        this.in = in;
        this.buf = ByteBuffer.allocateDirect(INITIAL_CAPACITY);
        buf.flip();
    }

    /** The buffer, positioned at the next unread byte; valid until the next {@link #ensure}. */
    ByteBuffer buffer() {
        return buf;
    }

    void order(ByteOrder order) {
        buf.order(order);
    }

    /** Input offset of the next unread byte. */
    long offset() {
        return offset;
    }

    /** Bytes available without reading. */
    int available() {
        return buf.remaining();
    }

    /**
     * Makes at least {@code n} bytes available, reading as needed.
     *
     * @return false when the input ends first (what was there stays available)
     */
    boolean ensure(int n) throws IOException {
        if (buf.remaining() >= n) return true;
        if (n > buf.capacity()) {
            ByteBuffer bigger =
                    ByteBuffer.allocateDirect(Math.max(n, buf.capacity() * 2)).order(buf.order());
            bigger.put(buf);
            bigger.flip();
            buf = bigger;
        }
        buf.compact();
        try {
            while (buf.position() < n && !eof) {
                if (in.read(buf) < 0) eof = true;
            }
        } finally {
            buf.flip();
        }
        return buf.remaining() >= n;
    }

    /** Consumes {@code n} available bytes. */
    void advance(int n) {
        buf.position(buf.position() + n);
        offset += n;
    }

    /** Consumes {@code n} bytes, reading through them without holding them all. @return false at end of input */
    boolean skip(long n) throws IOException {
        while (n > 0) {
            if (buf.remaining() == 0 && !ensure(1)) return false;
            int step = (int) Math.min(n, buf.remaining());
            advance(step);
            n -= step;
        }
        return true;
    }

    /** True when nothing is left, reading if the buffer is empty. */
    boolean atEnd() throws IOException {
        return !ensure(1);
    }

    void close() throws IOException {
        in.close();
    }
}
