package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher ({@code ./jgwire}) picks its JVM options by the size of the input files: C1 alone under 4 MB, the
 * large-input options from 4 MB on, the defaults for standard input. Run here as a copy in a folder laid out as the
 * repository is, with a {@code java} on the PATH that prints what it was given instead of starting a JVM.
 */
class LauncherJvmOptionsTest {
    private static final String LARGE = "-XX:Tier4InvocationThreshold=40000";
    private static final String SMALL = "-XX:TieredStopAtLevel=1";

    @TempDir
    Path root;

    private Path launcher;
    private Path bin;

    @BeforeEach
    void layOut() throws IOException {
        Path repository = Decoding.home().getParent().getParent().getParent();
        launcher = Files.copy(repository.resolve("jgwire"), root.resolve("jgwire"));
        Path home = Files.createDirectories(root.resolve("cli/target/jgwire"));
        Files.createFile(Files.createDirectories(home.resolve("lib")).resolve("jgwire-cli-0.jar"));
        for (String dir : new String[] {"jgroups", "adapters", "nodes"}) Files.createDirectories(home.resolve(dir));
        bin = Files.createDirectories(root.resolve("bin"));
        Path java = Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A sparse file of {@code bytes}: the launcher only looks at its size. */
    private Path fileOf(String name, long bytes) throws IOException {
        Path f = root.resolve(name);
        try (RandomAccessFile r = new RandomAccessFile(f.toFile(), "rw")) {
            r.setLength(bytes);
        }
        return f;
    }

    /** The arguments the launcher hands to java for {@code jgwire decode args...}. */
    private String javaArguments(String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder();
        pb.command().add(launcher.toString());
        pb.command().add("decode");
        pb.command().addAll(List.of(args));
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("JGWIRE_CDS", "0");
        pb.environment().remove("JGWIRE_JAVA_OPTS");
        pb.redirectInput(ProcessBuilder.Redirect.PIPE).redirectErrorStream(true);
        Process p = pb.start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(JgwireProcess.PATIENCE_SECONDS, TimeUnit.SECONDS), "launcher still running");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("org.jgwire.cli.Main decode"), out);
        return out;
    }

    @Test
    void aCaptureOf4MbOrMoreGetsTheLargeInputOptions() throws Exception {
        String out = javaArguments(fileOf("big.pcap", 4_000_000).toString());
        assertTrue(out.contains(LARGE), out);
        assertFalse(out.contains(SMALL), out);
    }

    @Test
    void aSmallerCaptureRunsOnC1Alone() throws Exception {
        String out = javaArguments(fileOf("small.pcap", 3_999_999).toString());
        assertTrue(out.contains(SMALL), out);
        assertFalse(out.contains(LARGE), out);
    }

    /** A symbolic link counts with the size of the capture it names, not its own few bytes. */
    @Test
    void aLinkToALargeCaptureGetsTheLargeInputOptions() throws Exception {
        Path link = Files.createSymbolicLink(root.resolve("link.pcap"), fileOf("big.pcap", 50_000_000));
        String out = javaArguments(link.toString());
        assertTrue(out.contains(LARGE), out);
        assertFalse(out.contains(SMALL), out);
    }

    @Test
    void standardInputKeepsTheDefaults() throws Exception {
        String out = javaArguments("-");
        assertFalse(out.contains(LARGE), out);
        assertFalse(out.contains(SMALL), out);
        assertTrue(out.contains("-XX:+UseParallelGC"), out);
    }
}
