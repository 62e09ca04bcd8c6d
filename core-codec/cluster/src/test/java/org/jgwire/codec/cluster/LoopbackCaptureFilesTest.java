package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.PcapReader;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.network.NetworkDissector;
import org.jgwire.codec.network.UdpDatagram;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cluster runner's capture of lo to classic pcap (libpcap's dumper) and to pcapng (our writer), read back by
 * jgwire's own readers. Needs capture rights on lo.
 */
class LoopbackCaptureFilesTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"lo.pcap", "lo.pcapng"})
    void writesEveryDatagramSentWhileCapturing(String name) throws Exception {
        Path file = dir.resolve(name);
        List<String> sent = new ArrayList<>();
        int port;
        long[] counts;
        try (DatagramSocket receiver = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                DatagramSocket sender =
                        new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            port = receiver.getLocalPort();
            LoopbackCapture capture =
                    LoopbackCapture.start(CaptureTarget.file(file), "udp port " + port, LoopbackCapture.BUFFER_BYTES);
            for (int i = 0; i < 4; i++) {
                byte[] b = ("datagram " + i).getBytes(StandardCharsets.US_ASCII);
                sent.add("datagram " + i);
                sender.send(new DatagramPacket(b, b.length, receiver.getLocalSocketAddress()));
                receiver.receive(new DatagramPacket(new byte[64], 64)); // delivered, so on the wire
            }
            Thread.sleep(300); // past the read timeout: the kernel hands its block over
            counts = capture.stop();
        }
        assertEquals(sent.size(), counts[0], "packets written");
        List<String> got = new ArrayList<>();
        NetworkDissector dissector = new NetworkDissector(Limits.DEFAULTS, e -> {});
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        try (CaptureSource in = name.endsWith(".pcapng") ? new PcapngReader(ch) : new PcapReader(ch)) {
            for (Captured c; (c = in.next()) != null; ) {
                RawPacket p = (RawPacket) c;
                assertTrue(p.tsNanos() > 1_600_000_000_000_000_000L, "a real timestamp: " + p.tsNanos());
                if (dissector.dissect(p) instanceof UdpDatagram u && u.dst().port() == port)
                    got.add(new String(u.data(), u.offset(), u.length(), StandardCharsets.US_ASCII));
            }
        }
        assertEquals(sent, got);
    }
}
