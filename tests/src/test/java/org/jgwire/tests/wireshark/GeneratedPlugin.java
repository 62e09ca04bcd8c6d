package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jgwire.codec.runtime.ProtocolJar;
import org.jgwire.codec.runtime.ProtocolJars;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.wireshark.catalog.JarCatalog;
import org.jgwire.wireshark.catalog.LayoutCatalog;

/** The plugin as {@code jgwire wireshark generate} writes it (once per test JVM), and tshark runs with it. */
final class GeneratedPlugin {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Where a Lua runtime error caught by Wireshark or by the plugin names its place: {@code jgroups.lua:2462:}. */
    static final Pattern LUA_LOCATION = Pattern.compile("\\.lua:\\d+:");

    private static Path plugin;
    private static LayoutCatalog catalog;
    /**
     * tshark's output for each committed sample, in files beside this JVM's plugin: several test classes dissect
     * every sample the same way, and tshark with the plugin costs about a second per run.
     */
    private static final Map<Path, Path> SAMPLE_JSON = new ConcurrentHashMap<>();

    private GeneratedPlugin() {}

    static synchronized Path path() throws IOException {
        if (plugin == null) {
            Path dir = Files.createTempDirectory("jgwire-plugin");
            Path p = dir.resolve("jgroups.lua");
            Decoding.Run run = Decoding.cli(dir, "wireshark", "generate", "-o", p.toString());
            assertEquals(0, run.exit(), "wireshark generate failed: " + run.err());
            assertTrue(Files.size(p) > 10_000, "generated plugin is suspiciously small: " + p);
            plugin = p;
        }
        return plugin;
    }

    /**
     * The jars' catalog, as {@code wireshark generate} reads them (each JGroups jar with the bundled protocol jars the
     * decoder loads beside it): names of type codes as each jar's own classes give them.
     */
    static synchronized LayoutCatalog catalog() throws IOException {
        if (catalog == null)
            catalog = LayoutCatalog.read(
                    Decoding.home().resolve("jgroups"), List.of(), ProtocolJars.of(Decoding.home(), List.of()));
        return catalog;
    }

    /**
     * A bundled JGroups jar ({@code jgroups-5.5.7.Final.jar}) and the bundled protocol jars the decoder and the
     * generator load beside it (jgroups-raft), the JGroups jar first: what loads every class of the jar's catalog.
     */
    static URL[] classPath(JarCatalog jar) throws IOException {
        List<URL> urls = new ArrayList<>();
        urls.add(Decoding.home()
                .resolve("jgroups")
                .resolve("jgroups-" + jar.label() + ".jar")
                .toUri()
                .toURL());
        for (ProtocolJar p : ProtocolJars.of(Decoding.home(), List.of()).forJGroups(jar.version()))
            urls.add(p.path().toUri().toURL());
        return urls.toArray(new URL[0]);
    }

    /**
     * The decoder's records of a capture as the plugin sees its frames: fragments as they are (Wireshark shows each
     * FRAG fragment as the packet it is, the decoder by default the reassembled original), no payload bytes.
     */
    static List<JsonNode> decoderRecords(Path capture) throws IOException {
        return Decoding.cli(
                        Files.createTempDirectory("jgwire-decoded"),
                        "decode",
                        "--format",
                        "jsonl",
                        "--payload-bytes",
                        "0",
                        "--no-reassemble",
                        capture.toString())
                .json();
    }

