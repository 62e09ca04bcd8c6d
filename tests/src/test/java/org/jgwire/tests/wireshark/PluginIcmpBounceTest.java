package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code jgroups.expert.icmp_bounced} on a capture made here, on the loopback interface only: a JGroups datagram of
 * a sample sent to a closed UDP port of 127.0.0.1, which answers with an ICMP port unreachable quoting it (what a
 * member sending to a killed member sees; the {@code udp-crash} samples hold such bounces, checked against diagnose by
 * {@code PluginExpertInfoTest}). Skipped where dumpcap may not capture on {@code lo} (it needs root or the capture
 * capabilities).
 */
class PluginIcmpBounceTest {

    @Test
    void aDatagramQuotedInAnIcmpErrorIsMarkedBouncedAndTheDatagramItselfIsNot() throws Exception {
        Decoding.requireTool("dumpcap");
        // a small JGroups datagram of a sample (frame 3: a discovery response), whole inside the ICMP quote
        Path sample = Decoding.samples().resolve("5.5.7").resolve("udp-crash.pcapng");
        String hex = new String(
                        Decoding.tool(
                                "tshark",
                                "-r",
                                sample.toString(),
                                "-Y",
                                "frame.number == 3",
                                "-T",
                                "fields",
                                "-e",
                                "udp.payload"),
                        StandardCharsets.US_ASCII)
                .trim();
        byte[] datagram = HexFormat.of().parseHex(hex);
        assertTrue(datagram.length > 20 && datagram.length < 400, "datagram of " + datagram.length + " bytes");

        InetAddress lo = InetAddress.getLoopbackAddress();
        int port;
        try (DatagramSocket probe = new DatagramSocket(0, lo)) {
            port = probe.getLocalPort(); // closed again below: nothing listens there
        }
        Path capture = Files.createTempDirectory("jgwire-icmp").resolve("bounce.pcapng");
        String filter = "(udp dst port " + port + ") or (icmp[0] == 3 and icmp[30:2] == " + port + ")";
        Process dumpcap = new ProcessBuilder(
                        "dumpcap",
                        "-q",
                        "-i",
                        "lo",
                        "-f",
                        filter,
                        "-c",
                        "2",
                        "-a",
                        "duration:20",
                        "-w",
                        capture.toString())
                .start();
        CountDownLatch started = new CountDownLatch(1);
        StringBuilder err = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(dumpcap.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    synchronized (err) {
                        err.append(l).append('\n');
                    }
                    if (l.startsWith("File:")) started.countDown();
                }
            } catch (java.io.IOException e) {
                // the process ended
            }
        });
        reader.start();
        try {
            boolean capturing = started.await(15, TimeUnit.SECONDS) && dumpcap.isAlive();
            Assumptions.assumeTrue(capturing, () -> "dumpcap cannot capture on lo here: " + err);
            try (DatagramSocket out = new DatagramSocket(0, lo)) {
                for (int i = 0; i < 10 && dumpcap.isAlive(); i++) {
                    out.send(new DatagramPacket(datagram, datagram.length, lo, port));
                    dumpcap.waitFor(1, TimeUnit.SECONDS);
                }
            }
            assertTrue(dumpcap.waitFor(20, TimeUnit.SECONDS), "dumpcap did not stop");
        } finally {
            dumpcap.destroy();
            reader.join(5_000);
        }

        List<JsonNode> packets = GeneratedPlugin.tsharkJson(capture);
        int bounced = 0, datagrams = 0;
        for (JsonNode p : packets) {
            JsonNode layers = p.path("_source").path("layers");
            assertEquals(List.of(), GeneratedPlugin.failuresOnCleanCapture(layers), "frame " + layers.path("frame"));
            boolean icmp = !layers.path("icmp").isMissingNode();
            List<String> marks = GeneratedPlugin.find(layers, "jgroups.expert.icmp_bounced");
            assertFalse(GeneratedPlugin.find(layers, "jgroups.version_str").isEmpty(), "not JGroups: " + layers);
            if (icmp) {
                bounced++;
                assertEquals(1, marks.size(), "the ICMP error's quoted datagram: " + layers);
                String text = String.join(" ", GeneratedPlugin.find(layers, "_ws.expert.message"));
                assertTrue(text.contains("127.0.0.1:" + port), text);
                assertEquals(List.of(), GeneratedPlugin.find(layers, PluginExpertInfoTest.OUTSIDE_VIEW));
                assertEquals(List.of(), GeneratedPlugin.find(layers, PluginExpertInfoTest.RETRANSMISSION));
            } else {
                datagrams++;
                assertEquals(List.of(), marks, "the datagram itself did not bounce");
            }
        }
        assertTrue(bounced >= 1 && datagrams >= 1, bounced + " ICMP errors, " + datagrams + " datagrams captured");
    }
}
