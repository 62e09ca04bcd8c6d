package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jgwire.codec.model.ApiFamily;
import org.jgwire.codec.model.JGroupsVersion;

/** The jars of a jgwire distribution ({@code cli/target/jgwire}): {@code lib/}, {@code nodes/} and {@code jgroups/}. */
record Distribution(Path home) {

    Path nodeJar(ApiFamily family) throws IOException {
        Path jar = home.resolve("nodes").resolve(NodePrograms.jarName(family));
        if (!Files.isRegularFile(jar))
            throw new IOException("node program jar not found: " + jar + " (build the distribution: mvn -B -q package"
                    + " -DskipTests, or point jgwire.home at it)");
        return jar;
    }

    /**
     * {@code lib/jgwire-cluster-<version>.jar}: the node programs take their JGroups-free parts
     * ({@code org.jgwire.codec.cluster.node}) from it.
     */
    Path clusterJar() throws IOException {
        Path dir = home.resolve("lib");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                    String n = p.getFileName().toString();
                    if (n.startsWith("jgwire-cluster-") && n.endsWith(".jar")) return p;
                }
            }
        }
        throw new IOException("jgwire-cluster-*.jar not found in " + dir + " (build the distribution: mvn -B -q"
                + " package -DskipTests, or point jgwire.home at it)");
    }

    /** Every jar in {@code lib/}: jgwire's own class path (the capture in a network namespace runs on it). */
    List<Path> libJars() throws IOException {
        try (Stream<Path> s = Files.list(home.resolve("lib"))) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar"))
                    .sorted()
                    .toList();
        }
    }

    /** {@code jgroups/jgroups-<version>.Final.jar} (or any qualifier after the version). */
    Path jgroupsJar(String version) throws IOException {
        Path dir = home.resolve("jgroups");
        Path exact = dir.resolve("jgroups-" + version + ".Final.jar");
        if (Files.isRegularFile(exact)) return exact;
        List<String> known = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                    String n = p.getFileName().toString();
                    if (n.startsWith("jgroups-" + version + ".") && n.endsWith(".jar")) return p;
                    if (n.startsWith("jgroups-") && n.endsWith(".jar")) known.add(n.substring(8, n.length() - 4));
                }
            }
        }
        throw new IOException("JGroups " + version + " is not bundled in " + dir + " (bundled: " + known + ")");
    }

    /** The bundled JGroups versions, oldest first ({@code jgroups/jgroups-<version>.<qualifier>.jar}). */
    List<String> bundledVersions() throws IOException {
        List<JGroupsVersion> found = new ArrayList<>();
        Path dir = home.resolve("jgroups");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    Matcher m = Pattern.compile("jgroups-(\\d+\\.\\d+\\.\\d+)\\..*\\.jar")
                            .matcher(p.getFileName().toString());
                    if (m.matches()) found.add(JGroupsVersion.parse(m.group(1)));
                }
            }
        }
        found.sort(null);
        List<String> out = new ArrayList<>();
        for (JGroupsVersion v : found) out.add(v.toString());
        return out;
    }

    /** The java launcher of the running JVM: children run on the same Java. */
    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
