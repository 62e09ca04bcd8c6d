package org.jgwire.gui.model;

import java.io.IOException;
import java.util.List;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.PayloadChunk;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.capture.SkipsBadLines;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;

/**
 * Counts the bytes of what a source hands out, for a progress bar: a packet's captured bytes plus its record
 * header (16 bytes in pcap, about 32 in pcapng). What else the source knows (skipped lines, stream endpoints) is
 * passed on. Text sources show no progress: the bytes they hand out are not the bytes of the file.
 */
final class ProgressSource implements CaptureSource {
    private static final int RECORD_HEADER = 24;

    private final CaptureSource source;
    private final long expectedBytes;
    private volatile long seen;

    ProgressSource(CaptureSource source, long expectedBytes) {
        this.source = source;
        this.expectedBytes = expectedBytes;
    }

    /** 0..1, or -1 when the size is unknown (stdin, live capture, text input). */
    double progress() {
        if (expectedBytes <= 0 || source instanceof SkipsBadLines) return -1;
        return Math.min(1.0, (double) seen / expectedBytes);
    }

    @Override
    public Captured next() throws IOException {
        Captured c = source.next();
        if (c instanceof RawPacket p) seen += p.data().length + RECORD_HEADER;
        else if (c instanceof PayloadChunk chunk) seen += chunk.data().length;
        return c;
    }

    @Override
    public List<ErrorRecord> drainProblems() {
        return source.drainProblems();
    }

    @Override
    public boolean mayHoldOtherTraffic() {
        return source.mayHoldOtherTraffic();
    }

    @Override
    public Endpoint sender(int stream) {
        return source.sender(stream);
    }

    @Override
    public Endpoint receiver(int stream) {
        return source.receiver(stream);
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
