package org.jgwire.build;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Build step (package phase of the cli module): rewrites the class files of the jars in the launcher's class path
 * that are older than Java 6 (major version 50) as Java 8 class files, with the stack map frames Java 6 introduced.
 * The JVM's class-data sharing cannot archive older class files, so the AppCDS archive the launcher maps left out
 * picocli's (Java 5) classes, some 180 of them, which every run then loaded and verified from the jar: about 30 ms of
 * a small capture's 0.28 s start-up (tests/bench/README.md); ASM's, which the sandbox loads when it rewrites a class,
 * likewise. The code itself is unchanged. A jar with no such class is left alone (its time included), so a second
 * run changes nothing.
 *
 * <p>Usage: {@code ClassFileUpgrade DIRECTORY}
 */
public final class ClassFileUpgrade {
    private static final int JAVA_6 = 50;

    private ClassFileUpgrade() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) throw new IllegalArgumentException("usage: ClassFileUpgrade DIRECTORY");
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(Path.of(args[0]), "*.jar")) {
            for (Path jar : found) jars.add(jar);
        }
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) urls[i] = jars.get(i).toUri().toURL();
        // the frames need the common super class of two types, which may lie in another jar of the class path
        try (URLClassLoader classes = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            for (Path jar : jars) upgrade(jar, classes);
        }
    }

    /** Rewrites {@code jar} in place when it holds class files older than Java 6; else leaves it alone. */
    private static void upgrade(Path jar, ClassLoader classes) throws IOException {
        Path out = jar.resolveSibling(jar.getFileName() + ".upgrading");
        int upgraded = 0;
        boolean signed = false;
        try (JarFile in = new JarFile(jar.toFile());
                JarOutputStream w = new JarOutputStream(Files.newOutputStream(out))) {
            for (Enumeration<JarEntry> e = in.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                byte[] bytes = in.getInputStream(entry).readAllBytes();
                if (entry.getName().startsWith("META-INF/") && entry.getName().endsWith(".SF"))
                    signed = true;
                if (entry.getName().endsWith(".class") && majorVersion(bytes) < JAVA_6) {
                    bytes = upgrade(bytes, classes);
                    upgraded++;
                }
                JarEntry copy = new JarEntry(entry.getName());
                copy.setTime(entry.getTime());
                w.putNextEntry(copy);
                w.write(bytes);
                w.closeEntry();
            }
        }
        if (upgraded > 0 && signed) {
            Files.delete(out);
            throw new IllegalStateException(jar + " is signed: its rewritten classes would fail the signature");
        }
        if (upgraded == 0) Files.delete(out);
        else {
            Files.move(out, jar, StandardCopyOption.REPLACE_EXISTING);
            System.out.println(jar.getFileName() + ": " + upgraded + " class files rewritten as Java 8 class files");
        }
    }

    private static int majorVersion(byte[] classFile) {
        return (classFile[6] & 0xFF) << 8 | classFile[7] & 0xFF;
    }

    /** The class as a Java 8 class file; the frames are computed from the class path's classes and the JDK's. */
    private static byte[] upgrade(byte[] classFile, ClassLoader classes) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected ClassLoader getClassLoader() {
                return classes;
            }
        };
        ClassVisitor version = new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int v, int access, String name, String signature, String superName, String[] ifaces) {
                super.visit(Opcodes.V1_8, access, name, signature, superName, ifaces);
            }
        };
        new ClassReader(classFile).accept(version, ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }
}
