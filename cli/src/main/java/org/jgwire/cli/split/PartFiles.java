package org.jgwire.cli.split;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.capture.CaptureInterface;
import org.jgwire.codec.capture.PcapngCopyWriter;
import org.jgwire.codec.capture.RawPacket;

/**
 * The parts of a split, {@code DIR/part-1.pcapng} to {@code DIR/part-N.pcapng}, with what each holds so far. Parts
 * are numbered from 0 here and from 1 in their file names and reports.
 */
final class PartFiles implements AutoCloseable {
    private final List<Path> paths = new ArrayList<>();
    private final List<PcapngCopyWriter> writers = new ArrayList<>();
    private final long[] packets;
    private final long[] bytes;
    private final long[] flows;

    PartFiles(Path dir, int n, String application) throws IOException {
        packets = new long[n];
        bytes = new long[n];
        flows = new long[n];
        try {
            for (int i = 0; i < n; i++) {
                Path p = dir.resolve("part-" + (i + 1) + ".pcapng");
                paths.add(p);
                writers.add(
                        new PcapngCopyWriter(new BufferedOutputStream(Files.newOutputStream(p), 1 << 16), application));
            }
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    int count() {
        return packets.length;
    }

    void write(int part, RawPacket p, CaptureInterface on) throws IOException {
        writers.get(part).write(p, on);
        packets[part]++;
        bytes[part] += p.data().length;
    }

    /** A flow (TCP connection, UDP sender) was given to {@code part}. */
    void addFlow(int part) {
        flows[part]++;
    }

    Path path(int part) {
        return paths.get(part);
    }

    long packets(int part) {
        return packets[part];
    }

    long bytes(int part) {
        return bytes[part];
    }

    long flows(int part) {
        return flows[part];
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (PcapngCopyWriter w : writers) {
            try {
                w.close();
            } catch (IOException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }
}
