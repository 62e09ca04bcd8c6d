package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mistakes in a spec are refused before any JVM starts, with a message that says what to use instead. */
class ClusterRunnerErrorsTest {
    private static final Path HOME = Path.of(System.getProperty("jgwire.home", "../cli/target/jgwire"));

    @Test
    void refusesAVersionThatIsNotBundledAndListsTheBundledOnes(@TempDir Path dir) {
        IOException e = assertThrows(
                IOException.class,
                () -> ClusterRunner.run(new ClusterSpec(
                        "5.1.0", "tcp", 2, "chat", dir.resolve("x.pcap"), HOME, Duration.ofSeconds(5))));
        assertTrue(e.getMessage().contains("5.1.0") && e.getMessage().contains("5.5.7"), e.getMessage());
    }

    @Test
    void refusesAnUnknownStackOrScenario(@TempDir Path dir) {
        IllegalArgumentException stack = assertThrows(
                IllegalArgumentException.class,
                () -> ClusterRunner.run(new ClusterSpec(
                        "5.5.7", "carrier-pigeon", 2, "chat", dir.resolve("x.pcap"), HOME, Duration.ofSeconds(5))));
        assertTrue(stack.getMessage().contains("udp, tcp, tunnel"), stack.getMessage());
        IllegalArgumentException scenario = assertThrows(
                IllegalArgumentException.class,
                () -> ClusterRunner.run(new ClusterSpec(
                        "5.5.7", "tcp", 2, "dance", dir.resolve("x.pcap"), HOME, Duration.ofSeconds(5))));
        assertTrue(scenario.getMessage().contains("chat"), scenario.getMessage());
    }

    @Test
    void refusesMoreMembersThanLetters() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new ClusterSpec("5.5.7", "tcp", 27, "chat", null, HOME, Duration.ofSeconds(5)));
    }
}
