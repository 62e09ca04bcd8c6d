package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jgwire.cli.samples.SampleLibrary;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jgwire verify} on the committed samples (real captures of real clusters): each agrees with its own
 * manifest, and a manifest tampered with in one place makes the command name exactly that place and exit 1.
 */
class VerifyCommandTest {
    @TempDir
    static Path work;

    @TestFactory
    Stream<DynamicTest> everySampleAgreesWithItsManifest() {
        List<SampleLibrary.Sample> all = SampleLibrary.all(SampleLibrary.bundledVersions(Decoding.home()));
        return all.stream()
                .filter(s -> !s.stack().equals("encrypt"))
                .map(s -> DynamicTest.dynamicTest(s.toString(), () -> {
                    Path pcap = s.capture(Decoding.samples());
                    Decoding.Run run = Decoding.cli(work, "verify", pcap.toString());
                    assertEquals(0, run.exit(), run.out() + run.err());
                    Manifest m = Manifest.read(Manifest.pathFor(pcap));
                    if (!m.sent().isEmpty())
                        assertTrue(
                                run.out()
                                        .contains("message  " + m.sent().size() + " checked, "
                                                + m.sent().size() + " ok"),
                                run.out());
                    int names = m.members().size() + m.sites().size(); // relay2: and each site master's bridge channel
                    assertTrue(run.out().contains("name     " + names + " checked, " + names + " ok"), run.out());
                    assertTrue(run.out().contains("result: the capture agrees with the manifest"), run.out());
                }));
    }

    /**
     * On the encrypt stack SYM_ENCRYPT sits below NAKACK2 and UNICAST3: no text and no view is readable on the wire,
     * so verify reports them unseen and finds none in clear; discovery (below SYM_ENCRYPT) still names every member.
     */
    @TestFactory
    Stream<DynamicTest> encryptedSamplesShowNamesButNoTextOrView() {
        List<SampleLibrary.Sample> all = SampleLibrary.all(SampleLibrary.bundledVersions(Decoding.home()));
        return all.stream()
                .filter(s -> s.stack().equals("encrypt"))
                .map(s -> DynamicTest.dynamicTest(s.toString(), () -> {
                    Path pcap = s.capture(Decoding.samples());
                    Manifest m = Manifest.read(Manifest.pathFor(pcap));
                    Decoding.Run run = Decoding.cli(work, "verify", "--format", "json", "--all", pcap.toString());
                    assertEquals(0, run.exit(), run.out() + run.err());
                    JsonNode n = new ObjectMapper().readTree(run.out());
                    JsonNode counts = n.path("counts");
                    assertEquals(
                            m.members().size(), counts.path("name").path("ok").asInt(), run.out());
                    assertEquals(
                            m.sent().size(),
                            counts.path("message").path("unseen").asInt(),
                            run.out());
                    assertEquals(
                            0,
                            counts.path("message").path("mismatch").asInt()
                                    + counts.path("message").path("extra").asInt()
                                    + counts.path("view").path("missing").asInt()
                                    + counts.path("view").path("extra").asInt()
                                    + counts.path("name").path("missing").asInt()
                                    + counts.path("name").path("extra").asInt(),
                            run.out());
                }));
    }

