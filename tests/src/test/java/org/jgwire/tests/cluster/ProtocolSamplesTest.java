package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The committed samples of protocols the stock stacks do not carry (samples/stack, see its README): locks, counters,
 * state transfer (scenarios {@code lock}, {@code counter}, {@code state} on the {@code services} stacks), AUTH and
 * FD (JGroups' own {@code auth_fixedlist.xml} and 3.6's {@code tcp.xml}), NAKACK4 and UNICAST4 (5.5's
 * {@code udp-new.xml}). Each decodes without an error record, agrees with its manifest, and carries headers of the
 * protocols its stack was chosen for (which the stack XML names, not the decoder).
 */
class ProtocolSamplesTest {
    static Stream<Arguments> samples() {
        return Stream.of(
                Arguments.of("3.6.20/services-lock", List.of("CENTRAL_LOCK")),
                Arguments.of("4.2.30/services-lock", List.of("CENTRAL_LOCK2")),
                Arguments.of("3.6.20/services-counter", List.of("COUNTER")),
                Arguments.of("4.2.30/services-counter", List.of("COUNTER")),
                Arguments.of("5.5.7/services-counter", List.of("COUNTER")),
                Arguments.of("3.6.20/services-state", List.of("STATE_TRANSFER")),
                Arguments.of("4.2.30/services-state", List.of("STATE_TRANSFER")),
                Arguments.of("5.5.7/services-state", List.of("STATE_TRANSFER")),
                Arguments.of("3.6.20/auth-chat", List.of("AUTH", "FD")),
                Arguments.of("4.2.30/auth-chat", List.of("AUTH", "FD_ALL")),
                Arguments.of("5.5.7/auth-chat", List.of("AUTH", "FD_ALL3")),
                Arguments.of("3.6.20/fd-chat", List.of("FD", "FD_SOCK")),
                Arguments.of("5.5.7/udp-new-chat", List.of("NAKACK4", "UNICAST4")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void sampleCarriesItsProtocolsAndAgreesWithItsManifest(String name, List<String> protocols) throws Exception {
        Path json = Decoding.samples().resolve("stack").resolve(name + ".json");
        Manifest m = Manifest.read(json);
        Path pcap = json.resolveSibling(m.capture());
        assertTrue(Files.size(pcap) < 256 * 1024, pcap + " is small");
        Decoding.Result decoded = ManifestCheck.decodeAndVerify(m, pcap).decoded();
        Set<String> seen = new TreeSet<>();
        decoded.records().forEach(r -> {
            if (r instanceof MessageRecord msg) for (HeaderRecord h : msg.headers()) seen.add(h.protocol());
        });
        assertTrue(seen.containsAll(protocols), pcap + " carries " + protocols + ", its headers: " + seen);
    }
}
