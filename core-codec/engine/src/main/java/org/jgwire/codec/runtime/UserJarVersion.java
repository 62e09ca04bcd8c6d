package org.jgwire.codec.runtime;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jgwire.codec.model.JGroupsVersion;

/** Reads the version of a user's JGroups jar from its own {@code org.jgroups.Version}. */
public final class UserJarVersion {
    private UserJarVersion() {}

    /** The version of {@code jar}, read from its own {@code org.jgroups.Version.version} short. */
    public static JGroupsVersion read(Path jar) {
        if (!Files.isRegularFile(jar)) throw new IllegalArgumentException("--jgroups-jar " + jar + ": no such file");
        try (VersionClassLoader probe = new VersionClassLoader(
                "jgwire-probe", new URL[] {jar.toUri().toURL()}, WireAdapter.class.getClassLoader())) {
            Class<?> version = Class.forName("org.jgroups.Version", true, probe);
            if (version.getClassLoader() != probe)
                throw new IllegalArgumentException("--jgroups-jar " + jar + ": no org.jgroups.Version in it");
            return JarVersion.of(version);
        } catch (IOException | ReflectiveOperationException | LinkageError | RuntimeException e) {
            if (e instanceof IllegalArgumentException iae) throw iae;
            throw new IllegalArgumentException(
                    "--jgroups-jar " + jar + ": cannot read its JGroups version (" + e + ")");
        }
    }
}