    @Test
    void aSentTextTheCaptureLacksIsMissingAndTheOneOnTheWireIsExtra() throws IOException {
        Path pcap = Decoding.sample("5.5.7", "udp");
        Path bad = tampered(pcap, "\"chat A#1 to all\"", "\"chat A#1 to nobody\"");
        Decoding.Run run = Decoding.cli(work, "verify", pcap.toString(), bad.toString());
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("MISSING  message  'chat A#1 to nobody' A -> all: 0 of 1 copy (udp)"), run.out());
        assertTrue(run.out().contains("EXTRA    message  'chat A#1 to all' A -> all: packet "), run.out());
        assertTrue(run.out().contains("result: DISAGREES (1 missing, 1 extra, 0 different)"), run.out());
    }

    @Test
    void aMemberWithAnotherUuidIsNeitherNamedNorInTheViews() throws IOException {
        Path pcap = Decoding.sample("4.2.30", "tcp");
        Manifest m = Manifest.read(Manifest.pathFor(pcap));
        String uuid = m.member("B").uuid();
        String other = "00000000-0000-0000-0000-00000000000b";
        Path bad = tampered(pcap, "\"" + uuid + "\"", "\"" + other + "\"");
        Decoding.Run run = Decoding.cli(work, "verify", pcap.toString(), bad.toString());
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("MISSING  name     B " + other + ": never named on the wire"), run.out());
        assertTrue(
                run.out()
                        .contains("EXTRA    name     " + uuid + ": named B "
                                + m.member("B").physical()),
                run.out());
        // B's messages now come from an unknown src: every copy is a mismatch, none found.
        assertTrue(run.out().contains("MISSING  message  'chat B#3 to C' B -> C: 0 of 1 copy (tcp)"), run.out());
        assertTrue(run.out().contains("MISMATCH message  'chat B#3 to C' B -> C: packet "), run.out());
        assertTrue(
                run.out()
                        .contains("MISMATCH view     A|2 [A, B, C] (full view, final view of C): on the wire with"
                                + " members [A, " + uuid + ", C]"),
                run.out());
    }

    @Test
    void aViewWithItsMembersInAnotherOrderIsADifference() throws IOException {
        Path pcap = Decoding.sample("3.6.20", "udp");
        Path bad = tampered(pcap, "\"A\", \"B\", \"C\" ]", "\"A\", \"C\", \"B\" ]");
        Decoding.Run run = Decoding.cli(work, "verify", pcap.toString(), bad.toString());
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(
                run.out()
                        .contains("MISMATCH view     A|2 [A, C, B] (full view, final view of C): on the wire with "
                                + "members"),
                run.out());
        // The view really on the wire, [A, B, C], is now one no member installed.
        assertTrue(
                run.out().contains("EXTRA    view     A|2 [A, B, C]: on the wire; no member installed it"), run.out());
    }

    @Test
    void jsonReportListsEveryItemWithAll() throws IOException {
        Path pcap = Decoding.sample("5.5.7", "tunnel");
        Manifest m = Manifest.read(Manifest.pathFor(pcap));
        Decoding.Run run = Decoding.cli(work, "verify", "--format", "json", "--all", pcap.toString());
        assertEquals(0, run.exit(), run.err());
        JsonNode n = new ObjectMapper().readTree(run.out());
        assertTrue(n.path("agrees").asBoolean());
        assertEquals("tunnel", n.path("stack").asText());
        assertEquals(
                m.sent().size(), n.path("counts").path("message").path("ok").asInt());
        List<String> texts = new ArrayList<>();
        for (JsonNode i : n.path("items"))
            if (i.path("category").asText().equals("message"))
                texts.add(i.path("item").asText());
        for (Manifest.SentMessage s : m.sent())
            assertTrue(texts.stream().anyMatch(t -> t.startsWith("'" + s.text() + "'")), s.text() + " in " + texts);
    }

    @Test
    void jsonReportOfADisagreementHoldsOnlyTheProblems() throws IOException {
        Path pcap = Decoding.sample("5.5.7", "udp");
        Path bad = tampered(pcap, "\"chat C#3 to A\"", "\"chat C#3 to Z\"");
        Decoding.Run run = Decoding.cli(work, "verify", "--format", "json", pcap.toString(), bad.toString());
        assertEquals(1, run.exit());
        JsonNode n = new ObjectMapper().readTree(run.out());
        assertFalse(n.path("agrees").asBoolean());
        assertEquals(2, n.path("items").size(), run.out());
        assertEquals("missing", n.path("items").get(0).path("outcome").asText());
        assertEquals("extra", n.path("items").get(1).path("outcome").asText());
    }

    /**
     * A real load run on a stack that drops 2% of what each member sends (DISCARD above UDP, lossy/lossy-udp.xml):
     * the dropped multicasts never reached the wire, and NAKACK2 sent them again in XMIT_RSPs to the member that
     * asked. Those copies stand in for the lost ones, so the run agrees with its manifest. The decode (not verify)
     * shows the loss: fewer first copies than messages sent, and the missing numbers among the XMIT_RSPs.
     */
    @Test
    void copiesLostAndRetransmittedByNakack2CountOnTheWire() throws Exception {
        Path pcap = Path.of(VerifyCommandTest.class
                .getResource("lossy/udp-load-lossy.pcapng")
                .toURI());
        Manifest m = Manifest.read(Manifest.pathFor(pcap));
        Decoding.Run decoded = Decoding.cli(work, "decode", "-f", "jsonl", pcap.toString());
        Map<String, Set<String>> first = new TreeMap<>();
        Map<String, List<String>> resent = new TreeMap<>();
        for (JsonNode n : decoded.messages()) {
            String text = n.path("payload").path("text").asText();
            if (!text.startsWith("load ")) continue;
            String number = text.split(" ")[1]; // A#17/300
            boolean xmit = false;
            for (JsonNode h : n.path("headers"))
                xmit |= h.path("fields").path("type").asText().equals("XMIT_RSP");
            String src = n.path("src").asText();
            if (xmit) resent.computeIfAbsent(src, k -> new ArrayList<>()).add(number);
            else first.computeIfAbsent(src, k -> new TreeSet<>()).add(number);
        }
        int lost = 0;
        for (Manifest.LoadSent l : m.loadSent()) {
            Set<String> all = new TreeSet<>(first.getOrDefault(l.sender(), Set.of()));
            all.addAll(resent.getOrDefault(l.sender(), List.of()));
            assertEquals(
                    l.messages(), all.size(), "every load message of " + l.sender() + " on the wire once at least");
            lost += l.messages() - first.getOrDefault(l.sender(), Set.of()).size();
        }
        assertTrue(lost > 0, "the capture holds no lost and retransmitted load message: " + resent);

        Decoding.Run run = Decoding.cli(work, "verify", "--all", pcap.toString());
        assertEquals(0, run.exit(), run.out() + run.err());
        // per sender, and the payloads' lengths and heads
        assertTrue(run.out().contains("load     3 checked, 3 ok"), run.out());
        assertTrue(run.out().contains("load payloads (100 bytes): 600 checked"), run.out());
        for (Map.Entry<String, List<String>> r : resent.entrySet())
            assertTrue(
                    run.out()
                            .contains("load messages from " + r.getKey() + ": 300 of 300 copies on the wire, "
                                    + r.getValue().size() + " retransmitted"),
                    run.out());
    }

    @Test
    void aManifestOfAnotherClusterIsRefusedInOneLine() throws IOException {
        Path pcap = Decoding.sample("5.5.7", "udp");
        String cluster = Manifest.read(Manifest.pathFor(pcap)).cluster();
        Path other = Decoding.sample("5.5.7", "tcp");
        Path otherManifest = Manifest.pathFor(other);
        String otherCluster = Manifest.read(otherManifest).cluster();
        assertFalse(cluster.equals(otherCluster));
        Decoding.Run run = Decoding.cli(work, "verify", pcap.toString(), otherManifest.toString());
        assertEquals(2, run.exit(), run.out() + run.err());
        assertEquals("", run.out());
        assertEquals(
                "jgwire: " + otherManifest + " is the manifest of cluster " + otherCluster + "; the capture is of "
                        + cluster + " (another run's manifest?)\n",
                run.err());
    }

    /**
     * Each problem line says what was expected and then what was found, once: real mismatches of the rpc and large
     * checks (a reply from a member that made none, a large message no one sent) repeat no run of three words.
     */
    @Test
    void problemLinesOfRealMismatchesNeverRepeatThemselves() throws IOException {
        Path rpc = Decoding.sample("5.5.7", "udp", "rpc");
        Path large = Decoding.sample("5.5.7", "udp", "large");
        Map<Path, Path> runs = Map.of(
                rpc, tampered(rpc, "\"C\" : \"C got rpc A#1 to all\"", "\"Z\" : \"Z got rpc A#1 to all\""),
                large, tampered(large, "\"large B#3 100000\"", "\"large B#9 100000\""));
        for (Map.Entry<Path, Path> r : runs.entrySet()) {
            Decoding.Run run = Decoding.cli(
                    work, "verify", r.getKey().toString(), r.getValue().toString());
            assertEquals(1, run.exit(), run.out() + run.err());
            List<String> problems = run.out()
                    .lines()
                    .filter(l -> l.matches("  (MISSING|EXTRA|MISMATCH) .*"))
                    .toList();
            assertFalse(problems.isEmpty(), run.out());
            for (String line : problems) {
                List<String> words =
                        List.of(line.trim().replaceAll("[:,]( |$)", " ").split(" +"));
                Set<List<String>> runsOfThree = new HashSet<>();
                for (int i = 0; i + 3 <= words.size(); i++)
                    assertTrue(
                            runsOfThree.add(words.subList(i, i + 3)),
                            "repeats " + words.subList(i, i + 3) + ": " + line);
            }
        }
    }

    @Test
    void unreadableManifestIsAnIoError() throws IOException {
        Decoding.Run run = Decoding.cli(
                work,
                "verify",
                Decoding.sample("5.5.7", "udp").toString(),
                work.resolve("none.json").toString());
        assertEquals(3, run.exit());
        assertTrue(run.err().contains("none.json"), run.err());
    }

    private static Path tampered(Path pcap, String from, String to) throws IOException {
        String json = Files.readString(Manifest.pathFor(pcap));
        assertTrue(json.contains(from), from + " not in the manifest");
        Path out = Files.createTempFile(work, "tampered", ".json");
        Files.writeString(out, json.replace(from, to));
        return out;
    }
}
