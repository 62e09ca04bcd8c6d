package org.jgwire.codec.cluster;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports on 127.0.0.1 that are free for both TCP and UDP right now, picked at random below Linux's ephemeral range
 * (32768-60999 by default), then released. Ports the OS hands out itself would come from the ephemeral range, where
 * any client socket (a member connecting to another, another run's members) may take one before the member that was
 * meant to bind it starts: that made {@code BindException}s under load. A port is picked only with its side port
 * ({@link LoopbackRewrites#SIDE_PORT_OFFSET} above, where FD_SOCK's server socket is pinned) free too, and no picked
 * port is another's side port.
 *
 * <p>A port is free when picked but its member binds it only seconds later; two runs in one JVM (a test running
 * clusters side by side) could pick the same port in between and capture each other's traffic. So the ports this
 * JVM handed out (with their side ports) are not handed out again while they are among the last {@link #REMEMBERED}.
 */
final class FreePorts {
    static final int LOW = 20_000;
    static final int HIGH = 32_767;
    private static final int MAX_TRIES = 500;
    /** Some 12,000 ports in the range; a run takes up to 10 with side ports, so 4,000 is hundreds of runs. */
    static final int REMEMBERED = 4_000;

    private static final Set<Integer> HANDED_OUT = new LinkedHashSet<>();

    private FreePorts() {}

    /** Whether {@code port} on 127.0.0.1 can be bound right now, for TCP and for UDP. */
    static boolean isFree(int port) {
        try (ServerSocket tcp = new ServerSocket()) {
            tcp.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
            try (DatagramSocket udp =
                    new DatagramSocket(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port))) {
                return true;
            }
        } catch (IOException e) {
            return false;
        }
    }

    private static void hold(List<AutoCloseable> held, InetAddress lo, int port) throws IOException {
        ServerSocket tcp = new ServerSocket();
        held.add(tcp);
        tcp.bind(new InetSocketAddress(lo, port));
        held.add(new DatagramSocket(new InetSocketAddress(lo, port)));
    }

    static synchronized int[] pick(int count) throws IOException {
        InetAddress lo = InetAddress.getByName("127.0.0.1");
        List<AutoCloseable> held = new ArrayList<>();
        Set<Integer> tried = new HashSet<>();
        int[] ports = new int[count];
        try {
            int found = 0;
            for (int tries = 0; found < count && tries < MAX_TRIES; tries++) {
                int port = ThreadLocalRandom.current().nextInt(LOW, HIGH - LoopbackRewrites.SIDE_PORT_OFFSET + 1);
                if (!tried.add(port) || handedOut(port)) continue;
                try {
                    // held until all are picked: neither can be picked again, as a port or as a side port
                    hold(held, lo, port);
                    hold(held, lo, port + LoopbackRewrites.SIDE_PORT_OFFSET);
                    ports[found++] = port;
                } catch (IOException inUse) {
                    // taken for TCP or UDP: try another
                }
            }
            if (found < count)
                throw new IOException("found only " + found + " of " + count + " free loopback ports in " + LOW + "-"
                        + HIGH + " after " + MAX_TRIES + " tries");
            for (int p : ports) remember(p);
            return ports;
        } finally {
            for (AutoCloseable c : held) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // released either way
                }
            }
        }
    }

    /** Whether {@code port} or its side port went to a run of this JVM lately. */
    private static boolean handedOut(int port) {
        return HANDED_OUT.contains(port) || HANDED_OUT.contains(port + LoopbackRewrites.SIDE_PORT_OFFSET);
    }

    private static void remember(int port) {
        HANDED_OUT.add(port);
        HANDED_OUT.add(port + LoopbackRewrites.SIDE_PORT_OFFSET);
        Iterator<Integer> oldest = HANDED_OUT.iterator();
        while (HANDED_OUT.size() > REMEMBERED) {
            oldest.next();
            oldest.remove();
        }
    }
}
