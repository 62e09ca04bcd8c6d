package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every sample through every input path decodes to the same messages as the pcap itself: pcapng, nanosecond pcap,
 * the other byte order, Linux SLL and SLL2 link layers, tshark hex lines (with and without ':', {@code udp.payload}
 * and {@code data}), one TCP direction's {@code tcp.payload} lines and raw bytes with {@code --tcp}, {@code
 * follow,tcp,raw}
 * output (both sides), and one raw UDP frame with {@code --names}.
 */
class InputPathsTest {
    @TempDir
    static Path work;

    /** What must not change between input paths: the message as JGroups wrote it. */
    static String content(MessageRecord m) {
        return content(m, true);
    }

    /**
     * @param deltaMembers whether a delta view's expanded member list counts: follow output gives one conversation
     *                     after the other, so a delta can arrive before the view it refers to (members then empty,
     *                     as documented)
     */
    static String content(MessageRecord m, boolean deltaMembers) {
        StringBuilder b = new StringBuilder();
        b.append(m.version())
                .append(' ')
                .append(m.decodedWith())
                .append(' ')
                .append(m.type())
                .append(" flags=")
                .append(m.flags())
                .append(' ')
                .append(m.src())
                .append("->")
                .append(m.dest())
                .append(" mc=")
                .append(m.multicast())
                .append(' ')
                .append(m.cluster())
                .append(" batch=")
                .append(m.batchIndex())
                .append('/')
                .append(m.batchSize());
        for (HeaderRecord h : m.headers())
            b.append(" [")
                    .append(h.protocol())
                    .append(' ')
                    .append(h.headerClass())
                    .append(' ')
                    .append(h.fields())
                    .append(" @")
                    .append(h.offset())
                    .append('+')
                    .append(h.length())
                    .append(']');
        if (m.payload() != null)
            b.append(" payload=")
                    .append(m.payload().length())
                    .append(' ')
                    .append(m.payload().text())
                    .append(' ')
                    .append(HexFormat.of().formatHex(m.payload().head()))
                    .append(' ')
                    .append(m.payload().objectClass());
        if (m.view() != null)
            b.append(" view=")
                    .append(
                            deltaMembers || !m.view().isDelta()
                                    ? m.view()
                                    : m.view().withMembers(List.of()));
        b.append(" names=").append(m.discovery());
        return b.toString();
    }

    /** A record with where it came from (packet, time, endpoints, transport); payload bytes as hex. */
    static List<String> canonical(List<Record> records) {
        List<String> out = new ArrayList<>();
        for (Record r : records) out.add(r instanceof MessageRecord m ? m.frame() + " " + content(m) : r.toString());
        return out;
    }

    /** The content of every message, and no error. */
    static List<String> contents(List<Record> records, String what) {
        List<String> out = new ArrayList<>();
        for (Record r : records) {
            assertFalse(r instanceof ErrorRecord, "error decoding " + what + ": " + r);
            if (r instanceof MessageRecord m) out.add(content(m));
        }
        assertFalse(out.isEmpty(), "no message decoded from " + what);
        return out;
    }

    static List<String> contents(List<Record> records, Predicate<MessageRecord> which) {
        List<String> out = new ArrayList<>();
        for (Record r : records) if (r instanceof MessageRecord m && which.test(m)) out.add(content(m));
        return out;
    }

    private static Path write(String name, byte[] data) throws IOException {
        Path p = work.resolve(name);
        Files.write(p, data);
        return p;
    }

    // ---- capture files: the same records, frame info included ----

