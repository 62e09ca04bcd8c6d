package org.jgwire.codec.cluster;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Ports on 127.0.0.1 that are free for both TCP and UDP right now (picked by the OS, then released). */
final class FreePorts {
    private static final int MAX_TRIES = 200;

    private FreePorts() {}

    /** Whether {@code port} on 127.0.0.1 can be bound right now, for TCP and for UDP. */
    static boolean isFree(int port) {
        try (ServerSocket tcp = new ServerSocket()) {
            tcp.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
            try (DatagramSocket udp = new DatagramSocket(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port))) {
                return true;
            }
        } catch (IOException e) {
            return false;
        }
    }

    static int[] pick(int count) throws IOException {
        InetAddress lo = InetAddress.getByName("127.0.0.1");
        List<AutoCloseable> held = new ArrayList<>();
        int[] ports = new int[count];
        try {
            int found = 0;
            for (int tries = 0; found < count && tries < MAX_TRIES; tries++) {
                ServerSocket tcp = new ServerSocket();
                tcp.bind(new InetSocketAddress(lo, 0));
                held.add(tcp);
                try {
                    DatagramSocket udp = new DatagramSocket(new InetSocketAddress(lo, tcp.getLocalPort()));
                    held.add(udp);
                    ports[found++] = tcp.getLocalPort();
                } catch (IOException inUseForUdp) {
                    // try the next one the OS hands out
                }
            }
            if (found < count) throw new IOException("found only " + found + " of " + count + " free loopback ports");
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
}
