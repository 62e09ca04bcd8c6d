package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreePortsTest {
    @Test
    void picksDistinctBindablePortsBelowTheEphemeralRange() throws Exception {
        int[] ports = FreePorts.pick(6);
        assertEquals(6, Arrays.stream(ports).distinct().count(), Arrays.toString(ports));
        InetAddress lo = InetAddress.getByName("127.0.0.1");
        for (int p : ports) {
            int side = p + LoopbackRewrites.SIDE_PORT_OFFSET;
            assertTrue(p >= FreePorts.LOW && side <= FreePorts.HIGH, "port " + p + " and its side port " + side);
            assertTrue(Arrays.stream(ports).noneMatch(q -> q == side), "a port is another's side port: " + side);
            bindBoth(lo, p);
            bindBoth(lo, side); // FD_SOCK's server socket goes there
        }
    }

    @Test
    void neverHandsOutAPortOrItsSidePortTwiceWhileRemembered() throws Exception {
        // two runs starting together: the first one's members have not bound their ports yet
        Set<Integer> taken = new HashSet<>();
        for (int run = 0; run < 100; run++) {
            for (int p : FreePorts.pick(4)) {
                assertTrue(taken.add(p), "port " + p + " handed out twice");
                assertTrue(taken.add(p + LoopbackRewrites.SIDE_PORT_OFFSET), "side port of " + p + " handed out twice");
            }
        }
    }

    private static void bindBoth(InetAddress lo, int p) throws Exception {
        try (ServerSocket tcp = new ServerSocket()) {
            tcp.bind(new InetSocketAddress(lo, p));
            try (DatagramSocket udp = new DatagramSocket(new InetSocketAddress(lo, p))) {
                assertEquals(p, udp.getLocalPort());
            }
        }
    }
}
