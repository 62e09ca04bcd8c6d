package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassPackTest {
    @TempDir
    Path root;

    private static final RewrittenClasses.Original NEVER = () -> {
        throw new AssertionError("made although the pack holds it");
    };

    private static RewrittenClasses.Original made(String text) {
        return () -> text.getBytes();
    }

    private List<Path> files(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    @Test
    void whatALoaderTookIsReadFromItsPackNextTime() throws IOException {
        Path dir = RewrittenClasses.usable(root);
        RewrittenClasses cache = new RewrittenClasses(dir);
        ClassPack first = cache.pack("jar-a");
        assertArrayEquals("one".getBytes(), first.cached("k1", made("one")));
        assertArrayEquals("two".getBytes(), first.cached("k2", made("two")));
        first.save();
        Path pack = dir.resolve("pack-jar-a.pack");
        assertTrue(Files.isRegularFile(pack));
        // the classes' own files stay: they are the cache's truth; the pack only gathers them
        assertTrue(Files.isRegularFile(dir.resolve("k1.class")));
        Files.delete(dir.resolve("k1.class"));
        Files.delete(dir.resolve("k2.class"));

        ClassPack next = cache.pack("jar-a");
        assertArrayEquals("one".getBytes(), next.cached("k1", NEVER));
        assertArrayEquals("two".getBytes(), next.cached("k2", NEVER));
        long written = Files.getLastModifiedTime(pack).toMillis();
        List<Path> before = files(dir);
        next.save(); // took nothing new: the pack is not written again
        assertEquals(before, files(dir));
        assertEquals(written, Files.getLastModifiedTime(pack).toMillis());

        assertArrayEquals("three".getBytes(), next.cached("k3", made("three")));
        next.save(); // a class it did not hold: the pack grows
        ClassPack third = cache.pack("jar-a");
        for (String k : List.of("k1", "k2", "k3")) third.cached(k, NEVER);
    }

    /** A cache whose pack {@code jar-a} holds class {@code k1} ("one"), kept in its own file as well. */
    private RewrittenClasses cacheWithOnePack() throws IOException {
        RewrittenClasses cache = new RewrittenClasses(RewrittenClasses.usable(root));
        ClassPack a = cache.pack("jar-a");
        a.cached("k1", made("one"));
        a.save();
        return cache;
    }

    @Test
    void anotherLoadersPackIsAnotherFile() throws IOException {
        RewrittenClasses cache = cacheWithOnePack();
        Files.delete(RewrittenClasses.usable(root).resolve("k1.class"));
        assertArrayEquals("made".getBytes(), cache.pack("jar-b").cached("k1", made("made")));
    }

    @Test
    void aDamagedPackMeansTheClassesOwnFiles() throws IOException {
        RewrittenClasses cache = cacheWithOnePack();
        Path pack = RewrittenClasses.usable(root).resolve("pack-jar-a.pack");
        byte[] damaged = Files.readAllBytes(pack);
        damaged[damaged.length - 1] ^= 1;
        Files.write(pack, damaged);
        // the class comes from its own file, not from the damaged pack and not made again
        assertArrayEquals("one".getBytes(), cache.pack("jar-a").cached("k1", NEVER));
    }

    @Test
    void packBytesOfAnotherShapeHoldNothing() {
        Map<String, byte[]> classes = new TreeMap<>(Map.of("a", new byte[] {1, 2}, "b", new byte[0]));
        byte[] pack = ClassPack.format(classes);
        Map<String, byte[]> back = ClassPack.parse(pack);
        assertEquals(classes.keySet(), back.keySet());
        assertArrayEquals(new byte[] {1, 2}, back.get("a"));
        assertTrue(ClassPack.parse(null).isEmpty());
        for (int cut = 0; cut < pack.length; cut++)
            assertTrue(ClassPack.parse(Arrays.copyOf(pack, cut)).isEmpty(), "cut at " + cut);
        byte[] longer = Arrays.copyOf(pack, pack.length + 1);
        assertTrue(ClassPack.parse(longer).isEmpty(), "bytes after the last class");
        byte[] otherFormat = pack.clone();
        otherFormat[3] = 9;
        assertTrue(ClassPack.parse(otherFormat).isEmpty());
        byte[] hugeLength = pack.clone();
        hugeLength[4] = 0x7F; // a count larger than the bytes could hold
        assertTrue(ClassPack.parse(hugeLength).isEmpty());
    }

    @Test
    void withoutACacheFolderNothingIsKept() throws IOException {
        ClassPack none = new RewrittenClasses(null).pack("jar-a");
        assertArrayEquals("one".getBytes(), none.cached("k1", made("one")));
        none.save();
        assertFalse(Files.exists(root.resolve("pack-jar-a.pack")));
        assertEquals(List.of(), files(root));
    }
}
