package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.wireshark.layout.LayoutCatalog;

/** The plugin as {@code jgwire wireshark generate} writes it (once per test JVM), and tshark runs with it. */
final class GeneratedPlugin {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path plugin;
    private static LayoutCatalog catalog;

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

    /** The jars' catalog: names of type codes as each jar's own classes give them. */
    static synchronized LayoutCatalog catalog() throws IOException {
        if (catalog == null) catalog = LayoutCatalog.read(Decoding.home().resolve("jgroups"));
        return catalog;
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

    /** tshark's JSON for a capture dissected with the plugin: one node per packet, duplicate keys merged into arrays. */
    static List<JsonNode> tsharkJson(Path capture, String... extra) throws IOException, InterruptedException {
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
        byte[] out = Decoding.tool(cmd.toArray(String[]::new));
        List<JsonNode> packets = new ArrayList<>();
        JSON.readTree(out).forEach(packets::add);
        return packets;
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
