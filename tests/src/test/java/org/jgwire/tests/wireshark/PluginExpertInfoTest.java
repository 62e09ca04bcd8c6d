package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The plugin's expert info about the cluster, against the decoder and {@code jgwire diagnose}: retransmission
 * requests and answers in the frames the decoder finds them ({@code jgroups.expert.retransmission}), messages of a
 * member outside the view only from the member a pause left out, while it was out ({@code
 * jgroups.expert.outside_view}), JGroups datagrams bounced by an ICMP error in the frames the decoder reports
 * as bounces, which are the proof of {@code icmp-unreachable} ({@code jgroups.expert.icmp_bounced}), and none of those
 * on the clean samples.
 */
class PluginExpertInfoTest {
    /** Every sample is dissected here: tshark runs over them all at once, a run per core. */
    @BeforeAll
    static void dissectTheSamples() throws Exception {
        GeneratedPlugin.dissectAllSamples();
    }

    static final String RETRANSMISSION = "jgroups.expert.retransmission";
    static final String OUTSIDE_VIEW = "jgroups.expert.outside_view";
    static final String ICMP_BOUNCED = "jgroups.expert.icmp_bounced";
    /** The proof frames an icmp-unreachable finding lists at most (IcmpUnreachableFindings.MAX_FRAMES). */
    static final int MAX_PROOF = 32;

    static final List<String> FAULT_VERSIONS = List.of("3.6.20", "4.2.30", "5.5.7");
    static final List<String> FAULTS = List.of(
            "udp-lossy",
            "udp-pause",
            "udp-crash",
            "udp-partition-merge",
            "udp-firewall-partition",
            "udp-slow-merge",
            "udp-incident");

    // --- the samples ---

    static List<Path> faultSamples() {
        List<Path> out = new ArrayList<>();
        for (String v : FAULT_VERSIONS)
            for (String f : FAULTS) out.add(Decoding.samples().resolve(v).resolve(f + ".pcapng"));
        return out;
    }

    static List<Path> pauseSamples() {
        return FAULT_VERSIONS.stream()
                .map(v -> Decoding.samples().resolve(v).resolve("udp-pause.pcapng"))
                .toList();
    }

    /** Every sample but the fault samples. */
    static List<Path> cleanSamples() throws IOException {
        Set<Path> faults = Set.copyOf(faultSamples());
        List<Path> out = GeneratedPlugin.samples().stream()
                .filter(p -> !faults.contains(p))
                .toList();
        assertTrue(out.size() > 20, "clean samples: " + out);
        return out;
    }

    // --- retransmissions: the decoder's frames ---

    @ParameterizedTest(name = "{0}")
    @MethodSource("faultSamples")
    void retransmissionsAreMarkedWhereTheDecoderFindsThemAndOnEveryProofFrame(Path sample) throws Exception {
        assertTrue(Files.isRegularFile(sample), "missing fault sample " + sample);
        List<JsonNode> packets = GeneratedPlugin.tsharkJson(sample);
        assertEquals(decoderRetransmissionFrames(sample), framesWith(packets, RETRANSMISSION), "frames of " + sample);
        List<JsonNode> findings = diagnose(sample);
        Set<Long> marked = framesWith(packets, RETRANSMISSION);
        for (JsonNode f : findings) {
            if (!f.path("code").asText().equals("retransmissions")) continue;
            assertFalse(f.path("frames").isEmpty(), "a finding without proof: " + f);
            for (JsonNode n : f.path("frames"))
                assertTrue(
                        marked.contains(n.asLong()), "proof frame #" + n + " of " + sample + " not marked " + marked);
        }
    }

    /** The lossy samples give retransmission findings: the proof-frame check above is not empty everywhere. */
    @Test
    void theLossySamplesHaveRetransmissionFindings() throws Exception {
        Path lossy = Decoding.samples().resolve("5.5.7").resolve("udp-lossy.pcapng");
        assertTrue(
                diagnose(lossy).stream().anyMatch(f -> f.path("code").asText().equals("retransmissions")),
                "no retransmissions finding on " + lossy);
        assertTrue(decoderRetransmissionFrames(lossy).size() >= 10, "retransmission frames of " + lossy);
    }

