package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.verify.Outcome;
import org.jgwire.codec.verify.VerifyReport;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The committed samples of the big users' stacks ({@code samples/stacks/5.5.7}, made by
 * {@code samples/stacks/regenerate.sh} from the stack files beside it): each decodes without an error record and
 * agrees with its manifest, every text found with its sender and destination.
 */
class UserStackSamplesTest {
    static Stream<Path> manifests() throws IOException {
        Path dir = Decoding.samples().resolve("stacks").resolve("5.5.7");
        List<Path> out;
        try (Stream<Path> files = Files.list(dir)) {
            out = files.filter(p -> p.toString().endsWith("-chat.json"))
                    .sorted()
                    .toList();
        }
        assertTrue(out.size() >= 3, "stack samples in " + dir + ": " + out);
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("manifests")
    void stackSampleAgreesWithItsManifest(Path json) throws Exception {
        Manifest m = Manifest.read(json);
        Path pcap = json.resolveSibling(m.capture());
        String stack = json.getFileName().toString().replace("-chat.json", ".xml");
        assertTrue(Files.isRegularFile(json.getParent().getParent().resolve(stack)), "stack file " + stack);
        assertTrue(Files.size(pcap) < 64 * 1024, pcap + " is small");
        VerifyReport report = ManifestCheck.decodeAndVerify(m, pcap).report();
        assertEquals(m.sent().size(), report.count("message", Outcome.OK), "messages found");
        assertEquals(m.members().size(), report.count("name", Outcome.OK), "members named");
    }
}
