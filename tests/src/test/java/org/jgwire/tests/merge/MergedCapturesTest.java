package org.jgwire.tests.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.merge.CaptureClock;
import org.jgwire.codec.merge.CaptureInput;
import org.jgwire.codec.merge.DecodedStream;
import org.jgwire.codec.merge.HostMerge;
import org.jgwire.codec.merge.LinkStats;
import org.jgwire.codec.merge.RecordStream;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several captures of one cluster, one per member's host, merged (samples/hosts: real members each in a network
 * namespace of its own, each host captured on its own interface, one of them behind a lossy link). What is checked
 * comes from the captures decoded one by one, the runner's manifest, and tshark, never from the merge itself.
 */
class MergedCapturesTest {
    static final Path CLEAN = Decoding.samples().resolve("hosts/5.5.7-udp-chat");
    static final Path LOSSY = Decoding.samples().resolve("hosts/5.5.7-udp-lossy");

    @TempDir
    static Path work;

    @Test
    void everyMessageOnceWithOneObservationPerCaptureThatSawIt() throws Exception {
        for (Path dir : List.of(CLEAN, LOSSY)) {
            Manifest m = Manifest.read(dir.resolve("manifest.json"));
            List<Path> captures = captures(dir, m);
            // what each capture holds alone: its messages by packet number, and those its host sent
            Map<String, Integer> alone = new TreeMap<>();
            long sentByTheirHosts = 0;
            for (Path c : captures) {
                String host = hostOf(m, c);
                for (Record r : Decoding.decode(c, InputHints.AUTO).records())
                    if (r instanceof MessageRecord msg && !msg.isSignal()) {
                        alone.merge(c.getFileName() + "#" + msg.frame().packet(), 1, Integer::sum);
                        if (host.equals(msg.frame().src().ip())) sentByTheirHosts++;
                    }
            }
            Decoding.Run run = merged(captures, "--format", "jsonl");
            assertEquals(0, run.exit(), run.err());
            Map<String, Integer> observed = new TreeMap<>();
            List<JsonNode> messages = run.messages();
            for (JsonNode msg : messages) {
                Set<String> capturesSeen = new HashSet<>();
                int sent = 0;
                for (JsonNode o : msg.path("observations")) {
                    observed.merge(
                            o.path("capture").asText() + "#" + o.path("frame").asLong(), 1, Integer::sum);
                    assertTrue(capturesSeen.add(o.path("capture").asText()), "seen twice in one capture: " + msg);
                    if (o.path("direction").asText().equals("sent")) {
                        sent++;
                        assertEquals(
                                o.path("capture").asText(),
                                captureOf(m, msg.path("src_ep").asText()),
                                "sent from its sender's host: " + msg);
                    }
                }
                assertEquals(1, sent, "every host is captured: each message leaves one of them once: " + msg);
            }
            assertEquals(alone, observed, dir + ": every message of every capture is one observation, once");
            assertEquals(sentByTheirHosts, messages.size(), dir + ": the union of the captures without duplicates");
            for (Manifest.SentMessage s : m.sent())
                if (dir.equals(CLEAN))
                    assertEquals(
                            1,
                            messages.stream()
                                    .filter(n -> s.text()
                                            .equals(n.path("payload")
                                                    .path("text")
                                                    .asText()))
                                    .count(),
                            "sent once: " + s);
        }
    }

    @Test
    void aSkewOfSecondsIsEstimatedWithinAMillisecondAndDelaysArePerPair() throws Exception {
        Manifest m = Manifest.read(CLEAN.resolve("manifest.json"));
        List<Path> captures = new ArrayList<>(captures(CLEAN, m));
        Path shifted = work.resolve("shifted-" + captures.get(2).getFileName());
        Decoding.tool("editcap", "-t", "3.5", captures.get(2).toString(), shifted.toString());
        captures.set(2, shifted);
        HostMerge merge = merge(captures, Map.of());
        CaptureClock clock = merge.clocks().get(2);
        assertEquals("estimated", clock.how(), clock.toString());
        assertTrue(Math.abs(clock.offsetNanos() - 3_500_000_000L) < 1_000_000, "3.5 s within 1 ms: " + clock);
        assertEquals(6, merge.links().size(), "every pair, both ways: " + merge.links());
        for (LinkStats l : merge.links()) {
            assertTrue(l.arrived() > 0, l.from() + " -> " + l.to());
            double p50 = l.delaysMicros().percentile(50);
            assertTrue(p50 > 0 && p50 < 1_000, "a veth link's delay, in microseconds: " + p50);
        }
        // given, it is taken as given
        HostMerge given = merge(captures, Map.of(2, 3_500_000_000L));
        assertEquals("given", given.clocks().get(2).how());
        assertEquals(merge.merged(), given.merged());
    }