    /** Every capture under samples/ (.pcap and .pcapng), whatever regenerated them. */
    static List<Path> samples() throws IOException {
        try (Stream<Path> s = Files.walk(Decoding.samples())) {
            List<Path> all = s.filter(
                            p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng"))
                    .sorted()
                    .toList();
            assertTrue(
                    all.size() >= 14, "expected the committed samples under " + Decoding.samples() + ", found " + all);
            return all;
        }
    }

    /**
     * tshark's JSON for a capture dissected with the plugin: one node per packet, duplicate keys merged into arrays.
     */
    static List<JsonNode> tsharkJson(Path capture, String... extra) throws IOException, InterruptedException {
        byte[] out = extra.length == 0 && isSample(capture) ? sampleJson(capture) : tshark(capture, extra);
        List<JsonNode> packets = new ArrayList<>();
        JSON.readTree(out).forEach(packets::add);
        return packets;
    }

    private static boolean isSample(Path capture) {
        return capture.toAbsolutePath()
                .normalize()
                .startsWith(Decoding.samples().toAbsolutePath().normalize());
    }

    /**
     * Runs tshark over every committed sample not dissected yet, one tshark per core at once, so that a test class
     * going through all samples finds them ready (tshark is single-threaded: run one after the other, they leave the
     * other core idle for minutes).
     */
    static void dissectAllSamples() throws IOException, InterruptedException {
        path();
        ExecutorService pool =
                Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()));
        try {
            List<Future<byte[]>> runs = new ArrayList<>();
            for (Path sample : samples()) runs.add(pool.submit(() -> sampleJson(sample)));
            for (Future<byte[]> f : runs) f.get();
        } catch (ExecutionException e) {
            throw new IOException("tshark over the samples: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** A committed sample's tshark JSON: run once per JVM (samples do not change while the tests run). */
    private static byte[] sampleJson(Path sample) throws IOException, InterruptedException {
        Path key = sample.toAbsolutePath().normalize();
        Path cached = SAMPLE_JSON.get(key);
        if (cached != null) return Files.readAllBytes(cached);
        byte[] out = tshark(sample);
        Path file = Files.createTempFile(path().getParent(), "sample", ".json");
        Files.write(file, out);
        file.toFile().deleteOnExit();
        SAMPLE_JSON.put(key, file);
        return out;
    }

    private static byte[] tshark(Path capture, String... extra) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                "tshark",
                "-n",
                "-X",
                "lua_script:" + path(),
                "-r",
                capture.toString(),
                "-T",
                "json",
                "--no-duplicate-keys"));
        cmd.addAll(List.of(extra));
        return Decoding.tool(cmd.toArray(String[]::new));
    }

    /**
     * What says the plugin failed on a packet rather than that the packet is damaged: a Lua error Wireshark caught
     * ({@code _ws.lua.error}), one the plugin caught ({@code jgroups.internal}), and any expert item whose message
     * carries a Lua error's location, whatever it is filed under (a caught error shown as Malformed is a failure).
     */
    static List<String> pluginFailures(JsonNode layers) {
        List<String> out = new ArrayList<>();
        for (String v : find(layers, "_ws.lua.error")) out.add("Lua error: " + v);
        if (!find(layers, "jgroups.internal").isEmpty()) out.add("internal dissector problem");
        for (String v : find(layers, "_ws.expert.message"))
            if (LUA_LOCATION.matcher(v).find()) out.add("Lua error shown as expert info: " + v);
        return out;
    }

    /**
     * For an undamaged capture the Java decoder reads without error: the plugin failures, plus any Malformed or
     * cut-short item ({@code _ws.malformed}, {@code jgroups.malformed}, {@code jgroups.truncated}) and its text.
     */
    static List<String> failuresOnCleanCapture(JsonNode layers) {
        List<String> out = pluginFailures(layers);
        boolean malformed = !find(layers, "_ws.malformed").isEmpty()
                || !find(layers, "jgroups.malformed").isEmpty()
                || !find(layers, "jgroups.truncated").isEmpty();
        if (malformed) out.add("malformed: " + find(layers, "_ws.expert.message"));
        return out;
    }

    /** A node that may be one object or an array of them (merged duplicate keys), as a list. */
    static List<JsonNode> many(JsonNode n) {
        List<JsonNode> out = new ArrayList<>();
        if (n == null || n.isMissingNode() || n.isNull()) return out;
        if (n.isArray()) n.forEach(out::add);
        else out.add(n);
        return out;
    }

    /** Every value of a field anywhere below a node (depth first), as text. */
    static List<String> find(JsonNode n, String field) {
        List<String> out = new ArrayList<>();
        collect(n, field, out);
        return out;
    }

    private static void collect(JsonNode n, String field, List<String> out) {
        if (n.isObject()) {
            n.fields().forEachRemaining(e -> {
                if (e.getKey().equals(field))
                    for (JsonNode v : many(e.getValue())) if (v.isValueNode()) out.add(v.asText());
                collect(e.getValue(), field, out);
            });
        } else if (n.isArray()) n.forEach(c -> collect(c, field, out));
    }
}
