package org.jgwire.tests.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;

/**
 * docs/protocols.md lists every protocol of every bundled jar's protocol-id map with what jgwire shows for it: the
 * header classes the protocol makes and their fields (read from the jars), and what decoding every committed sample
 * showed (messages, fields, what was undone). Regenerated here and compared; {@code -Djgwire.writeProtocols=true}
 * rewrites it after a change of jars, samples or decoder.
 */
class ProtocolsPageTest {
    private static SampleProtocols seen;

    /** Every sample decoded once for both tests. */
    private static synchronized SampleProtocols seen() throws IOException {
        if (seen == null) seen = SampleProtocols.decodeAll();
        return seen;
    }

    @Test
    void protocolsPageInTheDocsIsUpToDate() throws Exception {
        Path doc = Decoding.samples().resolveSibling("docs").resolve("protocols.md");
        Map<String, Path> files = jarFiles();
        Map<String, JarProtocols> jars = new LinkedHashMap<>();
        for (Map.Entry<String, Path> jar : files.entrySet()) jars.put(jar.getKey(), JarProtocols.read(jar.getValue()));
        String page = page(jars, ProtocolJarSection.releases(Decoding.home(), files), seen());
        if (Boolean.getBoolean("jgwire.writeProtocols")) Files.writeString(doc, page, StandardCharsets.UTF_8);
        assertEquals(
                page,
                Files.exists(doc) ? Files.readString(doc, StandardCharsets.UTF_8) : "",
                "docs/protocols.md is out of date: run ProtocolsPageTest with -Djgwire.writeProtocols=true");
    }

    /** The protocols every sample stack relies on were seen decoded with fields, and what is undone was undone. */
    @Test
    void everyProtocolOfTheSampleStacksIsSeenWithItsFields() throws Exception {
        SampleProtocols seen = seen();
        for (String p : List.of("TP", "PING", "NAKACK2", "UNICAST3", "STABLE", "GMS", "FRAG2", "FRAG4", "COMPRESS"))
            assertTrue(
                    seen.byProtocol.containsKey(p)
                            && !seen.byProtocol.get(p).fields.isEmpty(),
                    p + " not seen with fields in any sample: " + seen.byProtocol.keySet());
        assertTrue(seen.byProtocol.get("FRAG2").undone.contains("reassembled"), "FRAG2 never reassembled");
        assertTrue(seen.byProtocol.get("COMPRESS").undone.contains("inflated"), "COMPRESS never inflated");
        assertTrue(seen.byProtocol.get("SEQUENCER").undone.contains("unwrapped"), "SEQUENCER never unwrapped");
        assertTrue(seen.byProtocol.get("SYM_ENCRYPT").undone.contains("decrypted"), "SYM_ENCRYPT never decrypted");
        assertTrue(seen.byProtocol.get("FORK").undone.contains("delivered"), "no message of a fork channel");
        assertTrue(seen.byProtocol.get("ASYM_ENCRYPT").undone.contains("decrypted"), "ASYM_ENCRYPT never decrypted");
    }

