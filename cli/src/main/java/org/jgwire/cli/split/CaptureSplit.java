package org.jgwire.cli.split;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.jgwire.codec.capture.CaptureFormatException;
import org.jgwire.codec.capture.CaptureSource;

/** One split of a capture into its parts: the part files, the router, and what the split reports at its end. */
public final class CaptureSplit implements AutoCloseable {
    private final PartFiles files;
    private final SplitRouter router;
    private RoutingSource routing;

    /**
     * Opens the part files {@code dir/part-1.pcapng} ... {@code dir/part-N.pcapng}.
     *
     * @param application written in each part's section header
     */
    public CaptureSplit(Path dir, int parts, SplitMode mode, String application) throws IOException {
        files = new PartFiles(dir, parts, application);
        router = new SplitRouter(mode, files);
    }

    /** {@code capture}, each packet of which goes to its part as it is read. */
    public CaptureSource routing(CaptureSource capture) {
        routing = new RoutingSource(capture, router);
        return routing;
    }

    /** Writes the packets still held; call once the capture is read. */
    public void finish() throws IOException {
        router.finish();
    }

    /** Where the capture was found damaged, or null. */
    public CaptureFormatException damage() {
        return routing == null ? null : routing.damage();
    }

    /** The parts on {@code err}: packets, bytes, flows each, and what went where for want of a flow. */
    public void report(PrintWriter err, int names, int namesLeftOut, long packets) {
        for (int i = 0; i < files.count(); i++)
            err.printf(
                    "jgwire: %s: %,d packets, %,d bytes, %,d flows%n",
                    files.path(i), files.packets(i), files.bytes(i), files.flows(i));
        if (router.others() > 0)
            err.printf(
                    "jgwire: %,d packets neither TCP nor UDP over IP (ARP, ICMP, ...) went to part 1%n",
                    router.others());
        if (router.orphanFragments() > 0)
            err.printf(
                    "jgwire: %,d IP fragments came without their datagram's first fragment (or too long before it)"
                            + " and went to their sender host's part%n",
                    router.orphanFragments());
        err.printf(
                "jgwire: %,d packets read; %,d names in %s%s%n",
                packets,
                names,
                files.path(0).resolveSibling("names.txt"),
                namesLeftOut > 0 ? " (" + namesLeftOut + " left out: not UUID addresses, or names with spaces)" : "");
        err.flush();
    }

    @Override
    public void close() throws IOException {
        files.close();
    }
}