    @TestFactory
    Stream<DynamicTest> captureFileVariantsDecodeToTheSameRecords() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path pcap : Decoding.representativeSamples()) {
            String name = Decoding.samples().relativize(pcap).toString();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                List<Record> decoded = Decoding.decode(pcap, InputHints.AUTO).records();
                contents(decoded, name);
                List<String> reference = canonical(decoded);
                String base = name.replace('/', '-');
                Path ng = work.resolve(base + ".pcapng"), ns = work.resolve(base + ".ns.pcap");
                Decoding.tool("editcap", "-F", "pcapng", pcap.toString(), ng.toString());
                Decoding.tool("editcap", "-F", "nsecpcap", pcap.toString(), ns.toString());
                PcapFile file = PcapFile.read(pcap);
                Map<String, Path> variants = new LinkedHashMap<>();
                variants.put("pcapng", ng);
                variants.put("nanosecond pcap", ns);
                variants.put("other byte order", write(base + ".swapped.pcap", file.swapped()));
                variants.put("Linux SLL", write(base + ".sll.pcap", file.withLinkType(PcapFile.LINUX_SLL)));
                variants.put("Linux SLL2", write(base + ".sll2.pcap", file.withLinkType(PcapFile.LINUX_SLL2)));
                for (Map.Entry<String, Path> v : variants.entrySet()) {
                    List<String> got = canonical(
                            Decoding.decode(v.getValue(), InputHints.AUTO).records());
                    assertEquals(reference, got, v.getKey() + " of " + name);
                }
            }));
        }
        return tests.stream();
    }

    @Test
    void theTestsOwnSllRewritesAreCapturesTsharkReads() throws Exception {
        // The test's own SLL/SLL2 rewrite must be a valid capture: tshark reads the same UDP payloads from it.
        Path pcap = Decoding.sample("5.5.7", "udp");
        String reference = new String(
                Decoding.tool("tshark", "-r", pcap.toString(), "-T", "fields", "-e", "udp.payload"),
                StandardCharsets.US_ASCII);
        for (int link : new int[] {PcapFile.LINUX_SLL, PcapFile.LINUX_SLL2}) {
            Path p = write("check-" + link + ".pcap", PcapFile.read(pcap).withLinkType(link));
            assertEquals(
                    reference,
                    new String(
                            Decoding.tool("tshark", "-r", p.toString(), "-T", "fields", "-e", "udp.payload"),
                            StandardCharsets.US_ASCII),
                    "tshark on link type " + link);
        }
    }

    // ---- hex lines from tshark ----

    @TestFactory
    Stream<DynamicTest> udpHexLinesDecodeToTheSameMessages() throws IOException {
        return Decoding.representativeSamples().stream()
                .filter(p -> p.getFileName().toString().startsWith("udp"))
                .map(pcap -> DynamicTest.dynamicTest(
                        Decoding.samples().relativize(pcap).toString(), () -> {
                            List<String> reference = contents(
                                    Decoding.decode(pcap, InputHints.AUTO).records(), pcap.toString());
                            String hex = tshark(pcap, "-T", "fields", "-e", "udp.payload");
                            Map<String, String> inputs = new LinkedHashMap<>();
                            inputs.put("udp.payload", hex);
                            inputs.put("udp.payload with ':'", hex.replaceAll("(?m)([0-9a-f]{2})(?=[0-9a-f])", "$1:"));
                            if (Set.of("3.6.20", "4.2.30", "5.5.7")
                                    .contains(pcap.getParent().getFileName().toString())) {
                                // one per API family: each tshark run costs a second
                                inputs.put("data", tshark(pcap, "-T", "fields", "-e", "data"));
                                inputs.put(
                                        "frame.number + udp.payload",
                                        tshark(pcap, "-T", "fields", "-e", "frame.number", "-e", "udp.payload"));
                            }
                            for (Map.Entry<String, String> in : inputs.entrySet()) {
                                Path file = write(
                                        "hex-" + in.getKey().replaceAll("\\W", "_") + ".txt",
                                        in.getValue().getBytes(StandardCharsets.US_ASCII));
                                List<Record> got =
                                        Decoding.decode(file, InputHints.AUTO).records();
                                assertEquals(reference, contents(got, in.getKey()), in.getKey() + " of " + pcap);
                                for (Record r : got)
                                    assertEquals(Transport.NONE, r.frame().transport(), "transport of hex");
                            }
                        }));
    }

    @TestFactory
    Stream<DynamicTest> oneTcpDirectionAsHexLinesOrRawBytesDecodesToTheSameMessages() throws IOException {
        return Decoding.representativeSamples().stream()
                .filter(p -> p.getFileName().toString().startsWith("tcp"))
                .map(pcap -> DynamicTest.dynamicTest(
                        Decoding.samples().relativize(pcap).toString(), () -> {
                            PcapFile file = PcapFile.read(pcap);
                            int[] dir = busiestDirection(file);
                            List<Record> all =
                                    Decoding.decode(pcap, InputHints.AUTO).records();
                            contents(all, pcap.toString());
                            List<String> reference = contents(
                                    all,
                                    m -> m.frame().src().port() == dir[0]
                                            && m.frame().dst().port() == dir[1]);
                            assertTrue(
                                    reference.size() >= 3,
                                    "messages " + dir[0] + ">" + dir[1] + ": " + reference.size());

                            String filter = "tcp.srcport==" + dir[0] + " && tcp.dstport==" + dir[1] + " && tcp.len>0";
                            Path hex = write(
                                    "tcp-" + dir[0] + ".txt",
                                    tshark(pcap, "-Y", filter, "-T", "fields", "-e", "tcp.payload")
                                            .getBytes(StandardCharsets.US_ASCII));
                            assertEquals(
                                    reference,
                                    contents(
                                            Decoding.decode(hex, new InputHints(true, null))
                                                    .records(),
                                            "tcp.payload --tcp"),
                                    "tcp.payload lines with --tcp");

                            ByteArrayOutputStream raw = new ByteArrayOutputStream();
                            for (PcapFile.Packet p : file.packets)
                                if (p.protocol() == 6 && p.srcPort() == dir[0] && p.dstPort() == dir[1])
                                    raw.writeBytes(PcapFile.payload(p));
                            Path bin = write("tcp-" + dir[0] + ".bin", raw.toByteArray());
                            assertEquals(
                                    reference,
                                    contents(
                                            Decoding.decode(bin, new InputHints(true, null))
                                                    .records(),
                                            "raw --tcp"),
                                    "raw stream bytes with --tcp");
                        }));
    }

    /** Source and destination port of the TCP direction with the most payload packets. */
    private static int[] busiestDirection(PcapFile file) {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (PcapFile.Packet p : file.packets)
            if (p.protocol() == 6 && p.payloadLength() > 0)
                count.merge(p.srcPort() + ">" + p.dstPort(), 1, Integer::sum);
        String best = count.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow()
                .getKey();
        String[] s = best.split(">");
        return new int[] {Integer.parseInt(s[0]), Integer.parseInt(s[1])};
    }

    // ---- tshark follow,tcp,raw ----

    @TestFactory
    Stream<DynamicTest> followOutputOfEveryConversationDecodesToTheSameMessagesBothWays() throws IOException {
        return Decoding.representativeSamples().stream()
                .filter(p -> !p.getFileName().toString().startsWith("udp"))
                .map(pcap -> DynamicTest.dynamicTest(
                        Decoding.samples().relativize(pcap).toString(), () -> {
                            List<Record> all =
                                    Decoding.decode(pcap, InputHints.AUTO).records();
                            List<Integer> streams = dataStreams(pcap);
                            assertTrue(streams.size() >= 2, "TCP streams with data in " + pcap + ": " + streams);
                            // All conversations with data in one tshark run: one follow block each, one after the
                            // other.
                            List<String> command = new ArrayList<>(List.of("tshark", "-r", pcap.toString(), "-q"));
                            for (int s : streams) command.addAll(List.of("-z", "follow,tcp,raw," + s));
                            Path follow = write("follow.txt", Decoding.tool(command.toArray(String[]::new)));
                            List<Record> got =
                                    Decoding.decode(follow, InputHints.AUTO).records();
                            contents(got, "follow output");
                            // Per direction (src_ep>dst_ep): the same messages in the same order as in the pcap.
                            Map<String, List<String>> want = byDirection(all), have = byDirection(got);
                            assertEquals(
                                    want.keySet(),
                                    have.keySet(),
                                    "directions in the follow output of streams " + streams);
                            for (String dir : want.keySet()) {
                                List<String> w = want.get(dir), h = have.get(dir);
                                for (int i = 0; i < Math.max(w.size(), h.size()); i++)
                                    assertEquals(
                                            i < w.size() ? w.get(i) : null,
                                            i < h.size() ? h.get(i) : null,
                                            "message " + i + " of " + dir + " in the follow output of streams "
                                                    + streams);
                            }
                        }));
    }

    private static Map<String, List<String>> byDirection(List<Record> records) {
        Map<String, List<String>> out = new TreeMap<>();
        for (Record r : records)
            if (r instanceof MessageRecord m)
                out.computeIfAbsent(m.frame().src() + ">" + m.frame().dst(), k -> new ArrayList<>())
                        .add(content(m, false));
        return out;
    }

    private static List<Integer> dataStreams(Path pcap) throws Exception {
        List<Integer> out = new ArrayList<>();
        for (String line : tshark(pcap, "-Y", "tcp.len>0", "-T", "fields", "-e", "tcp.stream")
                .split("\n")) {
            if (line.isBlank()) continue;
            int s = Integer.parseInt(line.strip());
            if (!out.contains(s)) out.add(s);
        }
        return out;
    }

    // ---- one raw UDP frame with --names ----

    @TestFactory
    Stream<DynamicTest> aRawUdpFrameWithANamesFileShowsTheNames() throws IOException {
        return Decoding.representativeSamples().stream()
                .filter(p -> p.getFileName().toString().startsWith("udp"))
                .map(pcap -> DynamicTest.dynamicTest(
                        Decoding.samples().relativize(pcap).toString(), () -> {
                            Manifest m = Manifest.read(Manifest.pathFor(pcap));
                            PcapFile file = PcapFile.read(pcap);
                            Manifest.SentMessage unicast = m.sent().stream()
                                    .filter(s -> !s.multicast())
                                    .findFirst()
                                    .orElseThrow();
                            int i = file.packetWith(unicast.text());
                            assertTrue(i >= 0, "'" + unicast.text() + "' not in " + pcap);
                            Path frame = write("frame.bin", PcapFile.payload(file.packets.get(i)));
                            StringBuilder names = new StringBuilder("# from " + pcap.getFileName() + "\n");
                            for (Manifest.Member member : m.members())
                                names.append(member.uuid())
                                        .append(' ')
                                        .append(member.name())
                                        .append('\n');
                            Path namesFile = write("names.txt", names.toString().getBytes(StandardCharsets.UTF_8));

                            Decoding.Run run = Decoding.cli(
                                    work,
                                    "decode",
                                    "--format",
                                    "jsonl",
                                    "--jgroups-version",
                                    m.jgroupsVersion(),
                                    "--names",
                                    namesFile.toString(),
                                    frame.toString());
                            assertEquals(0, run.exit(), run.err());
                            List<JsonNode> msgs = run.messages();
                            JsonNode chat = msgs.stream()
                                    .filter(n -> unicast.text()
                                            .equals(n.path("payload")
                                                    .path("text")
                                                    .asText()))
                                    .findFirst()
                                    .orElseThrow(() ->
                                            new AssertionError("'" + unicast.text() + "' not decoded: " + run.out()));
                            assertEquals(unicast.sender(), chat.path("src").asText(), "src name from --names");
                            assertEquals(
                                    unicast.destination(), chat.path("dest").asText(), "dest name from --names");
                            assertEquals(
                                    m.member(unicast.sender()).uuid(),
                                    chat.path("src_addr").asText());
                            assertEquals("none", chat.path("transport").asText());
                            assertTrue(chat.path("ts").isNull(), "no time in raw bytes");
                            assertEquals(
                                    m.jgroupsVersion(), chat.path("version").asText());

                            // Without the names file the same frame shows the UUIDs: the names came from the file.
                            Decoding.Run bare = Decoding.cli(work, "decode", "--format", "jsonl", frame.toString());
                            assertEquals(0, bare.exit(), bare.err());
                            JsonNode plain = bare.messages().stream()
                                    .filter(n -> unicast.text()
                                            .equals(n.path("payload")
                                                    .path("text")
                                                    .asText()))
                                    .findFirst()
                                    .orElseThrow();
                            assertEquals(
                                    m.member(unicast.sender()).uuid(),
                                    plain.path("src").asText());
                        }));
    }

    // ---- a real pipe: tshark | jgwire decode - ----

    @Test
    void tsharkHexLinesPipedIntoTheLauncherDecodeAsTheCapture() throws Exception {
        Decoding.requireTool("tshark");
        Path pcap = Decoding.sample("4.2.30", "udp");
        Manifest m = Manifest.read(Manifest.pathFor(pcap));
        String java = ProcessHandle.current().info().command().orElse("java");
        Path home = Decoding.home();
        String cmd = "tshark -r '" + pcap + "' -T fields -e udp.payload 2>/dev/null | '" + java + "' -Djgwire.home='"
                + home + "' -cp '" + home.resolve("lib") + "/*' org.jgwire.cli.Main decode --format jsonl -";
        Process p = new ProcessBuilder("bash", "-o", "pipefail", "-c", cmd).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "pipe timed out");
        assertEquals(0, p.exitValue(), "exit code of the pipe; stderr: " + err);
        Decoding.Run run = new Decoding.Run(0, new String(out, StandardCharsets.UTF_8), err);
        List<String> texts =
                run.texts().stream().filter(t -> t.startsWith("chat ")).sorted().toList();
        List<String> sent =
                m.sent().stream().map(Manifest.SentMessage::text).sorted().toList();
        assertEquals(sent, texts, "chat texts through the pipe (one udp datagram per send)");
        assertTrue(err.contains(m.packets() + " packets"), "summary names the " + m.packets() + " lines: " + err);
    }

    private static String tshark(Path pcap, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("tshark", "-r", pcap.toString()));
        command.addAll(List.of(args));
        return new String(Decoding.tool(command.toArray(String[]::new)), StandardCharsets.US_ASCII);
    }
}
