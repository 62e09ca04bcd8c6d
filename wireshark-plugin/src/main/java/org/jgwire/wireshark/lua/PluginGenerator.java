package org.jgwire.wireshark.lua;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.jgwire.wireshark.catalog.LayoutCatalog;

/** Facade: reads the jars of a folder and returns / writes the plugin. */
public final class PluginGenerator {
    private PluginGenerator() {}

    /** The plugin's text for every {@code jgroups-*.jar} in {@code jarFolder}. */
    public static String generate(Path jarFolder, String jgwireVersion) throws IOException {
        return new PluginRenderer(LayoutCatalog.read(jarFolder), jgwireVersion).render();
    }

    /** The plugin's text for a catalog already read (whose coverage the caller may report). */
    public static String generate(LayoutCatalog catalog, String jgwireVersion) {
        return new PluginRenderer(catalog, jgwireVersion).render();
    }

    /** Writes the plugin to {@code target} (through a temporary file, so a reader never sees half of it). */
    public static void write(Path jarFolder, String jgwireVersion, Path target) throws IOException {
        write(LayoutCatalog.read(jarFolder), jgwireVersion, target);
    }

    /** Writes the plugin of a catalog to {@code target}, atomically. */
    public static void write(LayoutCatalog catalog, String jgwireVersion, Path target) throws IOException {
        String text = generate(catalog, jgwireVersion);
        Path dir = target.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".jgroups", ".lua.tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
