package org.jgwire.codec.cluster;

import java.nio.file.Path;

import org.pcap4j.core.BpfProgram.BpfCompileMode;
import org.pcap4j.core.PcapDumper;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNetworkInterface.PromiscuousMode;
import org.pcap4j.core.PcapStat;
import org.pcap4j.core.Pcaps;

/**
 * A live capture on the loopback interface through libpcap (pcap4j), written to a pcap file by a thread of its
 * own. Started before the first member and stopped after the last one left, so the file holds the whole life of
 * the cluster. The link type is whatever libpcap gives for {@code lo} (Ethernet on Linux).
 */
final class LoopbackCapture {
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

    private final PcapHandle handle;
    private final PcapDumper dumper;
    private final Thread thread;
    private volatile boolean stopping;
    private volatile long packets;
    private volatile Exception failure;

    private LoopbackCapture(PcapHandle handle, PcapDumper dumper) {
        this.handle = handle;
        this.dumper = dumper;
        this.thread = new Thread(this::loop, "jgwire-capture");
        thread.setDaemon(true);
    }

    /** Opens {@code lo} with a kernel ring of {@code bufferBytes}, applies the BPF {@code filter}, writes {@code file}. */
    static LoopbackCapture start(Path file, String filter, int bufferBytes) throws ClusterFailure {
        PcapHandle handle = null;
        try {
            if (Pcaps.getDevByName("lo") == null) throw new ClusterFailure("libpcap sees no 'lo' interface");
            handle = new PcapHandle.Builder("lo").snaplen(SNAPLEN).promiscuousMode(PromiscuousMode.NONPROMISCUOUS)
                    .timeoutMillis(READ_TIMEOUT_MILLIS).bufferSize(bufferBytes).build();
            handle.setFilter(filter, BpfCompileMode.OPTIMIZE);
            // Non-blocking reads polled by the thread: a blocking read on an idle lo can wait forever, and close()
            // waits for it. A block reaches us when full or after the read timeout, well within the runner's
            // settle time before stop().
            handle.setBlockingMode(PcapHandle.BlockingMode.NONBLOCKING);
            LoopbackCapture c = new LoopbackCapture(handle, handle.dumpOpen(file.toString()));
            c.thread.start();
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
                    dumper.dumpRaw(raw, handle.getTimestamp());
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
     * Stops the thread, flushes and closes the file.
     *
     * @return packets written and packets the kernel dropped
     */
    long[] stop() throws ClusterFailure, InterruptedException {
        stopping = true;
        thread.join(5_000);
        long dropped = -1;
        try {
            dumper.flush();
            PcapStat stat = handle.getStats();
            dropped = stat.getNumPacketsDropped();
        } catch (Exception e) {
            if (failure == null) failure = e;
        } finally {
            dumper.close();
            handle.close();
        }
        if (failure != null) throw new ClusterFailure("capture on 'lo' failed: " + failure, failure);
        return new long[] {packets, dropped};
    }
}
