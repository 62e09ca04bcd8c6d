package org.jgwire.codec.cluster;

import java.util.List;

/** Hand-made manifests of a two-member chat run, for tests that need one without running a cluster. */
public final class TestManifests {
    public static final String A = "00000000-0000-0000-0000-00000000000a";
    public static final String B = "00000000-0000-0000-0000-00000000000b";

    private TestManifests() {}

    /** A and B on this stack: A multicasts one text and sends one to B; both install A|1 [A, B]. */
    public static Manifest chat(String stack) {
        return new Manifest(
                "5.5.7",
                stack,
                "chat",
                "c",
                "x.pcap",
                "udp and (port 1)",
                List.of(1, 2),
                10,
                0,
                List.of(new Manifest.Member("A", A, "127.0.0.1:1"), new Manifest.Member("B", B, "127.0.0.1:2")),
                List.of(
                        new Manifest.SentMessage("A", null, "chat A#1 to all"),
                        new Manifest.SentMessage("A", "B", "chat A#3 to B")),
                List.of(new Manifest.ReceivedMessage("B", "A", null, "chat A#1 to all")),
                List.of(
                        new Manifest.InstalledView("A", "A", 1, List.of("A", "B")),
                        new Manifest.InstalledView("B", "A", 1, List.of("A", "B"))),
                new Manifest.Timings("2026-01-01T00:00:00Z", 1, 2, 3, 6));
    }

    /** The udp chat run's members and views, with scenario ground truth instead of chat texts. */
    public static Manifest withScenario(
            String scenario,
            List<Manifest.InstalledView> views,
            List<Manifest.RpcCall> calls,
            List<Manifest.LargeSent> large) {
        Manifest m = chat("udp");
        return new Manifest(
                m.jgroupsVersion(),
                "udp",
                scenario,
                "c",
                "x.pcapng",
                "f",
                m.ports(),
                1,
                0,
                m.members(),
                List.of(),
                List.of(),
                views,
                m.timings(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                calls,
                List.of(),
                large,
                List.of(),
                List.of());
    }
}
