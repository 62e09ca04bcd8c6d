package org.jgwire.codec.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JGroups jars of a distribution ({@code <home>/jgroups/jgroups-X.Y.Z.Final.jar}) and the rule that picks
 * one for a version: only a jar of the same wire variant qualifies (a neighbour's jar can fail silently, see
 * WIRE-NOTES); among those the same major.minor with the closest micro wins, else the variant's newest.
 */
final class BundledJars {
    private static final Pattern NAME =
            Pattern.compile("jgroups-(\\d+)\\.(\\d+)\\.(\\d+)((?:\\.[A-Za-z0-9_-]+)*)\\.jar");

    /** One bundled jar; {@code label} is its full version as in the file name, e.g. {@code 5.5.7.Final}. */
    record Jar(JGroupsVersion version, String label, Path path) {}

    private final List<Jar> jars;

    private BundledJars(List<Jar> jars) {
        this.jars = jars;
    }

    /** Scans {@code <home>/jgroups}; a missing folder gives an empty list (every frame then reports it). */
    static BundledJars scan(Path home) {
        List<Jar> out = new ArrayList<>();
        Path dir = home == null ? null : home.resolve("jgroups");
        if (dir != null && Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                files.forEach(p -> {
                    Matcher m = NAME.matcher(p.getFileName().toString());
                    if (!m.matches()) return;
                    try {
                        JGroupsVersion v = JGroupsVersion.parse(m.group(1) + "." + m.group(2) + "." + m.group(3));
                        out.add(new Jar(v, v + m.group(4), p));
                    } catch (IllegalArgumentException e) {
                        // not a version jgwire can encode on the wire: not a candidate
                    }
                });
            } catch (IOException e) {
                // unreadable folder: treated as empty, the error records say where jars were looked for
            }
        }
        out.sort(Comparator.comparing(Jar::version));
        return new BundledJars(List.copyOf(out));
    }

    List<Jar> all() {
        return jars;
    }

    boolean isEmpty() {
        return jars.isEmpty();
    }

    /** The jar for a frame of version {@code v}, or null when no bundled jar shares its wire variant. */
    Jar choose(JGroupsVersion v) {
        WireVariant variant = WireVariants.of(v);
        if (variant == null) return null;
        Jar best = null, newest = null;
        for (Jar j : jars) {
            if (!variant.contains(j.version())) continue;
            newest = j; // ascending order: the last one is the newest
            if (j.version().major() == v.major() && j.version().minor() == v.minor()) {
                int d = Math.abs(j.version().micro() - v.micro());
                // ties go to the later micro (the list is ascending)
                if (best == null || d <= Math.abs(best.version().micro() - v.micro())) best = j;
            }
        }
        return best != null ? best : newest;
    }

    /** The newest bundled jar, or null. */
    Jar newest() {
        return jars.isEmpty() ? null : jars.get(jars.size() - 1);
    }
}
