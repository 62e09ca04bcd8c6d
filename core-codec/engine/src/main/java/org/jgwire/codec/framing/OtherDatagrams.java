package org.jgwire.codec.framing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.function.Consumer;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.Transport;

/**
 * The UDP flows (source to destination) whose datagrams showed no plausible JGroups version and frame: other
 * traffic of the host, tallied per flow and handed on at the end of the capture. A flow that carries a plausible
 * frame later is JGroups after all: it is forgotten, and stays so. At most {@code maxFlows} flows are tallied;
 * datagrams of flows beyond them still count. Lookups allocate nothing: flows are keyed by source, then destination.
 * One thread.
 */
public final class OtherDatagrams {
    private static final class Tally {
        final Endpoint src, dst;
        long packets, bytes, firstPacket, firstTs, lastPacket, lastTs;
        /** A plausible frame went this way: the flow is JGroups. */
        boolean jgroups;

        Tally(Endpoint src, Endpoint dst) {
            this.src = src;
            this.dst = dst;
        }
    }

    private final int maxFlows;
    private final HashMap<Endpoint, HashMap<Endpoint, Tally>> bySource = new HashMap<>();
    private int flows;
    /** Datagrams of flows past {@link #maxFlows}, and their bytes. */
    private long untallied, untalliedBytes;

    public OtherDatagrams(int maxFlows) {
        this.maxFlows = maxFlows;
    }

    /**
     * A datagram of {@code len} bytes from {@code src} to {@code dst} that is not JGroups, in capture packet n; both
     * null for an input that names no endpoints (hex lines), whose datagrams are then one flow.
     */
    public void other(Endpoint src, Endpoint dst, int len, long packet, long tsNanos) {
        Tally t = tally(src, dst);
        if (t == null) {
            if (flows >= maxFlows) {
                untallied++;
                untalliedBytes += len;
                return;
            }
            t = new Tally(src, dst);
            t.firstPacket = packet;
            t.firstTs = tsNanos;
            bySource.computeIfAbsent(src, s -> new HashMap<>(4)).put(dst, t);
            flows++;
        }
        t.packets++;
        t.bytes += len;
        t.lastPacket = packet;
        t.lastTs = tsNanos;
    }

    /** A plausible JGroups frame went from {@code src} to {@code dst}: that flow is not other traffic. */
    public void jgroups(Endpoint src, Endpoint dst) {
        if (flows == 0) return;
        Tally t = tally(src, dst);
        if (t != null) t.jgroups = true;
    }

    /** Hands on the flows that stayed other traffic, then the datagrams beyond the tallied flows as one flow. */
    public void finish(Consumer<OtherFlow> to) {
        List<Tally> left = new ArrayList<>();
        for (HashMap<Endpoint, Tally> byDst : bySource.values())
            for (Tally t : byDst.values()) if (!t.jgroups) left.add(t);
        left.sort(Comparator.comparingLong(t -> t.firstPacket));
        for (Tally t : left)
            to.accept(new OtherFlow(
                    Transport.UDP, t.src, t.dst, t.packets, t.bytes, t.firstPacket, t.firstTs, t.lastPacket, t.lastTs));
        if (untallied > 0)
            to.accept(new OtherFlow(Transport.UDP, null, null, untallied, untalliedBytes, -1, -1, -1, -1));
        bySource.clear();
        flows = 0;
        untallied = untalliedBytes = 0;
    }

    private Tally tally(Endpoint src, Endpoint dst) {
        HashMap<Endpoint, Tally> byDst = bySource.get(src);
        return byDst == null ? null : byDst.get(dst);
    }
}
