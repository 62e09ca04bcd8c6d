package org.jgwire.tests.cli.split;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.jgwire.codec.capture.CaptureFormatException;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code jgwire split}: decoding the parts, each with the names file the split wrote, gives the messages, names and
 * views of the whole capture; every packet is in exactly one part, in capture order; a flow is never cut (checked
 * with tshark, which knows nothing of the split); the capture is read once; bad options are usage errors.
 */
class SplitCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path work;

    private static Path tcp, udp, fragmented, fragmentedHosts;

    @BeforeAll
    static void samples() throws IOException {
        tcp = Decoding.sample("5.5.7", "tcp");
        udp = Decoding.samples().resolve("hosts/5.5.7-udp-chat/A.pcapng"); // three hosts, an ICMP error
        fragmented = work.resolve("udp-large-fragmented.pcapng");
        IpFragmentedCapture.Written large =
                IpFragmentedCapture.write(Decoding.sample("5.5.7", "udp", "large"), fragmented, 1500);
        assertTrue(large.datagrams() > 5 && large.reordered() > 1, "fragmented: " + large);
        fragmentedHosts = work.resolve("hosts-fragmented.pcapng");
        IpFragmentedCapture.Written hosts = IpFragmentedCapture.write(udp, fragmentedHosts, 96);
        assertTrue(hosts.datagrams() > 5 && hosts.reordered() > 1, "fragmented: " + hosts);
    }

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (String sample : List.of("tcp", "udp", "fragmented", "fragmentedHosts"))
            for (String by : List.of("flow", "host")) for (int n : List.of(2, 3)) all.add(Arguments.of(sample, by, n));
        return all.stream();
    }

    private static Path capture(String sample) {
        return switch (sample) {
            case "tcp" -> tcp;
            case "udp" -> udp;
            case "fragmented" -> fragmented;
            default -> fragmentedHosts;
        };
    }

    // --- the parts decode as the whole ---

    @ParameterizedTest(name = "{0} --by {1} --parts {2}")
    @MethodSource("cases")
    void partsDecodeAsTheWhole(String sample, String by, int n) throws Exception {
        Path capture = capture(sample);
        Path dir = work.resolve(sample + "-" + by + "-" + n);
        Decoding.Run split = split(dir, "--by", by, "--parts", Integer.toString(n), capture.toString());
        assertEquals(0, split.exit(), split.err());
        Path names = dir.resolve("names.txt");
        List<Path> parts = parts(dir, n);

        List<String> whole = messageKeys(decode(capture, names));
        assertFalse(whole.isEmpty(), "the whole capture decodes to messages");
        List<String> fromParts = new ArrayList<>();
        for (Path part : parts) fromParts.addAll(messageKeys(decode(part, names)));
        assertEquals(whole, fromParts.stream().sorted().toList(), "messages of the parts, against the whole");

        assertNamesLearned(capture, names, parts);
        Set<String> views = views(capture, names);
        assertFalse(views.isEmpty(), "the capture has views");
        assertEquals(views, viewsOf(parts, names), "views of the parts, against the whole");
        assertEveryPacketOnce(capture, parts, split.err());
        assertFlowsWhole(parts, by);
    }

    /** The fragmented captures decode as the ones they were made from: the fragments really are reassembled. */
    @Test
    void fragmentedSamplesDecodeAsTheirOriginals() throws IOException {
        assertEquals(
                messageKeys(decode(Decoding.sample("5.5.7", "udp", "large"), null)),
                messageKeys(decode(fragmented, null)));
        assertEquals(messageKeys(decode(udp, null)), messageKeys(decode(fragmentedHosts, null)));
    }

    /**
     * Every name the whole capture's plain decode learned is in names.txt, and the parts decoded with it show every
     * such member by its name in every message, those before the discovery traffic included.
     */
    private static void assertNamesLearned(Path capture, Path names, List<Path> parts) throws IOException {
        Map<String, String> learned = new HashMap<>();
        for (JsonNode m : decode(capture, null).messages()) {
            String src = m.path("src").asText(), addr = m.path("src_addr").asText();
            if (!src.isEmpty() && !src.equals(addr)) learned.put(addr, src);
        }
        assertFalse(learned.isEmpty(), "the capture names its members");
        Set<String> inFile = new TreeSet<>();
        for (String line : Files.readAllLines(names)) if (!line.isBlank()) inFile.add(line.split("\\s+")[1]);
        assertTrue(inFile.containsAll(learned.values()), "names.txt " + inFile + " holds " + learned.values());
        int named = 0;
        for (Path part : parts)
            for (JsonNode m : decode(part, names).messages()) {
                String name = learned.get(m.path("src_addr").asText());
                if (name == null) continue;
                assertEquals(name, m.path("src").asText(), part + ": frame " + m.path("frame") + "'s sender");
                named++;
            }
        assertTrue(named > 0, "the parts' messages come from named members");
    }

    // --- every packet once, flows whole ---

    /** The multiset of packets of the parts is the capture's, each part in capture order; the report says so. */
    private static void assertEveryPacketOnce(Path capture, List<Path> parts, String report) throws IOException {
        List<String> packets = packets(capture);
        Map<String, List<Integer>> at = new HashMap<>();
        for (int i = 0; i < packets.size(); i++)
            at.computeIfAbsent(packets.get(i), k -> new ArrayList<>()).add(i);
        int total = 0;
        for (Path part : parts) {
            int last = -1;
            List<String> own = packets(part);
            for (String p : own) {
                List<Integer> where = at.get(p);
                assertTrue(where != null && !where.isEmpty(), part + ": a packet not in the capture, or twice");
                int index = where.remove(0);
                assertTrue(index > last, part + ": packet " + (index + 1) + " after packet " + (last + 1));
                last = index;
            }
            total += own.size();
            assertTrue(
                    report.contains(part + ": " + String.format("%,d", own.size()) + " packets"),
                    "the report gives " + part + " its " + own.size() + " packets: " + report);
        }
        assertEquals(packets.size(), total, "packets of the parts");
    }

    /**
     * Each packet as its time, lengths and bytes, read by the project's reader (the input's own timestamps); those
     * before the damage of a damaged capture.
     */
    private static List<String> packets(Path capture) throws IOException {
        List<String> out = new ArrayList<>();
        try (CaptureSource in = InputOpener.open(capture.toString(), InputHints.AUTO)) {
            for (RawPacket p; (p = (RawPacket) in.next()) != null; )
                out.add(p.tsNanos() + " " + p.originalLength() + " "
                        + java.util.HexFormat.of().formatHex(p.data()));
        } catch (CaptureFormatException damaged) {
            // the packets before the damage
        }
        return out;
    }

    /**
     * tshark (without reassembly) reads every part, and no flow is in two parts: a TCP connection, a UDP sender
     * (--by flow) or host (--by host), the fragments of a datagram.
     */
    private static void assertFlowsWhole(List<Path> parts, String by) throws Exception {
        Map<String, Path> owner = new HashMap<>();
        for (Path part : parts) {
            String fields = new String(
                    Decoding.tool(
                            "tshark",
                            "-r",
                            part.toString(),
                            "-o",
                            "ip.defragment:FALSE",
                            "-T",
                            "fields",
                            "-E",
                            "separator=/t",
                            "-e",
                            "ip.src",
                            "-e",
                            "ip.dst",
                            "-e",
                            "ip.id",
                            "-e",
                            "ip.flags.mf",
                            "-e",
                            "ip.frag_offset",
                            "-e",
                            "udp.srcport",
                            "-e",
                            "tcp.srcport",
                            "-e",
                            "tcp.dstport"),
                    StandardCharsets.UTF_8);
            for (String line : fields.split("\n")) {
                String[] f = line.split("\t", -1);
                if (f.length < 8 || f[0].isEmpty() || f[0].contains(",")) continue; // not IP, or ICMP quoting
                Set<String> keys = new HashSet<>();
                boolean fragment = f[3].equals("1") || !f[4].isEmpty() && !f[4].equals("0");
                if (fragment) keys.add("datagram " + f[0] + " " + f[1] + " " + f[2]);
                if (!f[6].isEmpty()) {
                    String a = f[0] + ":" + f[6], b = f[1] + ":" + f[7];
                    keys.add("tcp " + (a.compareTo(b) < 0 ? a + " " + b : b + " " + a));
                } else if (by.equals("host") && (!f[5].isEmpty() || fragment)) keys.add("host " + f[0]);
                else if (!f[5].isEmpty()) keys.add("udp " + f[0] + ":" + f[5]);
                for (String k : keys) {
                    Path before = owner.putIfAbsent(k, part);
                    assertTrue(before == null || before.equals(part), k + " in " + before + " and in " + part);
                }
            }
        }
        assertFalse(owner.isEmpty(), "tshark saw the flows");
    }

    /**
     * A gzip-compressed pcap of microsecond timestamps: its parts keep the microseconds (capinfos says so), and every
     * packet with its time and lengths.
     */
    @Test
    void aCompressedPcapSplitsAtItsOwnResolution() throws Exception {
        Path pcap = work.resolve("tcp.pcap");
        Decoding.tool("editcap", "-F", "pcap", tcp.toString(), pcap.toString());
        Path gz = work.resolve("tcp.pcap.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(pcap, out);
        }
        Path dir = work.resolve("gz");
        Decoding.Run split = split(dir, "--parts", "2", gz.toString());
        assertEquals(0, split.exit(), split.err());
        List<Path> parts = parts(dir, 2);
        assertEveryPacketOnce(pcap, parts, split.err());
        for (Path part : parts) {
            String info = new String(Decoding.tool("capinfos", part.toString()), StandardCharsets.UTF_8);
            assertTrue(info.contains("Time precision = microseconds (6)"), info);
            assertTrue(info.contains("Encapsulation = Ethernet"), info);
        }
    }

    /** A capture cut short: exit 1, the damage named, and the parts hold every packet before it. */
    @Test
    void aDamagedCaptureSplitsWhatCameBeforeTheDamage() throws Exception {
        byte[] whole = Files.readAllBytes(tcp);
        Path cut = Files.write(work.resolve("cut.pcapng"), java.util.Arrays.copyOf(whole, whole.length * 2 / 3));
        Path dir = work.resolve("cut");
        Decoding.Run split = split(dir, "--parts", "2", cut.toString());
        assertEquals(1, split.exit(), split.err());
        assertTrue(split.err().contains("the capture is damaged"), split.err());
        List<String> before = packets(cut);
        assertTrue(
                before.size() > 10 && before.size() < packets(tcp).size(), "packets before the cut: " + before.size());
        assertEveryPacketOnce(cut, parts(dir, 2), split.err());
    }

    // --- read once ---

    /**
     * The capture through a pipe on standard input, which can be read only once, split as the file is: the same
     * parts, byte for byte, and the same names.
     */
    @Test
    void aPipeReadOnceSplitsAsTheFile() throws Exception {
        Path fromFile = work.resolve("once-file");
        assertEquals(0, split(fromFile, "--parts", "3", fragmented.toString()).exit());
        Path fromPipe = work.resolve("once-pipe");
        String java = ProcessHandle.current().info().command().orElse("java");
        Path home = Decoding.home();
        String cmd = "cat '" + fragmented + "' | '" + java + "' -Djgwire.home='" + home + "' -cp '"
                + home.resolve("lib") + "/*' org.jgwire.cli.Main split --parts 3 -o '" + fromPipe + "' -";
        Process p = new ProcessBuilder("bash", "-o", "pipefail", "-c", cmd).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "split of a pipe timed out");
        assertEquals(0, p.exitValue(), err);
        for (String f : List.of("part-1.pcapng", "part-2.pcapng", "part-3.pcapng", "names.txt"))
            assertArrayEquals(Files.readAllBytes(fromFile.resolve(f)), Files.readAllBytes(fromPipe.resolve(f)), f);
    }

    // --- options ---

    @Test
    void badOptionsAreUsageErrors() throws IOException {
        Path out = work.resolve("bad");
        Decoding.Run zero = split(out, "--parts", "0", tcp.toString());
        assertEquals(2, zero.exit());
        assertTrue(zero.err().contains("--parts must be from 1"), zero.err());
        Decoding.Run by = split(out, "--by", "port", "--parts", "2", tcp.toString());
        assertEquals(2, by.exit());
        assertTrue(by.err().contains("--by") && by.err().contains("flow, host"), by.err());
        Decoding.Run noDir = Decoding.cli(work, "split", "--parts", "2", tcp.toString());
        assertEquals(2, noDir.exit());
        assertTrue(noDir.err().contains("--output-dir"), noDir.err());
        Path file = Files.writeString(work.resolve("a-file"), "x");
        Decoding.Run notDir = split(file.resolve("sub"), "--parts", "2", tcp.toString());
        assertEquals(2, notDir.exit());
        assertTrue(notDir.err().contains("cannot make the output directory"), notDir.err());
        Decoding.Run hex = split(
                out,
                "--parts",
                "2",
                Files.writeString(work.resolve("x.hex"), "0a0b0c\n").toString());
        assertNotEquals(0, hex.exit());
        assertTrue(hex.err().contains("pcap and pcapng"), hex.err());
        Decoding.Run help = Decoding.cli(work, "split", "--help");
        assertEquals(0, help.exit());
        assertTrue(
                help.out().contains("--parts")
                        && help.out().replaceAll("\\s+", " ").contains("go to part 1"),
                help.out());
    }

    // --- helpers ---

    private static Decoding.Run split(Path dir, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("split", "-o", dir.toString()));
        all.addAll(List.of(args));
        return Decoding.cli(work, all.toArray(String[]::new));
    }

    private static List<Path> parts(Path dir, int n) {
        List<Path> parts = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            Path p = dir.resolve("part-" + i + ".pcapng");
            assertTrue(Files.isRegularFile(p), "missing " + p);
            parts.add(p);
        }
        return parts;
    }

    private static Decoding.Run decode(Path capture, Path names) throws IOException {
        List<String> args = new ArrayList<>(List.of("decode", "-q", "--format", "jsonl"));
        if (names != null) args.addAll(List.of("--names", names.toString()));
        args.add(capture.toString());
        Decoding.Run run = Decoding.cli(work, args.toArray(String[]::new));
        assertEquals(0, run.exit(), capture + ": " + run.err());
        return run;
    }

    /**
     * The messages by what does not depend on their place in a file (no frame numbers), sorted. A view keeps its id
     * and kind: a delta view in a part without its base view is unresolved (docs/scale-out.md); the views
     * themselves are compared through `jgwire views`.
     */
    private static List<String> messageKeys(Decoding.Run run) {
        List<String> keys = new ArrayList<>();
        for (JsonNode m : run.messages()) {
            ObjectNode k = JSON.createObjectNode();
            for (String f : List.of("ts_ns", "src_ep", "dst_ep", "src", "dest", "src_addr", "headers", "payload"))
                k.set(f, m.path(f));
            if (m.has("view"))
                k.put(
                        "view",
                        m.path("view").path("id").asText() + " "
                                + m.path("view").path("kind"));
            keys.add(k.toString());
        }
        return keys.stream().sorted().toList();
    }

    /** The views installed ("view" events: id and members) of the parts together. */
    private static Set<String> viewsOf(List<Path> parts, Path names) throws IOException {
        Set<String> all = new TreeSet<>();
        for (Path part : parts) all.addAll(views(part, names));
        return all;
    }

    private static Set<String> views(Path capture, Path names) throws IOException {
        List<String> args = new ArrayList<>(List.of("views", "--format", "json"));
        if (names != null) args.addAll(List.of("--names", names.toString()));
        args.add(capture.toString());
        Decoding.Run run = Decoding.cli(work, args.toArray(String[]::new));
        Set<String> views = new TreeSet<>();
        for (JsonNode e : JSON.readTree(run.out()).path("events"))
            if (e.path("event").asText().equals("view"))
                views.add(e.path("view").asText() + " " + e.path("members"));
        return views;
    }
}
