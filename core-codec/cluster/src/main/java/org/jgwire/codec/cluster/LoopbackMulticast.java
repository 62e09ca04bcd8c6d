package org.jgwire.codec.cluster;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.NetworkInterface;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Checks that IP multicast works on the loopback interface before a {@code udp} cluster is started: Linux
 * brings {@code lo} up without the MULTICAST flag, and JGroups members bound to 127.0.0.1 then never find each
 * other. The probe sends one datagram with TTL 0 to the cluster's own group and port and waits for it.
 */
final class LoopbackMulticast {
    static final String FIX = "run as root: ip link set lo multicast on";
    private static final int PROBE_MILLIS = 2000;

    private LoopbackMulticast() {}

    static void check(String group, int port) throws IOException {
        NetworkInterface lo = NetworkInterface.getByName("lo");
        if (lo == null) throw new ClusterFailure("no 'lo' interface: the udp stack needs multicast on loopback");
        if (!lo.supportsMulticast())
            throw new ClusterFailure("multicast is off on the loopback interface 'lo', so a udp cluster cannot form; "
                    + FIX + " (or use the tcp stack)");
        InetSocketAddress target = new InetSocketAddress(InetAddress.getByName(group), port);
        try (MulticastSocket rx = new MulticastSocket(target);
                MulticastSocket tx = new MulticastSocket(0)) {
            rx.joinGroup(target, lo);
            rx.setSoTimeout(PROBE_MILLIS);
            tx.setNetworkInterface(lo);
            tx.setTimeToLive(0);
            byte[] probe = ("jgwire multicast probe " + System.nanoTime()).getBytes(StandardCharsets.US_ASCII);
            tx.send(new DatagramPacket(probe, probe.length, target));
            byte[] buf = new byte[probe.length + 16];
            long deadline = System.nanoTime() + PROBE_MILLIS * 1_000_000L;
            while (System.nanoTime() < deadline) {
                DatagramPacket p = new DatagramPacket(buf, buf.length);
                rx.receive(p);
                if (p.getLength() == probe.length && Arrays.equals(probe, 0, probe.length, buf, 0, probe.length))
                    return;
            }
            throw new SocketTimeoutException();
        } catch (SocketTimeoutException e) {
            throw new ClusterFailure("a multicast probe to " + group + ":" + port + " on 'lo' was not received within "
                    + PROBE_MILLIS + " ms, so a udp cluster cannot form; " + FIX + " (or use the tcp stack)");
        }
    }
}
