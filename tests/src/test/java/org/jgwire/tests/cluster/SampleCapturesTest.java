package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.cluster.ManifestCheck;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The committed sample captures agree with their manifests (files of the right size, ports, texts, copies). */
class SampleCapturesTest {
    /** "A few tens of KB at most" per capture. */
    private static final long MAX_SAMPLE_BYTES = 64 * 1024;

    @TestFactory
    Stream<DynamicTest> everySampleCaptureMatchesItsManifest() throws IOException {
        Path samples = Path.of(System.getProperty("jgwire.samples", "../samples"));
        List<Path> manifests;
        try (Stream<Path> s = Files.walk(samples, 2)) {
            manifests = s.filter(p -> p.toString().endsWith("-chat.json")).sorted().toList();
        }
        assertFalse(manifests.isEmpty(), "no sample manifests under " + samples);
        return manifests.stream().map(json -> DynamicTest.dynamicTest(samples.relativize(json).toString(), () -> {
            Manifest m = Manifest.read(json);
            Path pcap = json.resolveSibling(m.capture());
            assertEquals(json.getParent().getFileName().toString(), m.jgroupsVersion(), "directory names the version");
            assertEquals(m.stack() + "-chat.pcap", pcap.getFileName().toString(), "capture named after the stack");
            assertTrue(Files.size(pcap) <= MAX_SAMPLE_BYTES, pcap + " is " + Files.size(pcap) + " bytes");
            assertEquals(0, m.dropped(), "dropped packets");
            List<PcapPorts.Packet> packets = PcapPorts.read(pcap);
            assertEquals(m.packets(), packets.size(), "packets");
            assertTrue(packets.stream().allMatch(p -> m.ports().contains(p.srcPort()) || m.ports().contains(p.dstPort())),
                    "every packet on the cluster's ports " + m.ports());
            for (Manifest.SentMessage sent : m.sent())
                assertEquals(ManifestCheck.expectedCopies(m, sent), PcapPorts.occurrences(pcap, sent.text()),
                        "copies of '" + sent.text() + "'");
        }));
    }
}
