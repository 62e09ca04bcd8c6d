package org.jgwire.codec.cluster;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a cluster's capture goes: a file (pcapng, or classic pcap when its name ends in {@code .pcap}), a stream
 * (pcapng, flushed after every packet so that a reader decodes live: {@code jgwire cluster --capture -}), or both
 * (a pcapng file and a live copy of it: {@code jgwire cluster --capture x.pcapng --decode}).
 *
 * @param file   the capture file, or null for a stream only
 * @param stream the stream, or null for a file only; the runner closes it when the capture stops
 */
public record CaptureTarget(Path file, OutputStream stream) {
    public CaptureTarget {
        if (file == null && stream == null)
            throw new IllegalArgumentException("a capture target needs a file or a stream");
    }

    /** A pcapng file and a live copy of it on {@code stream}. */
    public static CaptureTarget fileAndStream(Path file, OutputStream stream) {
        return new CaptureTarget(Objects.requireNonNull(file, "file"), Objects.requireNonNull(stream, "stream"));
    }

    public static CaptureTarget file(Path file) {
        return new CaptureTarget(Objects.requireNonNull(file, "file"), null);
    }

    public static CaptureTarget stream(OutputStream stream) {
        return new CaptureTarget(null, Objects.requireNonNull(stream, "stream"));
    }

    /** Classic pcap only for a file alone named {@code *.pcap}; pcapng otherwise. */
    public boolean pcapng() {
        return stream != null || !file.getFileName().toString().endsWith(".pcap");
    }

    @Override
    public String toString() {
        return file == null ? "a stream" : stream == null ? file.toString() : file + " (and a live copy)";
    }
}
