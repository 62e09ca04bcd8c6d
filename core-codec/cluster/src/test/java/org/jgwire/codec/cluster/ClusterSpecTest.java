package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What a cluster spec refuses, and how it says so (the CLI shows these messages as they are). */
class ClusterSpecTest {
    private static ClusterSpec spec(int nodes, Duration timeout, Duration duration) {
        return new ClusterSpec(
                "5.5.7",
                "udp",
                nodes,
                "chat",
                null,
                Path.of("home"),
                timeout,
                duration,
                null,
                false,
                null,
                null,
                false);
    }

    private static String refusal(int nodes, Duration timeout, Duration duration) {
        return assertThrows(IllegalArgumentException.class, () -> spec(nodes, timeout, duration))
                .getMessage();
    }

    @Test
    void aDurationMustEndBeforeTheTimeoutAndTheMessageNamesTheOption() {
        assertEquals(
                "the duration (60000 ms) must be 0 or more and below the timeout (60000 ms, --timeout)",
                refusal(2, Duration.ofSeconds(60), Duration.ofSeconds(60)));
        assertEquals(
                "the duration (-1 ms) must be 0 or more and below the timeout (60000 ms, --timeout)",
                refusal(2, Duration.ofSeconds(60), Duration.ofMillis(-1)));
        assertEquals(
                Duration.ofMillis(59_999),
                spec(2, Duration.ofSeconds(60), Duration.ofMillis(59_999)).duration());
    }

    @Test
    void membersAndTimeoutMustBeInRange() {
        assertEquals("nodes (0) must be 1 to 26", refusal(0, Duration.ofSeconds(1), null));
        assertEquals("nodes (27) must be 1 to 26", refusal(27, Duration.ofSeconds(1), null));
        assertEquals("timeout (PT0S) must be positive", refusal(1, Duration.ZERO, null));
        assertEquals(26, spec(26, Duration.ofSeconds(1), null).nodes());
    }
}
