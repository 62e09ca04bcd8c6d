package org.jgwire.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Turns JSON Lines into one JSON array: {@code [}, the objects separated by {@code ,} and a line break, {@code ]}.
 * JSON escapes line breaks inside strings, so every raw line break ends an object.
 */
final class JsonArrayOutput extends FilterOutputStream {
    private static final byte[] END = {'\n', ']', '\n'};
    private static final byte[] EMPTY = {'[', ']', '\n'};

    private boolean started;
    /** A line ended: a comma goes before the next object, or the array's end after the last. */
    private boolean lineEnded;

    JsonArrayOutput(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int end = off + len;
        while (off < end) {
            if (!started) {
                out.write('[');
                out.write('\n');
                started = true;
            } else if (lineEnded) {
                out.write(',');
                out.write('\n');
                lineEnded = false;
            }
            int nl = off;
            while (nl < end && b[nl] != '\n') nl++;
            out.write(b, off, nl - off);
            if (nl < end) lineEnded = true;
            off = nl + 1;
        }
    }

    @Override
    public void close() throws IOException {
        out.write(started ? END : EMPTY);
        super.close();
    }
}
