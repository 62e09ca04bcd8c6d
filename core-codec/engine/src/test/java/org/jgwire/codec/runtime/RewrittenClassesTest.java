package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.jgroups.protocols.AuthHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RewrittenClassesTest {
    @TempDir
    Path root;

    private static byte[] original() throws IOException {
        try (InputStream in = AuthHeader.class.getResourceAsStream("AuthHeader.class")) {
            return in.readAllBytes();
        }
    }

    private static byte[] rewritten() throws IOException {
        return SandboxRewriter.rewrite(original());
    }

    private List<Path> entries(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }

    @Test
    void fingerprintCoversEveryClassOfTheRewriter() {
        Set<String> nest = Stream.of(SandboxRewriter.class, IndySites.class, ResourceCalls.class)
                .flatMap(c -> Arrays.stream(c.getNestMembers()))
                .filter(c -> c != SandboxRewriter.class)
                .map(c -> c.getName().substring(c.getPackageName().length() + 1))
                .collect(Collectors.toSet());
        assertEquals(nest, Set.of(RewrittenClasses.REWRITER_CLASSES));
    }

    private static final String KEY = "authheader";

    @Test
    void givesWhatTheRewriterMakesWhetherCachedOrNot() throws IOException {
        Path dir = RewrittenClasses.usable(root);
        assertNotNull(dir);
        RewrittenClasses cache = new RewrittenClasses(dir);
        byte[] expected = SandboxRewriter.rewrite(original());
        assertArrayEquals(expected, cache.cached(KEY, RewrittenClassesTest::rewritten)); // made and kept
        assertEquals(1, entries(dir).size());
        assertArrayEquals(expected, cache.cached(KEY, () -> {
            throw new AssertionError("the original is read although the class is kept");
        }));
        assertArrayEquals(expected, new RewrittenClasses(null).cached(KEY, RewrittenClassesTest::rewritten));
    }

    @Test
    void aDamagedEntryIsRewrittenAndReplaced() throws IOException {
        Path dir = RewrittenClasses.usable(root);
        RewrittenClasses cache = new RewrittenClasses(dir);
        byte[] expected = cache.cached(KEY, RewrittenClassesTest::rewritten);
        Path entry = entries(dir).get(0);
        byte[] damaged = Files.readAllBytes(entry);
        damaged[damaged.length / 2] ^= 1;
        Files.write(entry, damaged);
        assertArrayEquals(expected, cache.cached(KEY, RewrittenClassesTest::rewritten));
        Files.write(entry, Arrays.copyOf(damaged, damaged.length - 10)); // cut short
        assertArrayEquals(expected, cache.cached(KEY, RewrittenClassesTest::rewritten));
        assertArrayEquals(expected, Arrays.copyOfRange(Files.readAllBytes(entry), 8, expected.length + 8));
        assertEquals(1, entries(dir).size());
    }

    /** A class file that changed in the jar (its directory CRC or size), or another class, is another entry. */
    @Test
    void aJarEntryIsKeyedByItsNameCrcAndSize() {
        ZipEntry a = entry("org/jgroups/A.class", 0x1234, 100);
        Set<String> keys = Set.of(
                VersionClassLoader.entryKey(a),
                VersionClassLoader.entryKey(entry("org/jgroups/A.class", 0x1235, 100)),
                VersionClassLoader.entryKey(entry("org/jgroups/A.class", 0x1234, 101)),
                VersionClassLoader.entryKey(entry("org/jgroups/B.class", 0x1234, 100)));
        assertEquals(4, keys.size(), keys.toString());
        assertEquals(
                VersionClassLoader.entryKey(a), VersionClassLoader.entryKey(entry("org/jgroups/A.class", 0x1234, 100)));
        for (String k : keys) assertTrue(k.matches("[0-9a-f-]+"), k); // a file name everywhere
    }

    private static ZipEntry entry(String name, long crc, long size) {
        ZipEntry e = new ZipEntry(name);
        e.setCrc(crc);
        e.setSize(size);
        return e;
    }

    @Test
    void aFolderOthersMayWriteIsNotUsed() throws IOException {
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertNull(RewrittenClasses.usable(root));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
        assertNotNull(RewrittenClasses.usable(root));
    }

    @Test
    void aFolderThatCannotBeMadeMeansNoCache() throws IOException {
        Path file = Files.writeString(root.resolve("a-file"), "");
        assertNull(RewrittenClasses.usable(file.resolve("cache")));
    }
}
