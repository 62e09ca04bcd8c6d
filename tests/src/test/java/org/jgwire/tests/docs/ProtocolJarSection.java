package org.jgwire.tests.docs;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.ProtocolJar;
import org.jgwire.codec.runtime.ProtocolJars;

/**
 * The part of docs/protocols.md on the bundled protocol jars (jgroups-raft): which release serves which bundled
 * JGroups jar, as a decode picks it ({@link ProtocolJars}), and one row per protocol of an artifact with the ids each
 * release registers ({@link ProtocolJar}), the header classes its code makes and their fields ({@link JarProtocols},
 * superclasses read from the newest JGroups jar the release serves) and what decoding the samples showed.
 */
final class ProtocolJarSection {
    /** A bundled release: its registrations, the JGroups jars it serves and what it says about its protocols. */
    record Release(ProtocolJar jar, String line, String version, List<String> serves, JarProtocols protocols) {}

    private ProtocolJarSection() {}

    /**
     * The bundled releases, oldest line first, each read beside the newest JGroups jar it serves.
     *
     * @param jgroups the bundled JGroups jars by label (X.Y.Z), oldest first
     */
    static List<Release> releases(Path home, Map<String, Path> jgroups) throws IOException {
        ProtocolJars bundled = ProtocolJars.of(home, List.of());
        Map<Path, List<String>> serves = new LinkedHashMap<>();
        Map<Path, ProtocolJar> read = new LinkedHashMap<>();
        for (String label : jgroups.keySet())
            for (ProtocolJar p : bundled.forJGroups(JGroupsVersion.parse(label))) {
                serves.computeIfAbsent(p.path(), k -> new ArrayList<>()).add(label);
                read.put(p.path(), p);
            }
        TreeMap<JGroupsVersion, List<Path>> byLine = new TreeMap<>();
        try (DirectoryStream<Path> lines = Files.newDirectoryStream(home.resolve("protocols"))) {
            for (Path line : lines)
                try (DirectoryStream<Path> jars = Files.newDirectoryStream(line, "*.jar")) {
                    List<Path> sorted = new ArrayList<>();
                    jars.forEach(sorted::add);
                    sorted.sort(null);
                    byLine.put(JGroupsVersion.parse(line.getFileName() + ".0"), sorted);
                }
        }
        List<Release> out = new ArrayList<>();
        for (List<Path> jars : byLine.values())
            for (Path path : jars) {
                ProtocolJar jar = read.containsKey(path) ? read.get(path) : ProtocolJar.read(path);
                List<String> served = serves.getOrDefault(path, List.of());
                Path base = jgroups.get(served.isEmpty() ? lastKey(jgroups) : served.get(served.size() - 1));
                String version =
                        jar.label().substring(jar.artifact().length()).trim().replaceAll("\\.Final$", "");
                out.add(new Release(
                        jar, path.getParent().getFileName().toString(), version, served, JarProtocols.read(jar, base)));
            }
        return out;
    }

    private static String lastKey(Map<String, Path> m) {
        return new ArrayList<>(m.keySet()).get(m.size() - 1);
    }

    /**
     * Per artifact and protocol: the releases that register it, its id in each, the header classes any of them makes
     * (by name inside the protocol's package) with the newest release's fields: releases come oldest first.
     */
    private static final class Row {
        final List<String> releases = new ArrayList<>();
        final Map<Integer, List<String>> ids = new TreeMap<>();
        final Map<String, List<String>> headers = new TreeMap<>();
    }

    static String render(List<Release> releases, List<String> jgroupsLabels, SampleProtocols seen) {
        Map<String, List<String>> releaseLabels = new TreeMap<>();
        Map<String, Row> rows = new TreeMap<>();
        for (Release r : releases) {
            String artifact = r.jar().artifact();
            releaseLabels.computeIfAbsent(artifact, k -> new ArrayList<>()).add(r.version());
            for (JarProtocols.Protocol p : r.protocols().protocols) {
                if (!p.inJar()) continue;
                Row row = rows.computeIfAbsent(artifact + "\t" + p.name(), k -> new Row());
                row.releases.add(r.version());
                row.ids.computeIfAbsent(p.id(), k -> new ArrayList<>()).add(r.version());
                String pkg = p.className().substring(0, p.className().lastIndexOf('.') + 1);
                for (String h : p.headerClasses())
                    row.headers.put(
                            h.startsWith(pkg) ? h.substring(pkg.length()) : h,
                            r.protocols().headerFields.get(h));
            }
        }
        StringBuilder b = new StringBuilder();
        b.append("\n## Protocols of the bundled protocol jars (third-party)\n\n")
                .append("jgwire also bundles releases of protocols that run on JGroups without being part of it, in ")
                .append("`protocols/<X.Y>/` of the distribution (X.Y: the JGroups line the release was built ")
                .append("against). A JGroups jar gets, of each artifact, the release of the newest line not above its ")
                .append("own of the same major, else the oldest line of that major; a decode loads it beside the ")
                .append("JGroups jar and reads its headers with its own classes. `--protocol-jar` adds others.\n\n")
                .append("| artifact | release | built against | serves the bundled JGroups jars |\n")
                .append("| --- | --- | --- | --- |\n");
        for (Release r : releases)
            b.append("| ")
                    .append(r.jar().artifact())
                    .append(" | ")
                    .append(r.version())
                    .append(" | ")
                    .append(r.line())
                    .append(" | ")
                    .append(r.serves().isEmpty() ? "none" : ProtocolsPageTest.ranges(jgroupsLabels, r.serves()))
                    .append(" |\n");
        b.append("\nSuch protocols register their protocol ids and header classes in code (static initialisers), not ")
                .append("in the maps above; these rows read those registrations from the class files as the decoder ")
                .append("does. The **id** is each release's; **header classes and fields** are found as above, in ")
                .append("every release (fields: the newest release's that has the class; superclasses read from the ")
                .append("newest JGroups jar the release serves), named inside the protocol's package; **seen** and ")
                .append("**undone** as above.\n\n")
                .append("| protocol | artifact | id | releases | header classes: fields | seen | undone |\n")
                .append("| --- | --- | --- | --- | --- | --- | --- |\n");
        rows.forEach((key, row) -> {
            String artifact = key.substring(0, key.indexOf('\t')), name = key.substring(key.indexOf('\t') + 1);
            List<String> all = releaseLabels.get(artifact);
            List<String> ids = new ArrayList<>();
            row.ids.forEach((id, in) -> ids.add(
                    row.ids.size() == 1 ? String.valueOf(id) : id + " (" + ProtocolsPageTest.ranges(all, in) + ")"));
            SampleProtocols.Seen s = seen.byProtocol.get(name);
            b.append("| ")
                    .append(name)
                    .append(" | ")
                    .append(artifact)
                    .append(" | ")
                    .append(String.join(", ", ids))
                    .append(" | ")
                    .append(ProtocolsPageTest.ranges(all, row.releases))
                    .append(" | ")
                    .append(ProtocolsPageTest.headers(row.headers, h -> h))
                    .append(" | ")
                    .append(s == null || s.messages == 0 ? "" : s.messages + " in " + s.captures.size())
                    .append(" | ")
                    .append(s == null ? "" : String.join(", ", s.undone))
                    .append(" |\n");
        });
        return b.toString();
    }
}
