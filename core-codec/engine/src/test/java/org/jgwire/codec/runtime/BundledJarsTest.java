package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jgwire.codec.model.JGroupsVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundledJarsTest {
    @Test
    void aJarNamedForItsVersionIsOneWithItsFullVersionAsLabel() {
        assertEquals("5.5.7.Final", label("jgroups-5.5.7.Final.jar"));
        assertEquals(
                JGroupsVersion.of(5, 5, 7),
                BundledJars.named(Path.of("jgroups-5.5.7.Final.jar")).version());
        assertEquals("3.6.20.Final", label("jgroups-3.6.20.Final.jar"));
        assertEquals("4.2.30", label("jgroups-4.2.30.jar"));
        assertEquals("5.4.0.Beta1.redhat-00001", label("jgroups-5.4.0.Beta1.redhat-00001.jar"));
        assertEquals("5.2.1.my_build", label("jgroups-5.2.1.my_build.jar"));
    }

    @Test
    void anyOtherNameIsNoJar() {
        for (String name : List.of(
                "jgroups-5.5.jar",
                "jgroups-5.5.7.Final.jar.bak",
                "jgroups-5.x.7.Final.jar",
                "jgroups-5.5.7..Final.jar",
                "jgroups-5.5.7.Fin al.jar",
                "jgroups-5.5.7.Final+1.jar",
                "jgroups-5.5.7.",
                "jgroups-.5.5.7.jar",
                "jgroups-raft-1.0.14.Final.jar",
                "infinispan-core-15.0.0.Final.jar",
                "jgroups-٥.5.7.Final.jar", // a digit, but not an ASCII one
                "jgroups-99.5.7.Final.jar")) // a major the wire cannot encode
        assertNull(BundledJars.named(Path.of(name)), name);
    }

    @Test
    void aFolderIsScannedInVersionOrder(@TempDir Path home) throws IOException {
        Path dir = Files.createDirectory(home.resolve("jgroups"));
        for (String name :
                List.of("jgroups-5.5.7.Final.jar", "jgroups-3.6.20.Final.jar", "README", "jgroups-4.2.30.jar"))
            Files.writeString(dir.resolve(name), "");
        List<String> labels = BundledJars.scan(home).all().stream()
                .map(BundledJars.Jar::label)
                .toList();
        assertEquals(List.of("3.6.20.Final", "4.2.30", "5.5.7.Final"), labels);
    }

    private static String label(String name) {
        return BundledJars.named(Path.of(name)).label();
    }
}
