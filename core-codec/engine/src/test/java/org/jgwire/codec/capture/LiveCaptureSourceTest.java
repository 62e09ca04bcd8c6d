package org.jgwire.codec.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jgwire.codec.Limits;
import org.jgwire.codec.network.NetworkDissector;
import org.jgwire.codec.network.UdpDatagram;
import org.junit.jupiter.api.Test;

/** A live capture on lo through libpcap. Needs capture rights on lo (as the cluster runner). */
class LiveCaptureSourceTest {
    @Test
    void givesBackTheDatagramsSentOnLoopbackThenEndsAfterStop() throws Exception {
        try (DatagramSocket receiver = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                DatagramSocket sender = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                LiveCaptureSource source =
                        LiveCaptureSource.open("lo", LiveCaptureSource.portFilter(List.of(receiver.getLocalPort())))) {
            List<String> sent = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                byte[] b = ("live " + i).getBytes(StandardCharsets.US_ASCII);
                sent.add("live " + i);
                sender.send(new DatagramPacket(b, b.length, receiver.getLocalSocketAddress()));
            }
            NetworkDissector dissector = new NetworkDissector(Limits.DEFAULTS, e -> {});
            List<String> got = new ArrayList<>();
            // A watchdog ends the capture if a datagram never shows: next() then returns null.
            CompletableFuture.delayedExecutor(10, TimeUnit.SECONDS).execute(source::stop);
            long last = 0;
            while (got.size() < sent.size()) {
                RawPacket p = (RawPacket) source.next();
                if (p == null) break;
                assertEquals(last + 1, p.number());
                last = p.number();
                assertEquals(source.linkType(), p.linkType());
                assertTrue(p.tsNanos() > 1_600_000_000_000_000_000L, "a real timestamp: " + p.tsNanos());
                if (dissector.dissect(p) instanceof UdpDatagram u)
                    got.add(new String(u.data(), u.offset(), u.length(), StandardCharsets.US_ASCII));
            }
            assertEquals(sent, got);
            source.stop();
            assertNull(source.next(), "nothing more was sent to the port");
        }
    }

    @Test
    void portFilterSelectsUdpAndTcpOnTheGivenPorts() {
        assertEquals("udp or tcp", LiveCaptureSource.portFilter(List.of()));
        assertEquals("(udp or tcp) and (port 7800 or port 45588)", LiveCaptureSource.portFilter(List.of(7800, 45588)));
    }
}
