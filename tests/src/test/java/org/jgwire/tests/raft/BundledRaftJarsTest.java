package org.jgwire.tests.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.ProtocolJar;
import org.jgwire.codec.runtime.ProtocolJarFacts;
import org.jgwire.codec.runtime.ProtocolJars;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;

/**
 * Every bundled JGroups jar gets a bundled jgroups-raft release, and that release's header classes register with
 * that jar's {@code ClassConfigurator}: its readers are then there for every version, not only for the one the raft
 * sample was captured with.
 */
class BundledRaftJarsTest {
    @Test
    void everyBundledJGroupsJarGetsARaftReleaseWhoseHeadersRegister() throws Exception {
        ProtocolJars protocols = ProtocolJars.of(Decoding.home(), List.of());
        List<Path> jgroups = new ArrayList<>();
        try (DirectoryStream<Path> jars =
                Files.newDirectoryStream(Decoding.home().resolve("jgroups"), "jgroups-*.jar")) {
            jars.forEach(jgroups::add);
        }
        assertTrue(jgroups.size() >= 16, jgroups.toString());
        List<String> unlinked = new ArrayList<>();
        for (Path jar : jgroups) {
            JGroupsVersion version = versionOf(jar);
            List<ProtocolJar> chosen = protocols.forJGroups(version);
            assertEquals(1, chosen.size(), jar + ": " + chosen);
            ProtocolJar raft = chosen.get(0);
            assertEquals("jgroups-raft", raft.artifact(), jar.toString());
            assertTrue(
                    raft.classes().stream()
                            .anyMatch(r -> r.id() == 2000 && r.simpleName().equals("AppendEntriesRequest")),
                    raft.label() + ": " + raft.classes());
            assertTrue(raft.protocols().stream().anyMatch(r -> r.simpleName().equals("RAFT")), raft.label());
            try (URLClassLoader loader = new URLClassLoader(
                    new URL[] {jar.toUri().toURL(), raft.path().toUri().toURL()}, null)) {
                ProtocolJarFacts facts = ProtocolJars.register(loader, chosen);
                assertEquals(Map.of(), facts.failures(), raft.label() + " on " + jar.getFileName());
                assertEquals(raft.classes().size(), facts.classes().size(), raft.label() + " on " + jar.getFileName());
                for (ProtocolJar.Registration r : raft.classes()) {
                    String problem = roundTrip(loader, r.className());
                    if (problem != null)
                        unlinked.add(
                                raft.label() + " on " + jar.getFileName() + ": " + r.simpleName() + ": " + problem);
                }
            }
        }
        assertEquals(List.of(), unlinked, "header classes that do not link with the JGroups jar they serve");
    }

    /**
     * A new instance of the class written by its own {@code writeTo} and read back by its {@code readFrom}: a release
     * that calls a method this JGroups jar lacks (raft 1.0.14's {@code Bits.writeLongCompressed} on 5.0) fails here.
     * A default instance that cannot be written (a null its writer does not expect) says nothing about linking.
     */
    private static String roundTrip(ClassLoader loader, String className) throws Exception {
        Class<?> c = Class.forName(className, true, loader);
        Object o = c.getDeclaredConstructor().newInstance();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            c.getMethod("writeTo", DataOutput.class).invoke(o, new DataOutputStream(bytes));
            Object back = c.getDeclaredConstructor().newInstance();
            c.getMethod("readFrom", DataInput.class)
                    .invoke(back, new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof LinkageError) return e.getCause().toString();
        }
        return null;
    }

    private static JGroupsVersion versionOf(Path jar) throws IOException {
        String name = jar.getFileName().toString(); // jgroups-X.Y.Z.Qualifier.jar
        String[] parts = name.substring("jgroups-".length()).split("\\.");
        return JGroupsVersion.parse(parts[0] + "." + parts[1] + "." + parts[2]);
    }
}
