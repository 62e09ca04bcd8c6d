package org.jgwire.codec.runtime;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * The JGroups jars of a distribution ({@code <home>/jgroups/jgroups-X.Y.Z.Final.jar}) and the rule that picks
 * one for a version: only a jar of the same wire variant qualifies (a neighbour's jar can fail silently, see
 * docs/wire-format.md); among those the same major.minor with the closest micro wins, else the variant's newest.
 */
final class BundledJars {
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
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                for (Path p : files) {
                    Jar jar = named(p);
                    if (jar != null) out.add(jar);
                }
            } catch (IOException e) {
                // unreadable folder: treated as empty, the error records say where jars were looked for
            }
        }
        out.sort(Comparator.comparing(Jar::version));
        return new BundledJars(List.copyOf(out));
    }

    /**
     * The jar {@code p} when its name is {@code jgroups-X.Y.Z[.Qualifier...].jar} (each qualifier letters, digits,
     * {@code _} or {@code -}) with a version jgwire can encode on the wire; else null. Written out rather than as a
     * pattern: the first pattern a run compiles costs it some milliseconds, on the thread that loads the jar.
     */
    static Jar named(Path p) {
        String name = p.getFileName().toString();
        if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) return null;
        String middle = name.substring(PREFIX.length(), name.length() - SUFFIX.length());
        String[] parts = middle.split("\\.", -1);
        if (parts.length < 3) return null;
        for (int i = 0; i < parts.length; i++)
            if (parts[i].isEmpty() || !onlyOf(parts[i], i < 3 ? DIGITS : QUALIFIER)) return null;
        try {
            JGroupsVersion v = JGroupsVersion.parse(parts[0] + "." + parts[1] + "." + parts[2]);
            int qualifiers = parts[0].length() + parts[1].length() + parts[2].length() + 2;
            return new Jar(v, v + middle.substring(qualifiers), p);
        } catch (IllegalArgumentException e) {
            return null; // not a version jgwire can encode on the wire: not a candidate
        }
    }

    private static final String PREFIX = "jgroups-", SUFFIX = ".jar";
    private static final String DIGITS = "0123456789";
    private static final String QUALIFIER = DIGITS + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-";

    private static boolean onlyOf(String text, String allowed) {
        for (int i = 0; i < text.length(); i++) if (allowed.indexOf(text.charAt(i)) < 0) return false;
        return true;
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
