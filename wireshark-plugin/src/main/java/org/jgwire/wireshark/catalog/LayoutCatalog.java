package org.jgwire.wireshark.catalog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.ProtocolJars;
import org.jgwire.codec.runtime.UserJarVersion;
import org.jgwire.codec.runtime.WireVariant;
import org.jgwire.codec.runtime.WireVariants;

/**
 * Everything the Lua dissector is generated from: the wire variants (core-codec's {@link WireVariants}), one
 * {@link JarCatalog} per bundled jar (with the protocol jars the decoder loads beside it), and the header layouts
 * resolved against each jar.
 */
public final class LayoutCatalog {
    private static final Pattern JAR = Pattern.compile("jgroups-(\\d+\\.\\d+\\.\\d+)((?:[.-][A-Za-z0-9_]+)*)\\.jar");

    private final List<JarCatalog> jars;

    private LayoutCatalog(List<JarCatalog> jars) {
        this.jars = jars;
    }

    /** Reads every {@code jgroups-*.jar} of a folder (a distribution's {@code jgroups/}), oldest first. */
    public static LayoutCatalog read(Path jarFolder) throws IOException {
        return read(jarFolder, List.of());
    }

    /**
     * Reads every {@code jgroups-*.jar} of a folder and the extra jars (a user's own build), oldest first; an extra
     * jar takes the place of a bundled jar of the same version.
     */
    public static LayoutCatalog read(Path jarFolder, List<Path> extraJars) throws IOException {
        return read(jarFolder, extraJars, ProtocolJars.NONE);
    }

    /**
     * As {@link #read(Path, List)}, each JGroups jar read with the protocol jars {@code protocols} picks for its
     * version ({@link ProtocolJars#forJGroups}), as the decoder loads them.
     */
    public static LayoutCatalog read(Path jarFolder, List<Path> extraJars, ProtocolJars protocols) throws IOException {
        Map<JGroupsVersion, JarCatalog> out = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(jarFolder)) {
            files = new ArrayList<>(s.sorted().toList());
        }
        for (Path p : files) {
            Matcher m = JAR.matcher(p.getFileName().toString());
            if (!m.matches()) continue;
            JGroupsVersion v = JGroupsVersion.parse(m.group(1));
            if (WireVariants.of(v) == null) continue;
            out.put(v, JarCatalog.read(p, v, m.group(1) + m.group(2), protocols.forJGroups(v)));
        }
        for (Path p : extraJars) {
            // the version the jar's own org.jgroups.Version writes on the wire, whatever the file is called; the
            // file name's qualifier (.Final, -SNAPSHOT) is kept in the label when the name tells the same version
            JGroupsVersion v;
            try {
                v = UserJarVersion.read(p);
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
            if (WireVariants.of(v) == null)
                throw new IOException("--jgroups-jar " + p + ": JGroups " + v + " has no wire format jgwire knows");
            Matcher m = JAR.matcher(p.getFileName().toString());
            boolean named = m.matches() && JGroupsVersion.parse(m.group(1)).equals(v);
            out.put(v, JarCatalog.read(p, v, named ? m.group(1) + m.group(2) : v.toString(), protocols.forJGroups(v)));
        }
        if (out.isEmpty()) throw new IOException("no jgroups-*.jar of a known wire variant in " + jarFolder);
        return new LayoutCatalog(List.copyOf(out.values()));
    }

    public List<JarCatalog> jars() {
        return jars;
    }

    public List<WireVariant> variants() {
        return WireVariants.all();
    }
}