    @Test
    void messagesDroppedOnOneLinkAreFoundOnThatLinkAndNowhereElse() throws Exception {
        Manifest lossy = Manifest.read(LOSSY.resolve("manifest.json"));
        assertEquals(1, lossy.linkLosses().size(), "the sample has one lossy link");
        Manifest.LinkLoss loss = lossy.linkLosses().get(0);
        List<Path> captures = captures(LOSSY, lossy);
        String from = fileOf(lossy, loss.from()), to = fileOf(lossy, loss.to());
        HostMerge merge = merge(captures, Map.of());
        for (LinkStats l : merge.links()) {
            if (l.from().equals(from) && l.to().equals(to)) {
                assertTrue(l.lost() > 0, "lost on the lossy link: " + l.lost());
                assertLostIndeed(LOSSY.resolve(from), LOSSY.resolve(to), l.lostPackets());
            } else assertEquals(0, l.lost(), l.from() + " -> " + l.to() + " lost nothing");
        }
        Manifest clean = Manifest.read(CLEAN.resolve("manifest.json"));
        for (LinkStats l : merge(captures(CLEAN, clean), Map.of()).links())
            assertEquals(0, l.lost(), "a clean network: " + l.from() + " -> " + l.to());
    }

    @Test
    void diagnoseSaysOnWhichPathMessagesWereLost() throws Exception {
        Manifest lossy = Manifest.read(LOSSY.resolve("manifest.json"));
        Manifest.LinkLoss loss = lossy.linkLosses().get(0);
        Decoding.Run run = Decoding.cli(work, diagnose(captures(LOSSY, lossy)));
        String path = fileOf(lossy, loss.from()) + " -> " + fileOf(lossy, loss.to()) + ": ";
        List<JsonNode> retransmissions = run.json().stream()
                .filter(f -> f.path("code").asText().equals("retransmissions"))
                .toList();
        assertFalse(retransmissions.isEmpty(), run.out());
        for (JsonNode f : retransmissions) {
            assertEquals(loss.to(), f.path("members").get(0).asText(), "the receiver behind the lossy link");
            JsonNode lostOn = f.path("lost_on");
            assertEquals(1, lostOn.size(), f.toString());
            assertTrue(lostOn.get(0).asText().startsWith(path), lostOn.toString());
        }
        Manifest clean = Manifest.read(CLEAN.resolve("manifest.json"));
        Decoding.Run quiet = Decoding.cli(work, diagnose(captures(CLEAN, clean)));
        assertEquals(
                List.of(),
                quiet.json().stream()
                        .filter(f -> !f.path("severity").asText().equals("info"))
                        .toList(),
                "no alarm on the clean network");
    }

