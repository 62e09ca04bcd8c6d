package org.jgwire.cli.split;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.capture.CaptureInterface;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.network.PacketAddresses;
import org.jgwire.codec.network.PacketAddresses.FragmentKey;
import org.jgwire.codec.network.PacketAddresses.Kind;

/**
 * Sends each packet of a capture, in capture order, to the part its flow belongs to ({@link SplitMode}).
 *
 * <p>An IP fragment after the first has no ports: it goes where its datagram's first fragment went. One that
 * arrives before its first fragment is held until that one comes; so that every part keeps capture order, the
 * packets after a held one wait behind it too. At most {@link #MAX_HELD_PACKETS} packets or
 * {@link #MAX_HELD_BYTES} bytes wait: beyond that, and at the end of the capture, a fragment still without its first
 * goes to its sender host's part ({@link #orphanFragments()} counts them).
 */
public final class SplitRouter {
    static final int MAX_HELD_PACKETS = 4096;
    static final long MAX_HELD_BYTES = 16L << 20;
    /** Datagrams whose parts are remembered for their later fragments, the oldest forgotten first. */
    private static final int MAX_DATAGRAMS = 65536;

    /** A packet on its way to a part; {@code part} -1 while it waits for its datagram's first fragment. */
    private static final class Pending {
        final RawPacket packet;
        final CaptureInterface on;
        final PacketAddresses addresses;
        int part = -1;

        Pending(RawPacket packet, CaptureInterface on, PacketAddresses addresses) {
            this.packet = packet;
            this.on = on;
            this.addresses = addresses;
        }
    }

    private final SplitMode mode;
    private final PartFiles files;
    private final FlowParts parts;
    private final Set<String> flows = new HashSet<>();
    /** The part of each recent fragmented datagram, by its first fragment. */
    private final Map<FragmentKey, Integer> datagrams = new LinkedHashMap<>(1024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<FragmentKey, Integer> eldest) {
            return size() > MAX_DATAGRAMS;
        }
    };
    /** Fragments waiting for their first fragment, by datagram. */
    private final Map<FragmentKey, List<Pending>> waiting = new HashMap<>();
    /** The part a host's UDP went to last: where its orphan fragments go ({@code --by flow}). */
    private final Map<String, Integer> hostParts = new HashMap<>();

    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private long queuedBytes;
    private long others;
    private long orphans;

    SplitRouter(SplitMode mode, PartFiles files) {
        this.mode = mode;
        this.files = files;
        this.parts = new FlowParts(files.count());
    }

    /** Routes one packet, read on {@code on}. */
    public void accept(RawPacket p, CaptureInterface on) throws IOException {
        PacketAddresses a = PacketAddresses.of(p);
        Pending pending = new Pending(p, on, a);
        int part = partOf(a);
        if (part >= 0) give(pending, part);
        else waiting.computeIfAbsent(a.fragment(), k -> new ArrayList<>()).add(pending);
        if (a.kind() != Kind.LATER_FRAGMENT && a.fragment() != null) firstFragment(a.fragment(), part);
        if (queue.isEmpty() && pending.part >= 0) {
            files.write(pending.part, p, on);
            return;
        }
        queue.add(pending);
        queuedBytes += p.data().length;
        while (queue.size() > MAX_HELD_PACKETS || queuedBytes > MAX_HELD_BYTES) {
            Pending head = queue.peek();
            if (head.part < 0) orphan(head);
            drain();
        }
        drain();
    }

    /** Writes what is still held: fragments whose first fragment never came go to their sender's host part. */
    public void finish() throws IOException {
        while (!queue.isEmpty()) {
            if (queue.peek().part < 0) orphan(queue.peek());
            drain();
        }
    }

    /** Packets that were neither TCP nor UDP over IP: they went to part 1. */
    public long others() {
        return others;
    }

    /** Fragments whose first fragment did not come in time (or at all): they went to their sender host's part. */
    public long orphanFragments() {
        return orphans;
    }

    // --- which part ---

    /** The part of a packet, or -1 for a fragment to hold. */
    private int partOf(PacketAddresses a) {
        return switch (a.kind()) {
            case OTHER -> {
                others++;
                yield 0;
            }
            case TCP -> tcpPart(a);
            case UDP -> udpPart(a);
            case LATER_FRAGMENT -> {
                Integer first = datagrams.get(a.fragment());
                if (first != null) yield first;
                yield mode == SplitMode.host ? hostPart(a.srcHost()) : -1;
            }
        };
    }

    private int tcpPart(PacketAddresses a) {
        String src = a.srcEndpoint(), dst = a.dstEndpoint();
        boolean srcLower = lower(a);
        String key = "tcp " + (srcLower ? src + " " + dst : dst + " " + src);
        if (mode == SplitMode.flow) return flow(key, parts.partOf(key));
        int known = parts.knownPart(key);
        if (known >= 0) return known;
        // the host that opened it: the SYN's sender, else (no handshake captured) the lower endpoint
        String opener = a.syn() || srcLower ? a.srcHost() : a.dstHost();
        int part = hostPart(opener);
        parts.pin(key, part);
        return flow(key, part);
    }

    private int udpPart(PacketAddresses a) {
        String key = "udp " + a.srcEndpoint();
        int part = mode == SplitMode.flow ? parts.partOf(key) : hostPart(a.srcHost());
        hostParts.put(a.srcHost(), part);
        return flow(key, part);
    }

    private int hostPart(String host) {
        return parts.partOf("host " + host);
    }

    /** Counts a flow in its part the first time it is seen. */
    private int flow(String key, int part) {
        if (flows.add(key)) files.addFlow(part);
        return part;
    }

    /** Whether the source endpoint is the lower of the two (address bytes, then port). */
    private static boolean lower(PacketAddresses a) {
        int c = Arrays.compareUnsigned(a.src(), a.dst());
        return c < 0 || c == 0 && a.srcPort() <= a.dstPort();
    }

    // --- held fragments ---

    private void give(Pending p, int part) {
        p.part = part;
        parts.give(part, p.packet.data().length);
    }

    /** The first fragment of a datagram came: its held fragments go to its part. */
    private void firstFragment(FragmentKey key, int part) {
        datagrams.put(key, part);
        List<Pending> held = waiting.remove(key);
        if (held != null) for (Pending p : held) give(p, part);
    }

    /** A fragment that waited too long for its first: to the part of its sender host. */
    private void orphan(Pending p) {
        String host = p.addresses.srcHost();
        Integer part = hostParts.get(host);
        int to = part != null ? part : hostPart(host);
        List<Pending> same = waiting.remove(p.addresses.fragment());
        datagrams.put(p.addresses.fragment(), to); // the rest of its datagram goes with it
        if (same != null) {
            for (Pending q : same) give(q, to);
            orphans += same.size();
        }
    }

    /** Writes the held packets from the oldest on, up to the first that still waits. */
    private void drain() throws IOException {
        while (!queue.isEmpty() && queue.peek().part >= 0) {
            Pending p = queue.poll();
            queuedBytes -= p.packet.data().length;
            files.write(p.part, p.packet, p.on);
        }
    }
}
