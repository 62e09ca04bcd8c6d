package org.jgwire.cli;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.LiveCaptureSource;
import org.jgwire.codec.capture.PcapngWriter;
import org.jgwire.codec.capture.RawPacket;

/**
 * A live capture on an interface as a command's input ({@code -i IFACE}): libpcap through pcap4j, no tshark. It ends
 * after {@code --duration}, when the command has what it asked for ({@code -c}), or on Ctrl-C: the command then
 * finishes its output and summary before the process exits. With {@code -w FILE} every packet captured is also
 * written to a pcapng file.
 */
final class LiveInput implements CaptureSource {
    /** Longest wait on Ctrl-C for the command to write what it has. */
    private static final long FINISH_SECONDS = 10;

    private final LiveCaptureSource live;
    private final PcapngWriter writer;
    private final long deadline;
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread interrupted;
    private Runnable onIdle = () -> {};

    private LiveInput(LiveCaptureSource live, PcapngWriter writer, long durationNanos) {
        this.live = live;
        this.writer = writer;
        this.deadline = durationNanos > 0 ? System.nanoTime() + durationNanos : Long.MAX_VALUE;
        live.onIdle(this::idle);
        this.interrupted = new Thread(this::stopAndWait, "jgwire-interrupt");
        Runtime.getRuntime().addShutdownHook(interrupted);
    }

    /**
     * Starts capturing on {@code iface} with the BPF {@code filter}.
     *
     * @param write         also write the packets here as pcapng, or null
     * @param durationNanos stop after this long, or 0 for no limit
     * @throws IOException naming the fix when the capture rights or libpcap are missing
     */
    static LiveInput open(String iface, String filter, Path write, long durationNanos) throws IOException {
        LiveCaptureSource live = LiveCaptureSource.open(iface, filter);
        PcapngWriter writer = null;
        try {
            if (write != null)
                writer = new PcapngWriter(
                        new BufferedOutputStream(new FileOutputStream(write.toFile()), 1 << 16),
                        live.linkType(),
                        LiveCaptureSource.SNAPLEN,
                        "jgwire " + JgwireCommand.version(),
                        false);
        } catch (IOException | RuntimeException e) {
            live.close();
            throw e;
        }
        return new LiveInput(live, writer, durationNanos);
    }

    /** Runs {@code action} whenever no packet is waiting, and every 100 ms while packets keep coming. */
    void onIdle(Runnable action) {
        this.onIdle = action;
    }

    private void idle() {
        if (System.nanoTime() - deadline > 0) live.stop();
        onIdle.run();
    }

    @Override
    public Captured next() throws IOException {
        Captured c = live.next();
        if (writer != null && c instanceof RawPacket p) writer.write(p.tsNanos(), p.data(), p.originalLength());
        return c;
    }

    /** Tells a Ctrl-C waiting in the shutdown hook that the command's output is complete. */
    void finished() {
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(interrupted);
        } catch (IllegalStateException e) {
            // shutting down already (Ctrl-C): the hook is running and returns now
        }
    }

    /** Ctrl-C: end the capture, and let the command write its records and summary before the JVM halts. */
    private void stopAndWait() {
        live.stop();
        try {
            finished.await(FINISH_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            live.close();
        } finally {
            if (writer != null) writer.close();
        }
    }
}
