package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jgwire.codec.model.JGroupsVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

class ProtocolJarsTest {
    @Test
    void aJGroupsVersionGetsTheNewestLineNotAboveItOfItsMajorElseTheMajorsOldest(@TempDir Path home)
            throws IOException {
        for (String line : List.of("3.6", "4.0", "4.2", "5.3", "5.4"))
            Files.createDirectories(home.resolve("protocols").resolve(line));
        Files.createDirectories(home.resolve("protocols").resolve("not-a-line"));
        Path p54 = touch(home.resolve("protocols/5.4/proto-54.jar"));
        Path p53 = touch(home.resolve("protocols/5.3/proto-53.jar"));
        Path p42 = touch(home.resolve("protocols/4.2/proto-42.jar"));
        Path p40 = touch(home.resolve("protocols/4.0/proto-40.jar"));
        Path p36 = touch(home.resolve("protocols/3.6/proto-36.jar"));
        ProtocolJars jars = ProtocolJars.of(home, List.of());

        assertEquals(List.of(p54), jars.chosen(JGroupsVersion.of(5, 5, 7)));
        assertEquals(List.of(p54), jars.chosen(JGroupsVersion.of(5, 4, 0)));
        assertEquals(List.of(p53), jars.chosen(JGroupsVersion.of(5, 3, 24)));
        assertEquals(List.of(p53), jars.chosen(JGroupsVersion.of(5, 0, 4)), "a release built for 5.3 serves 5.0");
        assertEquals(List.of(p42), jars.chosen(JGroupsVersion.of(4, 2, 30)));
        assertEquals(List.of(p40), jars.chosen(JGroupsVersion.of(4, 1, 10)));
        assertEquals(List.of(p36), jars.chosen(JGroupsVersion.of(3, 6, 20)));
        assertEquals(List.of(), jars.chosen(JGroupsVersion.of(6, 0, 0)), "never a release of another major");
    }

    @Test
    void aUsersJarComesFirstAndReplacesTheBundledOneOfItsArtifact(@TempDir Path home) throws IOException {
        Path line = Files.createDirectories(home.resolve("protocols/5.4"));
        Path bundled = ProtocolJarTest.jar(line.resolve("proto-1.0.jar"), "p/P.class", registering("p/P", 2800));
        Path other = ProtocolJarTest.jar(line.resolve("other-2.0.jar"), "o/O.class", registering("o/O", 2900));
        Path user = ProtocolJarTest.jar(home.resolve("proto-1.1.jar"), "p/P.class", registering("p/P", 2801));

        List<ProtocolJar> plain = ProtocolJars.of(home, List.of()).forJGroups(JGroupsVersion.of(5, 5, 7));
        assertEquals(
                List.of(other, bundled), plain.stream().map(ProtocolJar::path).toList());

        List<ProtocolJar> chosen = ProtocolJars.of(home, List.of(user)).forJGroups(JGroupsVersion.of(5, 5, 7));
        assertEquals(
                List.of(user, other), chosen.stream().map(ProtocolJar::path).toList());
        assertEquals(2801, chosen.get(0).classes().get(0).id());
    }

    @Test
    void aUsersJarThatCannotBeReadNamesTheOption(@TempDir Path home) throws IOException {
        Path bad = Files.writeString(home.resolve("bad.jar"), "not a jar");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ProtocolJars.of(home, List.of(bad)));
        assertTrue(e.getMessage().startsWith("--protocol-jar " + bad), e.getMessage());
    }

    private static byte[] registering(String internalName, int magic) {
        return ProtocolJarTest.classWithClinit(internalName, mv -> {
            mv.visitIntInsn(Opcodes.SIPUSH, magic);
            mv.visitLdcInsn(Type.getObjectType(internalName + "Header"));
            mv.visitMethodInsn(
                    Opcodes.INVOKESTATIC, "org/jgroups/conf/ClassConfigurator", "add", "(SLjava/lang/Class;)V", false);
        });
    }

    private static Path touch(Path p) throws IOException {
        return Files.writeString(p, "");
    }
}