    /**
     * The frames holding a message the decoder's ReliabilityTracker counts as a retransmission request or answer:
     * a NAKACK* XMIT_REQ naming whose messages it asks for (its {@code sender} field, else the destination), a
     * NAKACK* XMIT_RSP with a sender, a UNICAST* XMIT_REQ with sender and destination.
     */
    static Set<Long> decoderRetransmissionFrames(Path sample) throws IOException {
        List<JsonNode> records = GeneratedPlugin.decoderRecords(sample);
        Set<Long> out = new TreeSet<>();
        for (JsonNode r : records) {
            if (!r.path("kind").asText().equals("message")) continue;
            boolean src = !r.path("src").isMissingNode() && !r.path("src").isNull();
            boolean dest = !r.path("dest").isMissingNode() && !r.path("dest").isNull();
            for (JsonNode h : r.path("headers")) {
                String protocol = h.path("protocol").asText();
                String type = h.path("fields").path("type").asText();
                JsonNode sender = h.path("fields").path("sender");
                boolean hasSender = !sender.isMissingNode() && !sender.isNull();
                boolean counted = protocol.startsWith("NAKACK")
                                && (type.equals("XMIT_REQ") && (hasSender || dest) || type.equals("XMIT_RSP") && src)
                        || protocol.startsWith("UNICAST") && type.equals("XMIT_REQ") && src && dest;
                if (counted) out.add(r.path("frame").asLong());
            }
        }
        return out;
    }

    // --- ICMP bounces: the decoder's bounce records, diagnose's icmp-unreachable proof ---

    @ParameterizedTest(name = "{0}")
    @MethodSource("faultSamples")
    void bouncesAreMarkedWhereTheDecoderFindsThemAndAreTheIcmpUnreachableProof(Path sample) throws Exception {
        List<JsonNode> packets = GeneratedPlugin.tsharkJson(sample);
        Set<Long> marked = framesWith(packets, ICMP_BOUNCED);
        assertEquals(decoderBounceFrames(sample), marked, "bounced frames of " + sample);
        Set<Long> proof = new TreeSet<>();
        for (JsonNode f : diagnose(sample)) {
            if (!f.path("code").asText().equals("icmp-unreachable")) continue;
            long bounces = f.path("bounces").asLong();
            assertEquals(Math.min(bounces, MAX_PROOF), f.path("frames").size(), "every bounce is proof: " + f);
            f.path("frames").forEach(n -> proof.add(n.asLong()));
        }
        assertEquals(marked, proof, "icmp-unreachable proof frames against the plugin's marks in " + sample);
    }

    /** The crash samples hold bounces of every bundled fault version: the comparison above is not empty there. */
    @Test
    void theCrashSamplesHoldBouncesOfTheKilledMembersPort() throws Exception {
        for (String v : FAULT_VERSIONS) {
            Path crash = Decoding.samples().resolve(v).resolve("udp-crash.pcapng");
            assertFalse(decoderBounceFrames(crash).isEmpty(), "no bounce in " + crash);
            assertTrue(
                    diagnose(crash).stream()
                            .anyMatch(f -> f.path("code").asText().equals("icmp-unreachable")),
                    "no icmp-unreachable finding on " + crash);
        }
    }

    /** The frames of the decoder's bounce records: ICMP errors quoting a JGroups datagram. */
    static Set<Long> decoderBounceFrames(Path sample) throws IOException {
        Set<Long> out = new TreeSet<>();
        for (JsonNode r : GeneratedPlugin.decoderRecords(sample))
            if (r.path("kind").asText().equals("bounce"))
                out.add(r.path("frame").asLong());
        return out;
    }

    // --- outside the view: the paused member only ---

