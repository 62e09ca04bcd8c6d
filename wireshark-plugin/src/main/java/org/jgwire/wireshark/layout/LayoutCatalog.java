package org.jgwire.wireshark.layout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jgwire.codec.runtime.JGroupsVersion;
import org.jgwire.codec.runtime.WireVariant;
import org.jgwire.codec.runtime.WireVariants;

/**
 * Everything the Lua dissector is generated from: the wire variants (core-codec's {@link WireVariants}), one
 * {@link JarCatalog} per bundled jar, and the header layouts resolved against each jar.
 */
public final class LayoutCatalog {
    private static final Pattern JAR = Pattern.compile("jgroups-(\\d+\\.\\d+\\.\\d+)((?:\\.[A-Za-z0-9_-]+)*)\\.jar");

    private final List<JarCatalog> jars;

    private LayoutCatalog(List<JarCatalog> jars) {
        this.jars = jars;
    }

    /** Reads every {@code jgroups-*.jar} of a folder (a distribution's {@code jgroups/}), oldest first. */
    public static LayoutCatalog read(Path jarFolder) throws IOException {
        List<JarCatalog> out = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(jarFolder)) {
            files = s.sorted().toList();
        }
        for (Path p : files) {
            Matcher m = JAR.matcher(p.getFileName().toString());
            if (!m.matches()) continue;
            JGroupsVersion v = JGroupsVersion.parse(m.group(1));
            if (WireVariants.of(v) == null) continue;
            out.add(JarCatalog.read(p, v, m.group(1) + m.group(2)));
        }
        if (out.isEmpty()) throw new IOException("no jgroups-*.jar of a known wire variant in " + jarFolder);
        out.sort(Comparator.comparing(JarCatalog::version));
        return new LayoutCatalog(List.copyOf(out));
    }

    public List<JarCatalog> jars() {
        return jars;
    }

    public List<WireVariant> variants() {
        return WireVariants.all();
    }
}