    /**
     * The bundled jgroups-raft releases as the page lists them: each bundled JGroups jar served by one release, 0.2
     * with ids of its own, and RAFT's headers read with the fields their superclass (RaftHeader) gives them.
     */
    @Test
    void raftReleasesAreListedWithTheirIdsAndHeaderFields() throws Exception {
        Map<String, Path> files = jarFiles();
        List<ProtocolJarSection.Release> releases = ProtocolJarSection.releases(Decoding.home(), files);
        List<String> served = new ArrayList<>();
        Map<String, Integer> raftIds = new TreeMap<>();
        for (ProtocolJarSection.Release r : releases) {
            assertEquals("jgroups-raft", r.jar().artifact());
            served.addAll(r.serves());
            for (JarProtocols.Protocol p : r.protocols().protocols) {
                if (!p.name().equals("RAFT")) continue;
                raftIds.put(r.version(), p.id());
                String append = p.headerClasses().stream()
                        .filter(h -> h.endsWith(".AppendEntriesRequest"))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(r.version() + ": " + p.headerClasses()));
                List<String> fields = r.protocols().headerFields.get(append);
                // RaftHeader's term (curr_term since 1.0) first, then the class's own
                assertTrue(
                        fields.get(0).matches("(curr_)?term") && fields.contains("leader_commit"),
                        r.version() + fields);
            }
        }
        assertEquals(List.copyOf(files.keySet()), served, "JGroups jars served, each once, in order");
        assertEquals(
                Map.of(
                        "0.2", 1024, "0.4.3", 521, "0.5.3", 521, "1.0.0", 521, "1.0.11", 521, "1.0.14", 521, "1.1.4",
                        521),
                raftIds);
    }

    /** The bundled JGroups jars by version (X.Y.Z), oldest first. */
    private static Map<String, Path> jarFiles() throws IOException {
        Map<String, Path> out = new LinkedHashMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(Decoding.home().resolve("jgroups"))) {
            files = s.filter(p -> p.getFileName().toString().matches("jgroups-.*\\.jar"))
                    .sorted((a, b) -> compareVersions(label(a), label(b)))
                    .toList();
        }
        for (Path jar : files) out.put(label(jar), jar);
        assertTrue(out.size() >= 16, "bundled jars: " + out.keySet());
        return out;
    }

    private static String label(Path jar) {
        return jar.getFileName().toString().replaceAll("^jgroups-(\\d+\\.\\d+\\.\\d+).*", "$1");
    }

    private static int compareVersions(String a, String b) {
        String[] x = a.split("\\."), y = b.split("\\.");
        for (int i = 0; i < 3; i++) {
            int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
            if (c != 0) return c;
        }
        return 0;
    }

    /** Per protocol name: the jars that have it, its ids, its header classes and their fields (newest jar's). */
    private static final class Row {
        final List<String> versions = new ArrayList<>();
        final Set<Integer> ids = new TreeSet<>();
        final Map<String, List<String>> headers = new TreeMap<>();
        String className;
    }

    static String page(
            Map<String, JarProtocols> jars, List<ProtocolJarSection.Release> releases, SampleProtocols seen) {
        List<String> labels = new ArrayList<>(jars.keySet());
        Map<String, Row> rows = new TreeMap<>();
        Set<String> madeByAProtocol = new TreeSet<>();
        jars.forEach((label, jar) -> {
            for (JarProtocols.Protocol p : jar.protocols) {
                if (!p.inJar()) continue;
                Row r = rows.computeIfAbsent(p.name(), k -> new Row());
                r.versions.add(label);
                r.ids.add(p.id());
                r.className = p.className();
                for (String h : p.headerClasses()) {
                    r.headers.put(h, jar.headerFields.get(h));
                    madeByAProtocol.add(h);
                }
            }
        });
        StringBuilder b = new StringBuilder();
        b.append("# Protocols: what jgwire shows for each\n\n")
                .append("Generated by `ProtocolsPageTest` (tests/, `-Djgwire.writeProtocols=true` rewrites it); ")
                .append("do not edit. One row per protocol of the `jg-protocol-ids.xml` maps of the bundled jars (")
                .append(labels.get(0))
                .append(" to ")
                .append(labels.get(labels.size() - 1))
                .append(", ")
                .append(labels.size())
                .append(" jars; a protocol without an id puts no header on a message). Read from the jars:\n\n")
                .append("- **versions**: the bundled jars that have the protocol's class;\n")
                .append("- **header classes and fields**: the header classes the protocol's code makes (itself, its ")
                .append("nested classes, the classes it extends) and their instance fields in the newest jar that ")
                .append("has them. jgwire reads every header with the jar's own `readFrom` and shows these fields by ")
                .append("name (type codes by their names), and the header's own text.\n\n")
                .append("Found by decoding every committed sample (")
                .append(seen.captures)
                .append(" captures under `samples/`):\n\n")
                .append("- **seen**: messages carrying a header of the protocol, in how many captures;\n")
                .append("- **undone**: what the receive-side stack step did to those messages (`transformed` in the ")
                .append("records: inflated, unwrapped, decrypted with the samples' test keys, ...; `reassembled` for ")
                .append("fragments). A protocol that changes ")
                .append("messages and shows nothing here is shown as it travelled. Every transport (UDP, TCP, ")
                .append("TCP_NIO2, TUNNEL) puts its header under TP's id, so they are seen as TP.\n\n")
                .append("| protocol | id | versions | header classes: fields | seen | undone |\n")
                .append("| --- | --- | --- | --- | --- | --- |\n");
        rows.forEach((name, r) -> {
            SampleProtocols.Seen s = seen.byProtocol.get(name);
            b.append("| ")
                    .append(name)
                    .append(" | ")
                    .append(joinInts(r.ids))
                    .append(" | ")
                    .append(ranges(labels, r.versions))
                    .append(" | ")
                    .append(headers(r.headers, h -> h.substring(h.lastIndexOf('.') + 1)))
                    .append(" | ")
                    .append(s == null || s.messages == 0 ? "" : s.messages + " in " + s.captures.size())
                    .append(" | ")
                    .append(s == null ? "" : String.join(", ", s.undone))
                    .append(" |\n");
        });
        Map<String, List<String>> orphans = new TreeMap<>();
        jars.forEach((label, jar) -> jar.headerFields.forEach((h, fields) -> {
            if (!madeByAProtocol.contains(h))
                orphans.computeIfAbsent(h, k -> new ArrayList<>()).add(label);
        }));
        b.append("\n## Header classes no protocol of the id map makes\n\n")
                .append("Building blocks and helpers put these under an id of their own (`RequestCorrelator`'s is ")
                .append("set by the application), or they are made through a path the bytecode scan does not follow. ")
                .append("jgwire reads them like any other header.\n\n")
                .append("| header class | versions |\n| --- | --- |\n");
        orphans.forEach((h, v) -> b.append("| `")
                .append(h.replace("org.jgroups.", ""))
                .append("` | ")
                .append(ranges(labels, v))
                .append(" |\n"));
        return b.append(ProtocolJarSection.render(releases, labels, seen)).toString();
    }

    /** Header classes as {@code shown} names them, each with its fields. */
    static String headers(Map<String, List<String>> headers, UnaryOperator<String> shown) {
        if (headers.isEmpty()) return "none";
        List<String> out = new ArrayList<>();
        headers.forEach((h, fields) ->
                out.add("`" + shown.apply(h) + "`: " + (fields.isEmpty() ? "(no fields)" : String.join(", ", fields))));
        return String.join("; ", out);
    }

    private static String joinInts(Set<Integer> ids) {
        List<String> out = new ArrayList<>();
        for (int id : ids) out.add(String.valueOf(id));
        return String.join(", ", out);
    }

    /** Runs of consecutive bundled versions, e.g. "3.6.20–4.2.30, 5.5.7". */
    static String ranges(List<String> all, List<String> have) {
        List<String> out = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= all.size(); i++) {
            boolean in = i < all.size() && have.contains(all.get(i));
            if (in && start < 0) start = i;
            if (!in && start >= 0) {
                out.add(start == i - 1 ? all.get(start) : all.get(start) + "–" + all.get(i - 1));
                start = -1;
            }
        }
        return String.join(", ", out);
    }
}
