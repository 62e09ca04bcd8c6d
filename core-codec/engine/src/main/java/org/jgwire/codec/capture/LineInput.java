package org.jgwire.codec.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;
import org.jgwire.codec.Limits;

/**
 * Lines of bytes from a channel, without decoding them to characters: the current line is {@code buf[start, end)}
 * with its {@code \n} and a trailing {@code \r} removed. Memory stays at one buffer that grows only up to the
 * longest line, and never past {@code maxLine} ({@link Limits#maxTextLine()}): a longer line is skipped and flagged
 * {@link #tooLong}.
 */
final class LineInput {
    private final ReadableByteChannel in;
    private final int maxLine;
    byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private long bufOffset; // input offset of buf[0]

    /** The current line: {@code buf[start, end)}. */
    int start;

    int end;
    /** 1-based number of the current line. */
    long number;
    /** The current line was longer than the maximum and was skipped: start == end. */
    boolean tooLong;
    /** Length of the current line, also when it was too long. */
    long length;

    LineInput(ReadableByteChannel in, int maxLine) {
        this.in = in;
        this.maxLine = maxLine;
        this.buf = new byte[Math.min(64 << 10, maxLine + 2)];
    }

    /** Input offset of {@code buf[i]} for the current line. */
    long offsetOf(int i) {
        return bufOffset + i;
    }

    /** Moves to the next line; false at the end of the input. */
    boolean next() throws IOException {
        int scan = pos;
        for (; ; ) {
            int nl = indexOfNewline(scan, limit);
            if (nl >= 0) {
                set(pos, nl, false, nl - pos);
                pos = nl + 1;
                return true;
            }
            if (limit - pos > maxLine) {
                return skipLongLine();
            }
            if (eof) {
                if (pos == limit) return false;
                set(pos, limit, false, limit - pos);
                pos = limit;
                return true;
            }
            scan = limit - pos;
            fill();
            scan += pos;
        }
    }

    private void set(int s, int nl, boolean skipped, long len) {
        start = s;
        int e = nl;
        if (e > s && buf[e - 1] == '\r') e--;
        end = e;
        tooLong = skipped;
        length = len;
        number++;
    }

    /** Drops a line longer than the maximum, reading on to its end without keeping it. */
    private boolean skipLongLine() throws IOException {
        long len = limit - pos;
        for (; ; ) {
            bufOffset += limit;
            pos = 0;
            limit = 0;
            fill();
            int nl = indexOfNewline(pos, limit);
            if (nl >= 0) {
                len += nl;
                pos = nl + 1;
                break;
            }
            len += limit;
            if (eof) {
                pos = limit;
                break;
            }
        }
        set(0, 0, true, len);
        return true;
    }

    private int indexOfNewline(int from, int to) {
        byte[] b = buf;
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') return i;
        }
        return -1;
    }

    /** Reads more: moves the unread bytes to the front, grows the buffer when full, sets eof. */
    private void fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            bufOffset += pos;
            limit -= pos;
            pos = 0;
        }
        if (limit == buf.length) {
            buf = Arrays.copyOf(buf, Math.min(buf.length * 2, maxLine + 2));
        }
        int r = in.read(ByteBuffer.wrap(buf, limit, buf.length - limit));
        if (r < 0) eof = true;
        else limit += r;
    }
}
