package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jgwire.cli.samples.SampleLibrary;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.verify.StackRules;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every sample of the library is committed and agrees with its manifest as a file: named after its version, stack
 * and scenario, small, nothing dropped, the packet count, only the cluster's ports, each chat text as many times as
 * the stack puts it on the wire (never in clear on {@code encrypt}, whose payloads are ciphertext; at least once on
 * {@code relay2}, whose site masters forward copies).
 */
class SampleCapturesTest {
    /** "A few hundred KB at most" per capture. */
    private static final long MAX_SAMPLE_BYTES = 256 * 1024;
    /**
     * The {@code large} scenario multicasts 150,000 and 1,000,000 bytes and unicasts 150,000 (fixed by the scenario):
     * its capture holds them once each on udp.
     */
    private static final long MAX_LARGE_SAMPLE_BYTES = 1536 * 1024;

    @TestFactory
    Stream<DynamicTest> everySampleCaptureMatchesItsManifest() {
        Path samples = Decoding.samples();
        return SampleLibrary.all(SampleLibrary.bundledVersions(Decoding.home())).stream()
                .map(s -> DynamicTest.dynamicTest(s.toString(), () -> {
                    Path pcap = s.capture(samples), json = s.manifest(samples);
                    assertTrue(Files.isRegularFile(pcap) && Files.isRegularFile(json), "sample missing: " + pcap);
                    Manifest m = Manifest.read(json);
                    assertEquals(s.version(), m.jgroupsVersion(), "version");
                    assertEquals(s.stack(), m.stack(), "stack");
                    assertEquals(s.scenario(), m.scenario(), "scenario");
                    assertEquals(pcap.getFileName().toString(), m.capture(), "capture named in the manifest");
                    long max = s.scenario().startsWith("large") ? MAX_LARGE_SAMPLE_BYTES : MAX_SAMPLE_BYTES;
                    assertTrue(Files.size(pcap) <= max, pcap + " is " + Files.size(pcap) + " bytes, more than " + max);
                    assertEquals(0, m.dropped(), "dropped packets");
                    List<PcapPorts.Packet> packets = PcapPorts.read(pcap);
                    assertEquals(m.packets(), packets.size(), "packets");
                    assertTrue(
                            packets.stream()
                                    .allMatch(p -> m.ports().contains(p.srcPort())
                                            || m.ports().contains(p.dstPort())),
                            "every packet on the cluster's ports " + m.ports());
                    if (m.stack().equals("encrypt")) {
                        for (Manifest.SentMessage sent : m.sent())
                            assertEquals(0, PcapPorts.occurrences(pcap, sent.text()), "'" + sent.text() + "' in clear");
                    } else if (!m.sites().isEmpty()) { // relay2: site masters forward copies across the bridge
                        for (Manifest.SentMessage sent : m.sent())
                            assertTrue(
                                    PcapPorts.occurrences(pcap, sent.text()) >= 1, "'" + sent.text() + "' on the wire");
                    } else {
                        for (Manifest.SentMessage sent : m.sent())
                            assertEquals(
                                    StackRules.expectedCopies(m, sent),
                                    PcapPorts.occurrences(pcap, sent.text()),
                                    "copies of '" + sent.text() + "'");
                    }
                }));
    }
}
