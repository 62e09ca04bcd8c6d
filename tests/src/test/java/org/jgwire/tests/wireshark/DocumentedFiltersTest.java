package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One vocabulary, proven: every example filter docs/filter.md gives for both tools (its "Examples for both tools"
 * block) and every {@code jgroups.} expression with an operator in docs/filter.md and docs/wireshark.md selects the
 * same frames through {@code tshark -Y} with the generated plugin as through {@code jgwire decode --filter}, on samples
 * of 3.6, 4.2 and 5.5 with UDP, TCP, TUNNEL, FD_SOCK, leaves and a merge.
 *
 * <p>Wireshark matches a frame when any occurrence of a field matches, jgwire a message: a single test compares on
 * every frame, a combined or negated one on the frames holding one record (docs/filter.md says why). Each example must
 * select some frame of some sample and leave out some other, so that no line passes by selecting nothing or all.
 */
class DocumentedFiltersTest {
    private static final Pattern BLOCK =
            Pattern.compile("### Examples for both tools\\n.*?```text\\n(.*?)```", Pattern.DOTALL);
    /** An inline expression in backquotes, or one given to tshark -Y, that names a plugin field and compares it. */
    private static final Pattern INLINE =
            Pattern.compile("`(!?jgroups\\.[a-z0-9_.]+ (?:==|!=|>=|<=|>|<|contains|in) [^`]+)`"
                    + "|-Y '(jgroups\\.[a-z0-9_.]+ (?:==|!=|>=|<=|>|<|contains|in) [^']+)'");

    private static final List<String> SAMPLES = List.of(
            "5.5.7/tcp-chat.pcapng",
            "5.5.7/tunnel-chat.pcapng",
            "5.5.7/udp-leave-join.pcapng",
            "5.5.7/udp-partition-merge.pcapng",
            "5.5.7/raft-election.pcapng",
            "3.6.20/udp-chat.pcapng",
            "stack/4.2.30/fdsock-crash.pcapng");

    /** Per sample: frame number to the number of records the decoder shows in it. */
    private static final Map<String, Map<Integer, Integer>> RECORDS_PER_FRAME = new TreeMap<>();
    /** Per example: the frames tshark selects, per sample (one tshark per sample, run up front). */
    private static final Map<String, Map<String, Set<Integer>>> TSHARK = new TreeMap<>();

    /** The lines of the examples block (the others are inline examples of the two pages). */
    private static final Set<String> BLOCK_EXAMPLES = new LinkedHashSet<>();

    static List<String> examples() throws IOException {
        Path docs = Decoding.samples().resolveSibling("docs");
        String filterPage = Files.readString(docs.resolve("filter.md"), StandardCharsets.UTF_8);
        Set<String> out = new LinkedHashSet<>();
        Matcher b = BLOCK.matcher(filterPage);
        assertTrue(b.find(), "docs/filter.md has no \"Examples for both tools\" block");
        for (String line : b.group(1).split("\n")) if (!line.isBlank()) out.add(line.strip());
        int inBlock = out.size();
        BLOCK_EXAMPLES.addAll(out);
        for (String page : List.of(filterPage, Files.readString(docs.resolve("wireshark.md"), StandardCharsets.UTF_8)))
            for (Matcher m = INLINE.matcher(page); m.find(); ) out.add(m.group(1) != null ? m.group(1) : m.group(2));
        assertTrue(inBlock >= 20 && out.size() > inBlock, "examples found: " + out);
        return new ArrayList<>(out);
    }

    @BeforeAll
    static void runTsharkOnEveryExample() throws Exception {
        Path plugin = GeneratedPlugin.path();
        Path work = Files.createTempDirectory("jgwire-filters");
        for (String sample : SAMPLES) {
            Map<Integer, Integer> counts = new TreeMap<>();
            for (JsonNode r : GeneratedPlugin.decoderRecords(sample(sample))) {
                String kind = r.path("kind").asText();
                if (kind.equals("stream-end") || kind.equals("bounce")) continue; // TCP's and ICMP's, not the plugin's
                counts.merge(r.path("frame").asInt(), 1, Integer::sum);
            }
            RECORDS_PER_FRAME.put(sample, counts);
        }
        List<String> examples = examples();
        Path taps = work.resolve("taps.lua");
        Files.writeString(taps, tapScript(examples), StandardCharsets.UTF_8);
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        Map<String, Future<Map<String, Set<Integer>>>> perSample = new TreeMap<>();
        for (String sample : SAMPLES)
            perSample.put(sample, pool.submit(() -> tappedFrames(plugin, taps, sample(sample), examples)));
        // the taps are tshark's display filter engine, as -Y is: checked against -Y itself on two examples
        Map<String, Future<Set<Integer>>> byY = new TreeMap<>();
        for (String sample : SAMPLES)
            for (String example : List.of(examples.get(0), "!jgroups.frame_flags.multicast"))
                byY.put(sample + " " + example, pool.submit(() -> tsharkFrames(plugin, sample(sample), example)));
        pool.shutdown();
        for (String sample : SAMPLES) {
            Map<String, Set<Integer>> frames = perSample.get(sample).get();
            for (String example : examples)
                TSHARK.computeIfAbsent(example, k -> new TreeMap<>()).put(sample, frames.get(example));
            for (String example : List.of(examples.get(0), "!jgroups.frame_flags.multicast"))
                assertEquals(
                        byY.get(sample + " " + example).get(),
                        frames.get(example),
                        sample + ": a tap and -Y select other frames for " + example);
        }
    }

