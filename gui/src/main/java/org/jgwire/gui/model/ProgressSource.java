package org.jgwire.gui.model;

import java.io.IOException;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.PayloadChunk;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.capture.text.SkipsBadLines;

/**
 * Counts the bytes of what a source hands out, for a progress bar: a packet's captured bytes plus its record
 * header (16 bytes in pcap, about 32 in pcapng). Text sources are passed through unwrapped, since the decoder asks
 * them for skipped lines ({@link SkipsBadLines}).
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

    /** What the decoder should read: this wrapper, or the source itself when the decoder needs its type. */
    CaptureSource decoderView() {
        return source instanceof SkipsBadLines ? source : this;
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
    public void close() throws IOException {
        source.close();
    }
}
