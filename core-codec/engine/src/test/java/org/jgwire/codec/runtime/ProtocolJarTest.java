package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

class ProtocolJarTest {
    private static final String CONFIGURATOR = "org/jgroups/conf/ClassConfigurator";

    @Test
    void registrationsWithConstantArgumentsAreReadFromStaticInitialisers(@TempDir Path dir) throws IOException {
        byte[] protocol = classWithClinit("com/example/MYPROTO", mv -> {
            register(mv, "addProtocol", 1100, "com/example/MYPROTO");
            register(mv, "add", 2500, "com/example/MyHeader");
            register(mv, "add", 2501, "com/example/MYPROTO$Inner");
        });
        Path jar = jar(dir.resolve("myproto-2.1.jar"), "com/example/MYPROTO.class", protocol);

        ProtocolJar read = ProtocolJar.read(jar);

        assertEquals(
                List.of(
                        new ProtocolJar.Registration((short) 2500, "com.example.MyHeader"),
                        new ProtocolJar.Registration((short) 2501, "com.example.MYPROTO$Inner")),
                read.classes());
        assertEquals(List.of(new ProtocolJar.Registration((short) 1100, "com.example.MYPROTO")), read.protocols());
        assertEquals("Inner", read.classes().get(1).simpleName());
        assertEquals("myproto", read.artifact(), "no Maven coordinates: from the file name");
        assertEquals("myproto 2.1", read.label());
    }

    @Test
    void aCallWhoseArgumentsAreNotConstantsIsNoRegistration(@TempDir Path dir) throws IOException {
        byte[] protocol = classWithClinit("com/example/P", mv -> {
            mv.visitFieldInsn(Opcodes.GETSTATIC, "com/example/P", "ID", "S");
            mv.visitLdcInsn(Type.getObjectType("com/example/H"));
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, CONFIGURATOR, "add", "(SLjava/lang/Class;)V", false);
            register(mv, "add", 2600, "com/example/Kept");
        });
        ProtocolJar read = ProtocolJar.read(jar(dir.resolve("p.jar"), "com/example/P.class", protocol));
        assertEquals(List.of(new ProtocolJar.Registration((short) 2600, "com.example.Kept")), read.classes());
    }

    @Test
    void aJarThatRegistersNothingIsRefusedWithItsName(@TempDir Path dir) throws IOException {
        Path jar = jar(dir.resolve("plain.jar"), "com/example/P.class", classWithClinit("com/example/P", mv -> {}));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProtocolJar.read(jar));
        assertTrue(
                e.getMessage().contains("plain.jar") && e.getMessage().contains("registers no header"), e.getMessage());
        Path notAJar = Files.writeString(dir.resolve("notes.jar"), "text");
        e = assertThrows(IllegalArgumentException.class, () -> ProtocolJar.read(notAJar));
        assertTrue(e.getMessage().contains("not a readable jar"), e.getMessage());
    }

    @Test
    void mavenCoordinatesNameTheJar(@TempDir Path dir) throws IOException {
        byte[] protocol = classWithClinit("com/example/P", mv -> register(mv, "add", 2700, "com/example/H"));
        Path jar = dir.resolve("renamed.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            put(zip, "com/example/P.class", protocol);
            put(
                    zip,
                    "META-INF/maven/com.example/some-protocol/pom.properties",
                    "artifactId=some-protocol\ngroupId=com.example\nversion=3.0.1.Final\n"
                            .getBytes(StandardCharsets.UTF_8));
        }
        ProtocolJar read = ProtocolJar.read(jar);
        assertEquals("some-protocol", read.artifact());
        assertEquals("some-protocol 3.0.1.Final", read.label());
        assertEquals(read, ProtocolJar.fromText(jar, read.toText()), "the cached form reads back the same");
    }

    private static void register(MethodVisitor mv, String method, int id, String internalName) {
        mv.visitIntInsn(Opcodes.SIPUSH, id);
        mv.visitLdcInsn(Type.getObjectType(internalName));
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, CONFIGURATOR, method, "(SLjava/lang/Class;)V", false);
    }

    static byte[] classWithClinit(String internalName, Consumer<MethodVisitor> body) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC, internalName, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        body.accept(mv);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    static Path jar(Path jar, String entry, byte[] bytes) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            put(zip, entry, bytes);
        }
        return jar;
    }

    private static void put(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        OutputStream out = zip;
        out.write(bytes);
        zip.closeEntry();
    }
}
