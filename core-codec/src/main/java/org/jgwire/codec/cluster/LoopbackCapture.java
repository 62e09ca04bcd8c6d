package org.jgwire.codec.cluster;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;

import org.jgwire.codec.capture.PcapngWriter;
import org.pcap4j.core.BpfProgram.BpfCompileMode;
import org.pcap4j.core.PcapDumper;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNetworkInterface.PromiscuousMode;
import org.pcap4j.core.PcapStat;
import org.pcap4j.core.Pcaps;
import org.pcap4j.core.PcapHandle.TimestampPrecision;

/**
 * A live capture on the loopback interface through libpcap (pcap4j), written by a thread of its own to a
 * {@link CaptureTarget}: pcapng with nanosecond timestamps ({@link PcapngWriter}), or classic pcap for a
 * {@code *.pcap} file (libpcap's dumper). Started before the first member and stopped after the last one left, so
 * the capture holds the whole life of the cluster. The link type is whatever libpcap gives for {@code lo}
 * (Ethernet on Linux).
 */
final class LoopbackCapture implements PacketCapture {
    /** More than lo's 64 KiB MTU: no frame is cut. */
    static final int SNAPLEN = 262_144;
    /**
     * Kernel ring size. Not immediate mode: libpcap then uses TPACKET_V3, whose blocks pack packets by their real
     * size; in immediate mode (TPACKET_V2) every slot is snaplen bytes and the default 2 MB ring held only 8
     * packets, so bursts (a join, a view) were dropped.
     */
    static final int BUFFER_BYTES = 16 << 20;
    /**
     * Kernel ring for the {@code load} scenario: tens of MB/s cross lo, and on a busy 2-core machine the capture
     * thread can be starved for a second or more; 16 MB then dropped hundreds of 64 KB TCP segments.
     */
    static final int LOAD_BUFFER_BYTES = 256 << 20;
    private static final int READ_TIMEOUT_MILLIS = 20;
    /** Pause when the kernel ring is empty; it holds megabytes, far more than a test cluster sends in this time. */
    private static final long IDLE_SLEEP_MILLIS = 2;
    static final String RIGHTS = "capturing needs root, or CAP_NET_RAW and CAP_NET_ADMIN on the java binary "
            + "(sudo setcap cap_net_raw,cap_net_admin=eip \"$(readlink -f \"$(command -v java)\")\")";

    /** Captures running now: a JVM shutdown (Ctrl-C) stops them, so a file ends with whole packets. */
    private static final java.util.Set<LoopbackCapture> LIVE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (LoopbackCapture c : LIVE) {
                try {
                    c.stop();
                } catch (Exception ignored) {
                    // exiting anyway
                }
            }
        }, "jgwire-capture-stop"));
    }

    private final PcapHandle handle;
    /** Classic pcap file, or null. */
    private final PcapDumper dumper;
    /** pcapng file or stream, or null. */
    private final PcapngWriter pcapng;
    private final Thread thread;
    private volatile boolean stopping;
    private volatile long packets;
    private volatile Exception failure;

    private LoopbackCapture(PcapHandle handle, PcapDumper dumper, PcapngWriter pcapng) {
        this.handle = handle;
        this.dumper = dumper;
        this.pcapng = pcapng;
        this.thread = new Thread(this::loop, "jgwire-capture");
        thread.setDaemon(true);
    }

    /** Opens {@code lo} with a kernel ring of {@code bufferBytes}, applies the BPF {@code filter}, writes {@code target}. */
    static LoopbackCapture start(CaptureTarget target, String filter, int bufferBytes) throws ClusterFailure {
        PcapHandle handle = null;
        try {
            if (Pcaps.getDevByName("lo") == null) throw new ClusterFailure("libpcap sees no 'lo' interface");
            handle = new PcapHandle.Builder("lo").snaplen(SNAPLEN).promiscuousMode(PromiscuousMode.NONPROMISCUOUS)
                    .timeoutMillis(READ_TIMEOUT_MILLIS).bufferSize(bufferBytes)
                    .timestampPrecision(target.pcapng() ? TimestampPrecision.NANO : TimestampPrecision.MICRO).build();
            handle.setFilter(filter, BpfCompileMode.OPTIMIZE);
            // Non-blocking reads polled by the thread: a blocking read on an idle lo can wait forever, and close()
            // waits for it. A block reaches us when full or after the read timeout, well within the runner's
            // settle time before stop().
            handle.setBlockingMode(PcapHandle.BlockingMode.NONBLOCKING);
            LoopbackCapture c;
            if (!target.pcapng()) {
                c = new LoopbackCapture(handle, handle.dumpOpen(target.file().toString()), null);
            } else {
                OutputStream out = target.file() == null ? target.stream()
                        : new BufferedOutputStream(Files.newOutputStream(target.file()), 1 << 16);
                if (target.file() != null && target.stream() != null) out = new Tee(out, target.stream());
                c = new LoopbackCapture(handle, null, new PcapngWriter(out, handle.getDlt().value(), SNAPLEN,
                        "jgwire cluster", target.stream() != null));
            }
            c.thread.start();
            LIVE.add(c);
            return c;
        } catch (ClusterFailure e) {
            throw e;
        } catch (Exception | UnsatisfiedLinkError e) {
            if (handle != null) handle.close();
            String msg = String.valueOf(e.getMessage());
            boolean rights = msg.contains("ermission") || msg.contains("not permitted");
            throw new ClusterFailure("cannot capture on 'lo' (" + msg + ")" + (rights ? "; " + RIGHTS
                    : "; is libpcap installed (libpcap0.8 on Debian)?"), e);
        }
    }

    private void loop() {
        try {
            while (true) {
                byte[] raw = handle.getNextRawPacket();
                if (raw != null) {
                    java.sql.Timestamp ts = handle.getTimestamp();
                    if (dumper != null) dumper.dumpRaw(raw, ts);
                    else pcapng.write(ts.getTime() / 1000 * 1_000_000_000L + ts.getNanos(), raw, handle.getOriginalLength());
                    packets++;
                } else if (stopping) {
                    break; // stop() was called and the kernel holds nothing more
                } else {
                    Thread.sleep(IDLE_SLEEP_MILLIS);
                }
            }
        } catch (Exception e) {
            failure = e;
        }
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
        stopping = true;
        thread.join(5_000);
        long dropped = -1;
        try {
            if (dumper != null) dumper.flush();
            else pcapng.flush();
            PcapStat stat = handle.getStats();
            dropped = stat.getNumPacketsDropped();
        } catch (Exception e) {
            if (failure == null) failure = e;
        } finally {
            if (dumper != null) dumper.close();
            else closeQuietly(pcapng);
            handle.close();
        }
        if (failure != null) throw new ClusterFailure("capture on 'lo' failed: " + failure, failure);
        return new long[] {packets, dropped};
    }
}
