package org.jgwire.codec.capture;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;

/**
 * A capture file whose header could not be read: it yields no packet, and its first {@link #next()} throws the
 * reader's {@link CaptureFormatException}, so that the damage becomes an error record like damage further in.
 */
final class UnreadableSource implements CaptureSource {
    private final CaptureFormatException failure;
    private final ReadableByteChannel channel;
    private boolean reported;

    UnreadableSource(CaptureFormatException failure, ReadableByteChannel channel) {
        this.failure = failure;
        this.channel = channel;
    }

    @Override
    public Captured next() throws CaptureFormatException {
        if (reported) return null;
        reported = true;
        throw failure;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