    @ParameterizedTest(name = "{0}")
    @MethodSource("pauseSamples")
    void onlyThePausedMemberIsOutsideTheViewWhileItIsOut(Path sample) throws Exception {
        JsonNode pause = diagnose(sample).stream()
                .filter(f -> f.path("code").asText().equals("member-pause"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no member-pause finding on " + sample));
        assertEquals(1, pause.path("members").size(), "one frozen member: " + pause);
        String frozen = pause.path("members").get(0).asText();

        // the decoder's messages: who sent each frame, the frozen member's addresses
        List<JsonNode> records = GeneratedPlugin.decoderRecords(sample);
        Set<String> frozenAddrs = new TreeSet<>();
        Set<Long> frozenFrames = new TreeSet<>();
        for (JsonNode r : records)
            if (r.path("kind").asText().equals("message")
                    && r.path("src").asText().equals(frozen)) {
                frozenAddrs.add(r.path("src_addr").asText());
                frozenFrames.add(r.path("frame").asLong());
            }
        assertFalse(frozenAddrs.isEmpty(), frozen + " sent nothing in " + sample);

        // the view that left it out and the merge view that took it back, as the decoder reports them
        long excluded = -1, merged = -1;
        for (JsonNode e : viewEvents(sample)) {
            String event = e.path("event").asText();
            if (excluded < 0 && event.equals("partition") && contains(e.path("subjects"), frozen))
                excluded = e.path("frame").asLong();
            else if (excluded >= 0 && merged < 0 && event.equals("merge") && contains(e.path("members"), frozen))
                merged = e.path("frame").asLong();
        }
        assertTrue(excluded > 0 && merged > excluded, "exclusion #" + excluded + ", merge #" + merged);

        List<JsonNode> packets = GeneratedPlugin.tsharkJson(sample);
        Set<Long> outside = framesWith(packets, OUTSIDE_VIEW);
        assertFalse(outside.isEmpty(), "no message outside the view marked in " + sample);
        for (JsonNode p : packets) {
            long frame = frameNumber(p);
            if (!outside.contains(frame)) continue;
            List<String> senders = GeneratedPlugin.find(layers(p), "jgroups.src_addr");
            assertFalse(senders.isEmpty(), "frame #" + frame);
            for (String s : senders)
                assertTrue(frozenAddrs.contains(s), "frame #" + frame + " sent by " + s + ", not by " + frozen);
            assertTrue(frozenFrames.contains(frame), "frame #" + frame + " is no message of " + frozen);
            assertTrue(
                    frame > excluded && frame < merged,
                    "frame #" + frame + " outside (#" + excluded + ", #" + merged + ")");
        }
        // the finding's proof includes the frozen member's first message after it was left out: marked
        Set<Long> zombieProof = new TreeSet<>();
        for (JsonNode n : pause.path("frames")) {
            long f = n.asLong();
            if (frozenFrames.contains(f) && f > excluded && f < merged) zombieProof.add(f);
        }
        assertFalse(zombieProof.isEmpty(), "no proof frame of " + frozen + " while out: " + pause.path("frames"));
        assertTrue(
                zombieProof.stream().anyMatch(outside::contains),
                "none of the proof frames " + zombieProof + " is marked: " + outside);
    }

    // --- no false alarms ---

    @ParameterizedTest(name = "{0}")
    @MethodSource("cleanSamples")
    void cleanSamplesHaveNoMemberOutsideTheViewAndTheDecodersRetransmissions(Path sample) throws Exception {
        List<JsonNode> packets = GeneratedPlugin.tsharkJson(sample);
        assertEquals(Set.of(), framesWith(packets, OUTSIDE_VIEW), "outside-view frames in " + sample);
        // a capture per host (samples/hosts) sees the last datagrams to a member gone bounce, as real hosts do
        Set<Long> bounced =
                sample.startsWith(Decoding.samples().resolve("hosts")) ? decoderBounceFrames(sample) : Set.of();
        assertEquals(bounced, framesWith(packets, ICMP_BOUNCED), "bounced frames in " + sample);
        assertEquals(decoderRetransmissionFrames(sample), framesWith(packets, RETRANSMISSION), "frames of " + sample);
        for (JsonNode p : packets)
            assertEquals(
                    List.of(),
                    GeneratedPlugin.failuresOnCleanCapture(layers(p)),
                    "frame #" + frameNumber(p) + " of " + sample);
    }

    // --- helpers ---

    static List<JsonNode> diagnose(Path sample) throws IOException {
        Path work = Files.createTempDirectory("jgwire-expert");
        Decoding.Run run = Decoding.cli(work, "diagnose", "--format", "jsonl", sample.toString());
        return Stream.of(run.out().split("\n"))
                .filter(l -> l.startsWith("{"))
                .map(PluginExpertInfoTest::parse)
                .filter(n -> n.path("kind").asText().equals("finding"))
                .toList();
    }

    static List<JsonNode> viewEvents(Path sample) throws IOException {
        Path work = Files.createTempDirectory("jgwire-expert");
        Decoding.Run run = Decoding.cli(work, "views", "--format", "jsonl", sample.toString());
        List<JsonNode> out = new ArrayList<>();
        for (String l : run.out().split("\n"))
            if (l.startsWith("{")) parse(l).path("events").forEach(out::add);
        assertFalse(out.isEmpty(), "no view events for " + sample + ": " + run.err());
        return out;
    }

    private static JsonNode parse(String line) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(line);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    static boolean contains(JsonNode list, String value) {
        for (JsonNode n : list) if (n.asText().equals(value)) return true;
        return false;
    }

    static JsonNode layers(JsonNode packet) {
        return packet.path("_source").path("layers");
    }

    static long frameNumber(JsonNode packet) {
        return layers(packet).path("frame").path("frame.number").asLong();
    }

    /** The frames carrying an expert item of the given filter name. */
    static Set<Long> framesWith(List<JsonNode> packets, String expertField) {
        Set<Long> out = new TreeSet<>();
        for (JsonNode p : packets)
            if (!GeneratedPlugin.find(layers(p), expertField).isEmpty()) out.add(frameNumber(p));
        return out;
    }
}
