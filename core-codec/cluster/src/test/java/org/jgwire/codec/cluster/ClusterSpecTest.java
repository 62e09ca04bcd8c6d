package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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

    private static ClusterSpec perMember(boolean netnsPerMember, Path dir, List<Manifest.LinkLoss> losses) {
        return new ClusterSpec(
                "5.5.7",
                "udp",
                3,
                "chat",
                null,
                Path.of("home"),
                Duration.ofSeconds(60),
                null,
                null,
                false,
                null,
                null,
                false,
                false,
                null,
                netnsPerMember,
                dir,
                losses);
    }

    @Test
    void perMemberCapturesAndLossyLinksNeedMembersInNamespacesOfTheirOwn() {
        assertEquals(
                "--capture-per-member captures each member's own interface: add --netns-per-member",
                assertThrows(IllegalArgumentException.class, () -> perMember(false, Path.of("d"), List.of()))
                        .getMessage());
        List<Manifest.LinkLoss> ac = List.of(ClusterSpec.linkLoss("A-C:30"));
        assertEquals(
                "--link-loss drops packets between members' hosts: add --netns-per-member",
                assertThrows(IllegalArgumentException.class, () -> perMember(false, null, ac))
                        .getMessage());
        ClusterSpec ok = perMember(true, Path.of("d"), ac);
        assertEquals(List.of(new Manifest.LinkLoss("A", "C", 30)), ok.linkLosses());
        assertEquals(List.of(), perMember(true, null, null).linkLosses());
    }

    @Test
    void aLossyLinkJoinsTwoOfTheRunsMembersWithAPercentage() {
        assertEquals(
                "--link-loss 'A>C:30': expected FROM-TO:PERCENT, e.g. A-C:30 (members by letter)",
                assertThrows(IllegalArgumentException.class, () -> ClusterSpec.linkLoss("A>C:30"))
                        .getMessage());
        for (String[] bad : new String[][] {
            {"A-D:30", "--link-loss A-D:30: no member D among 3"},
            {"B-B:30", "--link-loss B-B:30: a link joins two members"},
            {"A-B:0", "--link-loss A-B:0: the percentage must be 1 to 100"},
            {"A-B:101", "--link-loss A-B:101: the percentage must be 1 to 100"}
        })
            assertEquals(
                    bad[1],
                    assertThrows(
                                    IllegalArgumentException.class,
                                    () -> perMember(true, null, List.of(ClusterSpec.linkLoss(bad[0]))))
                            .getMessage());
        assertEquals(
                100,
                perMember(true, null, List.of(ClusterSpec.linkLoss("C-A:100")))
                        .linkLosses()
                        .get(0)
                        .percent());
    }
}
