package org.jgwire.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A key file is checked before it is read, and never read past its bound, whatever the path names. */
class KeyFileReaderTest {
    @TempDir
    Path dir;

    private String problem(Path file, int limit) {
        return assertThrows(DecryptionKeys.KeyProblem.class, () -> KeyFileReader.read("key file " + file, file, limit))
                .getMessage();
    }

    @Test
    void aSmallFileIsReadWhole() throws Exception {
        Path f = Files.write(dir.resolve("k"), new byte[] {1, 2, 3});
        assertArrayEquals(new byte[] {1, 2, 3}, KeyFileReader.read("key file", f, 3));
    }

    /** A sparse gigabyte: were it read, the test's heap would not hold it. */
    @Test
    void aFileLargerThanTheBoundIsRefusedBySizeWithoutBeingRead() throws Exception {
        Path f = dir.resolve("huge");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(1L << 30);
        }
        String m = problem(f, 1 << 20);
        assertEquals(
                "key file " + f + " is 1073741824 bytes, more than the 1 MiB such a file can be: is it the right "
                        + "file?",
                m);
    }

    @Test
    void aDeviceIsReadUpToTheBoundAndNoFurther() {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "no /dev/zero here");
        String m = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> problem(zero, 1 << 20));
        assertTrue(m.contains("is not a file but a device or pipe giving more than 1 MiB"), m);
    }

    @Test
    void aDirectoryAndAMissingFileAreSaidInWords() {
        assertEquals("key file " + dir + " is a directory, not a file", problem(dir, 10));
        Path missing = dir.resolve("missing.keys");
        assertEquals("key file " + missing + ": no such file", problem(missing, 10));
    }
}
