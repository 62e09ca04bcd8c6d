package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher maps a class-data archive of what a decode loads (AppCDS, made from a decode of a bundled sample), and
 * the JVM archives no class file older than Java 6: the build rewrites picocli's (Java 5) so that they are archived
 * too, not loaded and verified from the jar at every start-up.
 */
class ClassDataArchiveTest {
    private static final int JAVA_6 = 50;

    @Test
    void everyClassOnTheLaunchersClassPathIsOneTheArchiveCanHold() throws IOException {
        List<String> old = new ArrayList<>();
        int classes = 0;
        try (DirectoryStream<Path> jars =
                Files.newDirectoryStream(Decoding.home().resolve("lib"), "*.jar")) {
            for (Path jar : jars) {
                try (JarFile f = new JarFile(jar.toFile())) {
                    for (Enumeration<JarEntry> e = f.entries(); e.hasMoreElements(); ) {
                        JarEntry entry = e.nextElement();
                        if (!entry.getName().endsWith(".class")) continue;
                        classes++;
                        try (InputStream in = f.getInputStream(entry)) {
                            byte[] head = in.readNBytes(8);
                            int major = (head[6] & 0xFF) << 8 | head[7] & 0xFF;
                            if (major < JAVA_6) old.add(jar.getFileName() + "!" + entry.getName() + " (" + major + ")");
                        }
                    }
                }
            }
        }
        assertTrue(classes > 1000, "class files in lib: " + classes);
        assertEquals(
                List.of(), old.subList(0, Math.min(old.size(), 10)), old.size() + " class files older than Java 6");
    }

    /**
     * A decode with the archive (made as the launcher makes it) loads no picocli class from its jar, nor any JGroups
     * class, the protocol classes it only looks up among them.
     */
    @Test
    void aDecodeWithTheArchiveLoadsPicocliFromIt(@TempDir Path dir) throws Exception {
        Path home = Decoding.home();
        Path sample = Decoding.samples().resolve("5.5.7").resolve("udp-chat.pcapng");
        Path archive = dir.resolve("jgwire.jsa");
        run(dir, "-XX:ArchiveClassesAtExit=" + archive, home, sample, "-Djgwire.cds.dump=true");
        assertTrue(Files.size(archive) > 0, "no archive made");
        Path loaded = dir.resolve("loaded.txt");
        run(dir, "-XX:SharedArchiveFile=" + archive, home, sample, "-Xshare:on", "-Xlog:class+load:file=" + loaded);
        List<String> lines = Files.readAllLines(loaded);
        List<String> picocli =
                lines.stream().filter(l -> l.contains(" picocli.")).toList();
        assertTrue(picocli.size() > 50, "picocli classes loaded: " + picocli.size());
        List<String> fromJar =
                picocli.stream().filter(l -> !l.contains("shared objects file")).toList();
        assertEquals(List.of(), fromJar.subList(0, Math.min(fromJar.size(), 10)), fromJar.size() + " not archived");
        // protocol classes that JGroups' ClassConfigurator loads by its id table and never links: archived only
        // because the archive's run links them
        for (String protocol : List.of("COMPRESS", "FRAG2", "pbcast.NAKACK2", "FD_ALL3", "SYM_ENCRYPT")) {
            String name = " org.jgroups.protocols." + protocol + " ";
            List<String> line = lines.stream().filter(l -> l.contains(name)).toList();
            assertEquals(1, line.size(), name + " loaded: " + line);
            assertTrue(line.get(0).contains("shared objects file"), line.get(0));
        }
        // every JGroups class the decode loads, linked or not (the archive's run links them while the version's
        // loader still has its jars open), but the lambdas the JDK spins at run time
        List<String> jgroupsFromJar = lines.stream()
                .filter(l -> l.contains(" org.jgroups.") && !l.contains("$$Lambda$"))
                .filter(l -> !l.contains("shared objects file"))
                .toList();
        assertEquals(
                List.of(),
                jgroupsFromJar.subList(0, Math.min(jgroupsFromJar.size(), 10)),
                jgroupsFromJar.size() + " JGroups classes not archived");
    }

    private static void run(Path dir, String archiveOption, Path home, Path sample, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                archiveOption,
                "-Xlog:cds=off,cds+dynamic=off",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC"));
        cmd.addAll(List.of(more));
        cmd.addAll(List.of(
                "-Djgwire.home=" + home, "-cp", home.resolve("lib") + "/*", "org.jgwire.cli.Main", "decode", "-q"));
        cmd.add(sample.toString());
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.txt").toFile())
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running: " + cmd);
        assertEquals(0, p.exitValue(), cmd + ": " + Files.readString(dir.resolve("out.txt")));
    }
}
