package org.jgwire.codec.cluster;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jgwire.codec.capture.LiveCaptureSource;
import org.jgwire.codec.capture.PcapngWriter;
import org.jgwire.codec.capture.RawPacket;
import org.pcap4j.core.PcapDumper;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapHandle.TimestampPrecision;
import org.pcap4j.core.Pcaps;
import org.pcap4j.packet.namednumber.DataLinkType;

/**
 * A live capture on the loopback interface ({@link LiveCaptureSource}: libpcap through pcap4j), written by a thread
 * of its own to a
 * {@link CaptureTarget}: pcapng with nanosecond timestamps ({@link PcapngWriter}), or classic pcap for a
 * {@code *.pcap} file (libpcap's dumper). Started before the first member and stopped after the last one left, so
 * the capture holds the whole life of the cluster. The link type is whatever libpcap gives for {@code lo}
 * (Ethernet on Linux).
 */
public final class LoopbackCapture implements PacketCapture {
    static final int SNAPLEN = LiveCaptureSource.SNAPLEN;
    /** Kernel ring size (not immediate mode, see {@link LiveCaptureSource#open(String, String, int, boolean)}). */
    static final int BUFFER_BYTES = 16 << 20;
    /**
     * Kernel ring for the {@code load} scenario: tens of MB/s cross lo, and on a busy machine the capture thread can
     * be starved for a second or more, which the ring must absorb (smaller rings dropped packets:
     * tests/bench/README.md). The kernel allocates the ring whole when the capture opens, so it is a sixteenth of the
     * machine's memory at most (1 GB from 16 GB on); should the kernel still refuse, libpcap asks for 5% less until it
     * gets a ring. Asked when a load capture opens, not when this class loads: a JVM's first memory lookup costs
     * start-up time that no other scenario needs to spend.
     */
    static int loadBufferBytes() {
        return loadBufferBytes(physicalMemoryBytes());
    }

    /** The {@code load} scenario's ring on a machine of {@code memoryBytes}: 256 MB to 1 GB. */
    static int loadBufferBytes(long memoryBytes) {
        return (int) Math.max(256L << 20, Math.min(1L << 30, memoryBytes / 16));
    }

