package org.jgwire.gui.model;

import java.io.IOException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.RawPacket;
import org.pcap4j.core.BpfProgram.BpfCompileMode;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.PcapNetworkInterface.PromiscuousMode;
import org.pcap4j.core.Pcaps;

/**
 * Packets captured live on an interface through libpcap (pcap4j, as the cluster runner's LoopbackCapture), as a
 * capture source for the decoder: {@link #next} waits for the next packet and returns null once {@link #stop} was
 * called and the kernel holds no more.
 */
public final class LiveCaptureSource implements CaptureSource {
    static final String RIGHTS = "capturing needs root, or CAP_NET_RAW and CAP_NET_ADMIN on the java binary "
            + "(sudo setcap cap_net_raw,cap_net_admin=eip \"$(readlink -f \"$(command -v java)\")\")";
    private static final int SNAPLEN = 262_144, READ_TIMEOUT_MILLIS = 20, BUFFER_BYTES = 64 << 20;

    private final PcapHandle handle;
    private final int linkType;
    private volatile boolean stopping;
    private long number;

    private LiveCaptureSource(PcapHandle handle) {
        this.handle = handle;
        this.linkType = handle.getDlt().value();
    }

    /** The interfaces libpcap can open, by name. */
    public static List<String> interfaces() throws IOException {
        try {
            List<String> out = new ArrayList<>();
            for (PcapNetworkInterface nif : Pcaps.findAllDevs()) out.add(nif.getName());
            return out;
        } catch (Exception | UnsatisfiedLinkError e) {
            throw new IOException("cannot list interfaces (" + e.getMessage() + "); is libpcap installed "
                    + "(libpcap0.8 on Debian)?", e);
        }
    }

    /**
     * Starts capturing on {@code iface} with a BPF {@code filter} (empty for all).
     *
     * @throws IOException with a message saying what to do when the rights or libpcap are missing
     */
    public static LiveCaptureSource open(String iface, String filter) throws IOException {
        PcapHandle handle = null;
        try {
            handle = new PcapHandle.Builder(iface).snaplen(SNAPLEN).promiscuousMode(PromiscuousMode.NONPROMISCUOUS)
                    .timeoutMillis(READ_TIMEOUT_MILLIS).bufferSize(BUFFER_BYTES).build();
            if (filter != null && !filter.isBlank()) handle.setFilter(filter, BpfCompileMode.OPTIMIZE);
            // Non-blocking reads, polled: a blocking read on an idle interface could keep stop() waiting forever.
            handle.setBlockingMode(PcapHandle.BlockingMode.NONBLOCKING);
            return new LiveCaptureSource(handle);
        } catch (Exception | UnsatisfiedLinkError e) {
            if (handle != null) handle.close();
            String msg = String.valueOf(e.getMessage());
            boolean rights = msg.contains("ermission") || msg.contains("not permitted");
            throw new IOException("cannot capture on '" + iface + "' (" + msg + ")"
                    + (rights ? "; " + RIGHTS : "; is libpcap installed (libpcap0.8 on Debian)?"), e);
        }
    }

    /** The BPF filter for JGroups traffic on these ports (all UDP and TCP when empty). */
    public static String portFilter(List<Integer> ports) {
        if (ports.isEmpty()) return "udp or tcp";
        StringBuilder b = new StringBuilder("(udp or tcp) and (");
        for (int i = 0; i < ports.size(); i++) b.append(i > 0 ? " or " : "").append("port ").append(ports.get(i));
        return b.append(')').toString();
    }

    @Override
    public Captured next() throws IOException {
        try {
            while (true) {
                byte[] raw = handle.getNextRawPacket();
                if (raw != null) {
                    Timestamp ts = handle.getTimestamp();
                    long nanos = Math.floorDiv(ts.getTime(), 1000L) * 1_000_000_000L + ts.getNanos();
                    return new RawPacket(++number, nanos, linkType, raw, raw.length);
                }
                if (stopping) return null;
                Thread.sleep(2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (Exception e) {
            if (stopping) return null;
            throw new IOException("live capture failed: " + e.getMessage(), e);
        }
    }

    /** Ends the capture: {@link #next} returns null once the packets already captured are read. */
    public void stop() {
        stopping = true;
    }

    @Override
    public void close() {
        stopping = true;
        handle.close();
    }
}
