package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every manifest of the sample library, written by the cluster runner, reads back and writes out byte for byte as it
 * is: reading keeps everything, and writing keeps its names, order and form (the samples' manifests are committed).
 */
class ManifestWriteTest {
    @TempDir
    Path tmp;

    @Test
    void everySampleManifestReadsAndWritesBackUnchanged() throws IOException {
        List<Path> manifests;
        try (Stream<Path> files = Files.walk(Path.of(System.getProperty("jgwire.samples")))) {
            manifests = files.filter(
                            p -> p.toString().endsWith(".json") && !p.toString().contains("golden"))
                    .sorted()
                    .toList();
        }
        assertTrue(manifests.size() >= 100, "sample manifests found: " + manifests.size());
        int rpcs = 0, large = 0, merges = 0;
        for (Path m : manifests) {
            Path out = tmp.resolve("out.json");
            Manifest read = Manifest.read(m);
            read.write(out);
            assertEquals(Files.readString(m), Files.readString(out), m.toString());
            if (!read.rpcCalls().isEmpty()) rpcs++;
            if (!read.largeSent().isEmpty()) large++;
            if (read.views().stream().anyMatch(Manifest.InstalledView::merge)) merges++;
        }
        assertTrue(
                rpcs > 0 && large > 0 && merges > 0,
                "RPCs, large messages and merge views among them: " + rpcs + ", " + large + ", " + merges);
    }

    @Test
    void manifestWithEveryScenarioFieldReadsBackAsWritten() throws IOException {
        Manifest chat = TestManifests.chat("udp");
        Manifest m = new Manifest(
                "5.5.7",
                "relay2",
                "chat",
                "c",
                "x.pcapng",
                "f",
                List.of(1),
                1,
                0,
                chat.members(),
                List.of(),
                List.of(),
                List.of(new Manifest.InstalledView(
                        "A", "A", 4, List.of("A", "B"), List.of(List.of("B"), List.of("A")), 9)),
                chat.timings(),
                List.of(),
                List.of(),
                List.of("TCP", "RELAY2"),
                List.of(new Manifest.Step(5, "partition", List.of(), List.of(List.of("A"), List.of("B")))),
                List.of(new Manifest.RpcCall("A", null, "rpc A#1 to all", Map.of("B", "B got rpc A#1 to all"))),
                List.of(new Manifest.RpcHandled("B", "rpc A#1 to all")),
                List.of(new Manifest.LargeSent("A", null, 150_000, "ab", "large A#1 150000")),
                List.of(new Manifest.LargeReceived("B", "A", null, 150_000, "ab", "large A#1 150000")),
                List.of(new Manifest.Site("lon", List.of("A")), new Manifest.Site("nyc", List.of("B"))));
        Path file = tmp.resolve("all.json");
        m.write(file);
        assertEquals(m, Manifest.read(file));
    }

    @Test
    void perMemberCapturesAndLossyLinksReadBackAsWrittenAndAreLeftOutWhenNone() throws IOException {
        Manifest chat = TestManifests.chat("udp");
        Manifest m = new Manifest(
                chat.jgroupsVersion(),
                "udp",
                "chat",
                "c",
                null,
                "f",
                chat.ports(),
                -1,
                -1,
                chat.members(),
                chat.sent(),
                chat.received(),
                chat.views(),
                chat.timings(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(
                        new Manifest.MemberCapture("A", "A.pcapng", 117, 0),
                        new Manifest.MemberCapture("B", "B.pcapng", 90, 0)),
                List.of(new Manifest.LinkLoss("A", "C", 30)));
        Path file = tmp.resolve("hosts.json");
        m.write(file);
        assertEquals(m, Manifest.read(file));
        assertTrue(Files.readString(file).contains("\"linkLosses\""), Files.readString(file));
        chat.write(file);
        String plain = Files.readString(file);
        assertTrue(!plain.contains("memberCaptures") && !plain.contains("linkLosses"), plain);
    }

    @Test
    void manifestReadsBackAsWritten() throws IOException {
        Path file = tmp.resolve("m.json");
        Manifest written = TestManifests.chat("tcp");
        written.write(file);
        assertEquals(written, Manifest.read(file));
    }
}