    @Test
    void clockOffsetsAndInputsAreCheckedWithAMessage() throws Exception {
        Manifest m = Manifest.read(CLEAN.resolve("manifest.json"));
        List<Path> captures = captures(CLEAN, m);
        String[] files = captures.stream().map(Path::toString).toArray(String[]::new);
        Decoding.Run unknown = merged(captures, "--clock-offset", "X.pcapng=1");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("--clock-offset X.pcapng: not one of the inputs"), unknown.err());
        Decoding.Run notSeconds = merged(captures, "--clock-offset", "C.pcapng=soon");
        assertEquals(2, notSeconds.exit());
        assertTrue(notSeconds.err().contains("expected seconds"), notSeconds.err());
        Decoding.Run stdin = Decoding.cli(work, "decode", "-", files[0]);
        assertEquals(2, stdin.exit());
        assertTrue(stdin.err().contains("merged from files, not standard input"), stdin.err());
        Decoding.Run one = Decoding.cli(work, "decode", "--clock-offset", "A.pcapng=1", files[0]);
        assertEquals(2, one.exit());
        assertTrue(one.err().contains("goes with several INPUT captures"), one.err());
        // given, by file name: the report says so, and the first capture stays the reference
        Decoding.Run given = merged(captures, "--clock-offset", "C.pcapng=0.25");
        assertEquals(0, given.exit(), given.err());
        assertTrue(given.err().contains("A.pcapng: host 10.231.0.1, clock reference"), given.err());
        assertTrue(given.err().contains("C.pcapng: host 10.231.0.3, clock +0.250000 s (given)"), given.err());
    }

    // --- the proof, by tshark: a lost packet's UDP payload left more often than it arrived ---

    /**
     * Each lost packet's UDP payload was sent from the sender's host more often than it reached the receiver's (a
     * datagram sent again unchanged, as NAKACK2 resends an XMIT_RSP, may have arrived once of three times).
     */
    private static void assertLostIndeed(Path senderCapture, Path receiverCapture, List<Long> lost) throws Exception {
        Map<String, Integer> arrived = counts(
                lines(Decoding.tool("tshark", "-r", receiverCapture.toString(), "-T", "fields", "-e", "udp.payload")));
        Map<String, Integer> sent = counts(
                lines(Decoding.tool("tshark", "-r", senderCapture.toString(), "-T", "fields", "-e", "udp.payload")));
        StringBuilder filter = new StringBuilder();
        for (long p : new TreeSet<>(lost))
            filter.append(filter.length() == 0 ? "" : " || ").append("frame.number == " + p);
        Map<String, Integer> lostPayloads = counts(lines(Decoding.tool(
                "tshark",
                "-r",
                senderCapture.toString(),
                "-Y",
                filter.toString(),
                "-T",
                "fields",
                "-e",
                "udp.payload")));
        assertFalse(lostPayloads.isEmpty(), "the lost packets are in the sender's capture: " + lost);
        for (Map.Entry<String, Integer> e : lostPayloads.entrySet())
            assertTrue(
                    sent.get(e.getKey()) - arrived.getOrDefault(e.getKey(), 0) >= e.getValue(),
                    "a datagram named lost arrived as often as it left: " + e.getKey());
    }

    private static Map<String, Integer> counts(List<String> lines) {
        Map<String, Integer> out = new HashMap<>();
        for (String l : lines) out.merge(l, 1, Integer::sum);
        return out;
    }

    private static List<String> lines(byte[] out) {
        List<String> all = new ArrayList<>();
        for (String l : new String(out).split("\n")) if (!l.isBlank()) all.add(l.strip());
        return all;
    }

    // --- the samples and their manifest ---

    private static List<Path> captures(Path dir, Manifest m) {
        List<Path> out = new ArrayList<>();
        for (Manifest.MemberCapture c : m.memberCaptures()) out.add(dir.resolve(c.file()));
        assertEquals(3, out.size(), "a capture per member host in " + dir);
        return out;
    }

    private static String fileOf(Manifest m, String member) {
        for (Manifest.MemberCapture c : m.memberCaptures()) if (c.member().equals(member)) return c.file();
        throw new AssertionError("no capture of " + member);
    }

    /** The host address of a member's capture, from the manifest's member addresses. */
    private static String hostOf(Manifest m, Path capture) {
        for (Manifest.MemberCapture c : m.memberCaptures())
            if (c.file().equals(capture.getFileName().toString()))
                for (Manifest.Member member : m.members())
                    if (member.name().equals(c.member()))
                        return member.physical().substring(0, member.physical().indexOf(':'));
        throw new AssertionError("no member for " + capture);
    }

    /** The capture of the member whose socket is {@code endpoint} ({@code ip:port}). */
    private static String captureOf(Manifest m, String endpoint) {
        String ip = endpoint.substring(0, endpoint.indexOf(':'));
        for (Manifest.Member member : m.members())
            if (member.physical().startsWith(ip + ":")) return fileOf(m, member.name());
        throw new AssertionError("no member at " + endpoint);
    }

    private static Decoding.Run merged(List<Path> captures, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("decode"));
        args.addAll(List.of(options));
        for (Path c : captures) args.add(c.toString());
        return Decoding.cli(work, args.toArray(String[]::new));
    }

    private static String[] diagnose(List<Path> captures) {
        List<String> args = new ArrayList<>(List.of("diagnose", "--format", "jsonl"));
        for (Path c : captures) args.add(c.toString());
        return args.toArray(String[]::new);
    }

    private static HostMerge merge(List<Path> captures, Map<Integer, Long> given) throws Exception {
        List<CaptureInput> inputs = new ArrayList<>();
        DecodeOptions options = DecodeOptions.defaults(Decoding.home());
        for (Path c : captures)
            inputs.add(new CaptureInput() {
                @Override
                public String label() {
                    return c.getFileName().toString();
                }

                @Override
                public RecordStream open() throws IOException {
                    return new DecodedStream(
                            label(), new Decoder(options), InputOpener.open(c.toString(), InputHints.AUTO));
                }
            });
        HostMerge merge = new HostMerge(inputs, new HashMap<>(given));
        merge.run(r -> {});
        return merge;
    }
}