    /** A Lua script with one tap per example: tshark filters every frame by each of them in one read. */
    private static String tapScript(List<String> examples) {
        StringBuilder lua = new StringBuilder("local examples = {\n");
        for (String e : examples)
            lua.append("    \"")
                    .append(e.replace("\\", "\\\\").replace("\"", "\\\""))
                    .append("\",\n");
        // made in an init routine: the plugin's fields are known to the filter engine only once every script loaded
        lua.append("}\n")
                .append("local taps = Proto(\"jgwire_example_taps\", \"jgwire example taps\")\n")
                .append("local made = false\n")
                .append("function taps.init()\n")
                .append("    if made then return end\n")
                .append("    made = true\n")
                .append("    for i, f in ipairs(examples) do\n")
                .append("        local ok, tap = pcall(Listener.new, \"frame\", f)\n")
                .append("        if not ok then\n")
                .append("            local why = string.gsub(tostring(tap), \"\\n\", \" \")\n")
                .append("            io.write(\"refused \", i, \" \", why, \"\\n\")\n")
                .append("        else function tap.packet(pinfo) io.write(i, \" \", pinfo.number, \"\\n\") end end\n")
                .append("    end\n")
                .append("end\n");
        return lua.toString();
    }

    /** Per example, the frames of {@code capture} its tap saw, in one pass as a user's tshark reads. */
    private static Map<String, Set<Integer>> tappedFrames(Path plugin, Path taps, Path capture, List<String> examples)
            throws Exception {
        byte[] out = Decoding.tool(
                "tshark",
                "-n",
                "-q",
                "-r",
                capture.toString(),
                "-X",
                "lua_script:" + plugin,
                "-X",
                "lua_script:" + taps);
        Map<String, Set<Integer>> frames = new TreeMap<>();
        for (String e : examples) frames.put(e, new TreeSet<>());
        for (String line : new String(out, StandardCharsets.UTF_8).split("\n")) {
            if (line.isBlank()) continue;
            assertTrue(!line.startsWith("refused"), "tshark refuses an example: " + line);
            String[] parts = line.strip().split(" ");
            frames.get(examples.get(Integer.parseInt(parts[0]) - 1)).add(Integer.parseInt(parts[1]));
        }
        return frames;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void bothToolsSelectTheSameFrames(String example) throws Exception {
        boolean single = !example.matches(".*(!|&&|\\|\\||\\band\\b|\\bor\\b|\\bnot\\b).*");
        Path work = Files.createTempDirectory("jgwire-filter");
        int selectedSomewhere = 0, leftOutSomewhere = 0;
        List<String> differences = new ArrayList<>();
        for (String sample : SAMPLES) {
            Decoding.Run run = Decoding.cli(
                    work,
                    "decode",
                    "-q",
                    "--no-reassemble",
                    "--filter",
                    example,
                    "--fields",
                    "frame",
                    sample(sample).toString());
            assertEquals(0, run.exit(), "jgwire refuses " + example + ": " + run.err());
            Set<Integer> jgwire = new TreeSet<>();
            for (String line : run.out().split("\n")) if (!line.isBlank()) jgwire.add(Integer.parseInt(line.strip()));
            Set<Integer> tshark = new TreeSet<>(TSHARK.get(example).get(sample));
            Map<Integer, Integer> counts = RECORDS_PER_FRAME.get(sample);
            // frames without a record (a TCP connection's handshake, a segment TCP holds) are Wireshark's alone, and
            // those with only how a TCP direction ended or an ICMP bounce are jgwire's
            tshark.removeIf(f -> !counts.containsKey(f));
            jgwire.removeIf(f -> !counts.containsKey(f));
            if (!single) { // compared where a frame is one message
                jgwire.removeIf(f -> counts.get(f) != 1);
                tshark.removeIf(f -> counts.get(f) != 1);
            }
            if (!jgwire.equals(tshark)) {
                Set<Integer> onlyJgwire = new TreeSet<>(jgwire), onlyTshark = new TreeSet<>(tshark);
                onlyJgwire.removeAll(tshark);
                onlyTshark.removeAll(jgwire);
                differences.add(sample + ": only jgwire " + onlyJgwire + ", only tshark " + onlyTshark);
            }
            if (!jgwire.isEmpty()) selectedSomewhere++;
            long compared = single
                    ? counts.size()
                    : counts.values().stream().filter(n -> n == 1).count();
            if (jgwire.size() < compared) leftOutSomewhere++;
        }
        assertEquals(List.of(), differences, example);
        if (!BLOCK_EXAMPLES.contains(example)) return; // an inline example: the same frames, whatever they are
        assertTrue(selectedSomewhere > 0, example + " selects no frame of any sample: an example that shows nothing");
        assertTrue(leftOutSomewhere > 0, example + " selects every frame of every sample");
    }

    private static Path sample(String relative) {
        return Decoding.samples().resolve(relative);
    }

    /** The frames {@code tshark -Y example} keeps, read in one pass as a user's tshark does. */
    private static Set<Integer> tsharkFrames(Path plugin, Path capture, String example) throws Exception {
        byte[] out = Decoding.tool(
                "tshark",
                "-n",
                "-r",
                capture.toString(),
                "-X",
                "lua_script:" + plugin,
                "-Y",
                example,
                "-T",
                "fields",
                "-e",
                "frame.number");
        Set<Integer> frames = new TreeSet<>();
        for (String line : new String(out, StandardCharsets.US_ASCII).split("\n"))
            if (!line.isBlank()) frames.add(Integer.parseInt(line.strip()));
        return frames;
    }
}