    private static long physicalMemoryBytes() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
    }

    /** Captures running now: a JVM shutdown (Ctrl-C) stops them, so a file ends with whole packets. */
    private static final Set<LoopbackCapture> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            for (LoopbackCapture c : LIVE) {
                                try {
                                    c.stop();
                                } catch (Exception ignored) {
                                    // exiting anyway
                                }
                            }
                        },
                        "jgwire-capture-stop"));
    }

    private final LiveCaptureSource source;
    /** Classic pcap file and the (dead) handle it is written through, or null. */
    private final PcapHandle dumpHandle;

    private final PcapDumper dumper;
    /** pcapng file or stream, or null. */
    private final PcapngWriter pcapng;

    private final Thread thread;
    private volatile long packets;
    private volatile Exception failure;

    private LoopbackCapture(LiveCaptureSource source, PcapHandle dumpHandle, PcapDumper dumper, PcapngWriter pcapng) {
        this.source = source;
        this.dumpHandle = dumpHandle;
        this.dumper = dumper;
        this.pcapng = pcapng;
        this.thread = new Thread(this::loop, "jgwire-capture");
        thread.setDaemon(true);
    }

    /**
     * A capture of {@code lo} through the BPF {@code filter} into the pcapng {@code file}, as the runner captures its
     * clusters: for tests that start members of programs of their own. Packets cross into it from the return on.
     */
    public static LoopbackCapture toFile(Path file, String filter) throws ClusterFailure {
        return start(CaptureTarget.file(file), filter, BUFFER_BYTES);
    }

    /**
     * Opens {@code lo} with a kernel ring of {@code bufferBytes}, applies the BPF {@code filter}, writes {@code
     * target}.
     */
    static LoopbackCapture start(CaptureTarget target, String filter, int bufferBytes) throws ClusterFailure {
        return start(target, "lo", filter, bufferBytes);
    }

    /** Opens {@code device} (the bridge of a {@link HostNetwork}, in its namespace) as {@link #start} opens lo. */
    static LoopbackCapture start(CaptureTarget target, String device, String filter, int bufferBytes)
            throws ClusterFailure {
        LiveCaptureSource source = null;
        PcapHandle dumpHandle = null;
        try {
            if (!LiveCaptureSource.interfaces().contains(device))
                throw new ClusterFailure("libpcap sees no '" + device + "' interface");
            // Non-blocking reads polled by the thread; a block reaches it when full or after the read timeout, well
            // within the runner's settle time before stop().
            source = LiveCaptureSource.open(device, filter, bufferBytes, target.pcapng());
            LoopbackCapture c;
            if (!target.pcapng()) {
                dumpHandle =
                        Pcaps.openDead(DataLinkType.getInstance(source.linkType()), SNAPLEN, TimestampPrecision.MICRO);
                c = new LoopbackCapture(
                        source, dumpHandle, dumpHandle.dumpOpen(target.file().toString()), null);
            } else {
                OutputStream out = target.file() == null
                        ? target.stream()
                        : new BufferedOutputStream(Files.newOutputStream(target.file()), 1 << 16);
                if (target.file() != null && target.stream() != null) out = new Tee(out, target.stream());
                c = new LoopbackCapture(
                        source,
                        null,
                        null,
                        new PcapngWriter(out, source.linkType(), SNAPLEN, "jgwire cluster", target.stream() != null));
            }
            c.thread.start();
            LIVE.add(c);
            return c;
        } catch (ClusterFailure e) {
            if (source != null) source.close();
            throw e;
        } catch (IOException e) {
            if (dumpHandle != null) dumpHandle.close();
            if (source != null) source.close();
            throw new ClusterFailure(e.getMessage(), e);
        } catch (Exception | UnsatisfiedLinkError e) {
            if (dumpHandle != null) dumpHandle.close();
            if (source != null) source.close();
            throw new ClusterFailure("cannot write the capture of '" + device + "' (" + e.getMessage() + ")", e);
        }
    }

    private void loop() {
        try {
            // null once stop() was called and the kernel holds nothing more
            for (RawPacket p; (p = (RawPacket) source.next()) != null; ) {
                if (dumper != null) dumper.dumpRaw(p.data(), timestamp(p.tsNanos()));
                else pcapng.write(p.tsNanos(), p.data(), p.originalLength());
                packets++;
            }
        } catch (Exception e) {
            failure = e;
        }
    }

    private static Timestamp timestamp(long nanos) {
        Timestamp ts = new Timestamp(Math.floorDiv(nanos, 1_000_000_000L) * 1000L);
        ts.setNanos((int) Math.floorMod(nanos, 1_000_000_000L));
        return ts;
    }

    /**
     * A file and a live copy: every write and flush goes to both, until the copy fails (its reader went away):
     * the file goes on alone.
     */
    static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;
        private boolean copying = true;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int x) throws IOException {
            write(new byte[] {(byte) x}, 0, 1);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            try {
                if (copying) b.write(buf, off, len);
            } catch (IOException e) {
                copying = false;
            }
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            try {
                if (copying) b.flush();
            } catch (IOException e) {
                copying = false;
            }
        }

        @Override
        public void close() throws IOException {
            flush();
            try {
                b.close();
            } catch (IOException e) {
                // the copy's reader is gone; the file is what counts
            }
            a.close();
        }
    }

    private void closeQuietly(PcapngWriter w) {
        try {
            w.close();
        } catch (IOException e) {
            if (failure == null) failure = e;
        }
    }

    /**
     * Stops the thread, flushes and closes the file or stream.
     *
     * @return packets written and packets the kernel dropped
     */
    @Override
    public synchronized long[] stop() throws ClusterFailure, InterruptedException {
        if (!LIVE.remove(this)) return new long[] {packets, -1}; // stopped already
        source.stop();
        // the thread drains what the kernel still holds: under load that takes long, so wait while it writes
        for (long seen = -1; thread.isAlive() && packets != seen; ) {
            seen = packets;
            thread.join(5_000);
        }
        long dropped = -1;
        try {
            if (dumper != null) dumper.flush();
            else pcapng.flush();
            dropped = source.dropped();
        } catch (Exception e) {
            if (failure == null) failure = e;
        } finally {
            if (dumper != null) {
                dumper.close();
                dumpHandle.close();
            } else {
                closeQuietly(pcapng);
            }
            source.close();
        }
        if (failure != null) throw new ClusterFailure("capture on 'lo' failed: " + failure, failure);
        return new long[] {packets, dropped};
    }
}
