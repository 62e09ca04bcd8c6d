package org.jgwire.codec.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * The protocol jars a decode loads beside each JGroups jar: the user's ({@code --protocol-jar}), then the bundled
 * ones. Bundled jars sit in {@code <home>/protocols/<X.Y>/}, the folder named for the first JGroups line the release
 * serves (a release calls JGroups methods that come and go between lines, so each serves the lines its classes link
 * with); a JGroups jar of version V gets, of each artifact, the release of the newest line not above V of the same
 * major, else the oldest line of that major. A user's jar of an artifact replaces the bundled one of that artifact.
 */
public final class ProtocolJars {
    /** No protocol jars at all. */
    public static final ProtocolJars NONE = new ProtocolJars(new TreeMap<>(), List.of());

    /** Bundled jars by the line their folder names (X.Y.0), oldest first. */
    private final TreeMap<JGroupsVersion, List<Path>> bundled;

    private final List<ProtocolJar> user;

    private ProtocolJars(TreeMap<JGroupsVersion, List<Path>> bundled, List<ProtocolJar> user) {
        this.bundled = bundled;
        this.user = user;
    }

    /**
     * The bundled jars of {@code home} (listed only: a jar is read when a JGroups jar first needs it) and the user's,
     * read now.
     *
     * @throws IllegalArgumentException naming {@code --protocol-jar} and the jar when one of the user's cannot be read
     */
    public static ProtocolJars of(Path home, List<Path> userJars) {
        List<ProtocolJar> user = new ArrayList<>();
        for (Path p : userJars) {
            if (!Files.isRegularFile(p)) throw new IllegalArgumentException("--protocol-jar " + p + ": no such file");
            try {
                user.add(ProtocolJar.read(p));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--protocol-jar " + e.getMessage(), e);
            }
        }
        return new ProtocolJars(listBundled(home), List.copyOf(user));
    }

    private static TreeMap<JGroupsVersion, List<Path>> listBundled(Path home) {
        TreeMap<JGroupsVersion, List<Path>> out = new TreeMap<>();
        Path dir = home == null ? null : home.resolve("protocols");
        if (dir == null || !Files.isDirectory(dir)) return out;
        try (DirectoryStream<Path> lines = Files.newDirectoryStream(dir)) {
            for (Path line : lines) {
                JGroupsVersion v = line(line.getFileName().toString());
                if (v == null || !Files.isDirectory(line)) continue;
                List<Path> jars = new ArrayList<>();
                try (DirectoryStream<Path> files = Files.newDirectoryStream(line, "*.jar")) {
                    for (Path jar : files) jars.add(jar);
                }
                jars.sort(null);
                out.put(v, List.copyOf(jars));
            }
        } catch (IOException e) {
            // an unreadable folder bundles nothing: the frames' errors then name the protocols no jar knows
        }
        return out;
    }

    /** {@code X.Y} as the version X.Y.0, or null. */
    private static JGroupsVersion line(String name) {
        int dot = name.indexOf('.');
        if (dot <= 0 || name.indexOf('.', dot + 1) >= 0) return null;
        try {
            return JGroupsVersion.parse(name + ".0");
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The bundled jars, each as its label and the JGroups line it was built for: "jgroups-raft 0.2 (3.6)". */
    public List<String> bundledLabels() {
        List<String> out = new ArrayList<>();
        bundled.forEach((line, jars) -> {
            for (Path p : jars) {
                ProtocolJar jar = cached(p);
                if (jar != null) out.add(jar.label() + " (" + line.major() + "." + line.minor() + ")");
            }
        });
        return out;
    }

    /** The user's jars, as given. */
    public List<ProtocolJar> user() {
        return user;
    }

    /** The user's jar paths: what distinguishes two decodes' adapters of one JGroups jar. */
    List<Path> userPaths() {
        List<Path> out = new ArrayList<>(user.size());
        for (ProtocolJar j : user) out.add(j.path());
        return out;
    }

    /** The jars to load beside a JGroups jar of version {@code v}: the user's first, then the bundled choice. */
    public List<ProtocolJar> forJGroups(JGroupsVersion v) {
        List<ProtocolJar> out = new ArrayList<>(user);
        Set<String> artifacts = new HashSet<>();
        for (ProtocolJar j : user) artifacts.add(j.artifact());
        for (Path p : chosen(v)) {
            ProtocolJar jar = cached(p);
            if (jar != null && artifacts.add(jar.artifact())) out.add(jar);
        }
        return out;
    }

    /**
     * Registers {@code jars} with the {@code ClassConfigurator} that {@code loader} sees, as a decode does beside each
     * JGroups jar ({@link ProtocolRegistrar}); for checks of the bundled jars against every JGroups jar.
     */
    public static ProtocolJarFacts register(ClassLoader loader, List<ProtocolJar> jars) {
        return ProtocolRegistrar.register(loader, jars);
    }

    /** The bundled jars of the line that serves {@code v}. */
    List<Path> chosen(JGroupsVersion v) {
        JGroupsVersion best = null, oldest = null;
        for (Map.Entry<JGroupsVersion, List<Path>> e : bundled.entrySet()) {
            JGroupsVersion line = e.getKey();
            if (line.major() != v.major()) continue;
            if (oldest == null) oldest = line;
            if (line.compareTo(v) <= 0) best = line;
        }
        JGroupsVersion pick = best != null ? best : oldest;
        return pick == null ? List.of() : bundled.get(pick);
    }

    /**
     * A bundled jar's registrations, read from the cache of rewritten classes when it holds them (reading a jar's
     * class files costs a small decode some 100 ms); null when the jar cannot be read (it then bundles nothing).
     */
    private static ProtocolJar cached(Path p) {
        try {
            String key = "protocols-"
                    + new ContentKey()
                            .add((p.toAbsolutePath() + "|" + Files.size(p) + "|" + Files.getLastModifiedTime(p))
                                    .getBytes(StandardCharsets.UTF_8))
                            .text();
            byte[] text = RewrittenClasses.shared()
                    .cached(key, () -> ProtocolJar.read(p).toText().getBytes(StandardCharsets.UTF_8));
            return ProtocolJar.fromText(p, new String(text, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }
}
