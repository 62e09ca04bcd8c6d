package org.jgwire.codec.capture;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;

/** STAND-IN of the text branch so that InputOpener compiles; the pcap branch's real class replaces it at merge. */
public final class PcapngReader implements CaptureSource {
    private final ReadableByteChannel channel;

    public PcapngReader(ReadableByteChannel channel) {
        this.channel = channel;
    }

    @Override
    public Captured next() throws IOException {
        throw new IOException("stand-in: the pcapng reader is not merged into this branch");
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
