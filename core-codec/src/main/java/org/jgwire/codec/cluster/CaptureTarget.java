package org.jgwire.codec.cluster;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a cluster's capture goes: a file (pcapng, or classic pcap when its name ends in {@code .pcap}) or a stream
 * (pcapng, flushed after every packet so that a reader decodes live: {@code jgwire cluster --capture -}).
 *
 * @param file   the capture file, or null for a stream
 * @param stream the stream, or null for a file; the runner closes it when the capture stops
 */
public record CaptureTarget(Path file, OutputStream stream) {
    public CaptureTarget {
        if ((file == null) == (stream == null)) throw new IllegalArgumentException("a capture target is a file or a stream");
    }

    public static CaptureTarget file(Path file) {
        return new CaptureTarget(Objects.requireNonNull(file, "file"), null);
    }

    public static CaptureTarget stream(OutputStream stream) {
        return new CaptureTarget(null, Objects.requireNonNull(stream, "stream"));
    }

    /** Classic pcap only for a file named {@code *.pcap}; pcapng otherwise. */
    public boolean pcapng() {
        return file == null || !file.getFileName().toString().endsWith(".pcap");
    }

    @Override
    public String toString() {
        return file != null ? file.toString() : "a stream";
    }
}
