package org.jgwire.codec.capture;

import java.io.IOException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.pcap4j.core.BpfProgram.BpfCompileMode;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapHandle.TimestampPrecision;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.PcapNetworkInterface.PromiscuousMode;
import org.pcap4j.core.Pcaps;

/**
 * Packets captured live on an interface through libpcap (pcap4j), as a capture source: {@link #next} waits for the
 * next packet and returns null once {@link #stop} was called and the kernel holds no more. The viewer decodes it
 * directly; the cluster runner's loopback capture writes what it returns to a file.
 */
public final class LiveCaptureSource implements CaptureSource {
    /** More than lo's 64 KiB MTU: no frame is cut. */
    public static final int SNAPLEN = 262_144;
    /** Kernel ring size of {@link #open(String, String)}. */
    public static final int BUFFER_BYTES = 64 << 20;

    public static final String RIGHTS = "capturing needs root, or CAP_NET_RAW and CAP_NET_ADMIN on the java binary "
            + "(sudo setcap cap_net_raw,cap_net_admin=eip \"$(readlink -f \"$(command -v java)\")\")";
    private static final int READ_TIMEOUT_MILLIS = 20;
    /** Pause when the kernel ring is empty; it holds megabytes, far more than arrives in this time. */
    private static final long IDLE_SLEEP_MILLIS = 2;

    private final PcapHandle handle;
    private final int linkType;
    private volatile boolean stopping;
    private long number;
    private Runnable onIdle;
    private long lastIdle = System.nanoTime();

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
            throw new IOException(
                    "cannot list interfaces (" + e.getMessage() + "); is libpcap installed "
                            + "(libpcap0.8 on Debian)?",
                    e);
        }
    }

    /** Starts capturing on {@code iface} with a BPF {@code filter} (empty for all), microsecond timestamps. */
    public static LiveCaptureSource open(String iface, String filter) throws IOException {
        return open(iface, filter, BUFFER_BYTES, false);
    }

    /**
     * Starts capturing on {@code iface} with a BPF {@code filter} (empty for all) and a kernel ring of
     * {@code bufferBytes}.
     *
     * @throws IOException with a message saying what to do when the rights or libpcap are missing
     */
    public static LiveCaptureSource open(String iface, String filter, int bufferBytes, boolean nanoTimestamps)
            throws IOException {
        PcapHandle handle = null;
        try {
            // Not immediate mode: libpcap then uses TPACKET_V3, whose blocks pack packets by their real size; in
            // immediate mode (TPACKET_V2) every slot is snaplen bytes and a 2 MB ring held only 8 packets.
            handle = new PcapHandle.Builder(iface)
                    .snaplen(SNAPLEN)
                    .promiscuousMode(PromiscuousMode.NONPROMISCUOUS)
                    .timeoutMillis(READ_TIMEOUT_MILLIS)
                    .bufferSize(bufferBytes)
                    .timestampPrecision(nanoTimestamps ? TimestampPrecision.NANO : TimestampPrecision.MICRO)
                    .build();
            if (filter != null && !filter.isBlank()) handle.setFilter(filter, BpfCompileMode.OPTIMIZE);
            // Non-blocking reads, polled: a blocking read on an idle interface can wait forever, and close() waits
            // for it. A block reaches us when full or after the read timeout.
            handle.setBlockingMode(PcapHandle.BlockingMode.NONBLOCKING);
            return new LiveCaptureSource(handle);
        } catch (Exception | UnsatisfiedLinkError e) {
            if (handle != null) handle.close();
            String msg = String.valueOf(e.getMessage());
            boolean rights = msg.contains("ermission") || msg.contains("not permitted");
            throw new IOException(
                    "cannot capture on '" + iface + "' (" + msg + ")"
                            + (rights ? "; " + RIGHTS : "; is libpcap installed (libpcap0.8 on Debian)?"),
                    e);
        }
    }

    /** The BPF filter for JGroups traffic on these ports (all UDP and TCP when empty). */
    public static String portFilter(List<Integer> ports) {
        if (ports.isEmpty()) return "udp or tcp";
        StringBuilder b = new StringBuilder("(udp or tcp) and (");
        for (int i = 0; i < ports.size(); i++)
            b.append(i > 0 ? " or " : "").append("port ").append(ports.get(i));
        return b.append(')').toString();
    }

    /**
     * Runs {@code action} on the reading thread whenever {@link #next} finds no packet waiting, and at least every
     * {@link #MAX_BUSY_NANOS} while packets keep coming: a consumer that batches its output flushes it there, so
     * what was captured is shown at once on a quiet interface and still written in batches on a busy one.
     */
    public void onIdle(Runnable action) {
        this.onIdle = action;
    }

    /** Longest time between two calls of the {@link #onIdle} action while packets keep coming. */
    public static final long MAX_BUSY_NANOS = 100_000_000L;

    /** The interface's LINKTYPE_ value (Ethernet for Linux's lo). */
    public int linkType() {
        return linkType;
    }

    /** The next packet, a {@link RawPacket}; null once stopped and drained (or interrupted). */
    @Override
    public Captured next() throws IOException {
        try {
            while (true) {
                byte[] raw = handle.getNextRawPacket();
                if (onIdle != null && (raw == null || System.nanoTime() - lastIdle > MAX_BUSY_NANOS)) {
                    lastIdle = System.nanoTime();
                    onIdle.run();
                }
                if (raw != null) {
                    Timestamp ts = handle.getTimestamp();
                    long nanos = Math.floorDiv(ts.getTime(), 1000L) * 1_000_000_000L + ts.getNanos();
                    Integer original = handle.getOriginalLength();
                    int length = original == null ? raw.length : Math.max(raw.length, original);
                    return new RawPacket(++number, nanos, linkType, raw, length);
                }
                if (stopping) return null;
                Thread.sleep(IDLE_SLEEP_MILLIS);
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

    /** Packets the kernel dropped so far (its ring was full), -1 when libpcap cannot tell. */
    public long dropped() {
        try {
            return handle.getStats().getNumPacketsDropped();
        } catch (Exception e) {
            return -1;
        }
    }

    @Override
    public void close() {
        stopping = true;
        handle.close();
    }
}
