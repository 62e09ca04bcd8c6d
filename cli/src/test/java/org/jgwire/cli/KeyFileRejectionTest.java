package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A keystore or key log that cannot be used is one line naming the file and what is wrong, exit code 3, without
 * "Try --help" (the command line was right) and without the password, on every command that takes keys.
 */
class KeyFileRejectionTest {
    private static final String PASSWORD = "pw-not-to-be-shown";

    @TempDir
    Path dir;

    private Path input, keystore;

    @BeforeEach
    void files() throws Exception {
        input = Files.write(dir.resolve("in.hex"), new byte[0]);
        KeyStore ks = KeyStore.getInstance("JCEKS");
        ks.load(null, null);
        ks.setEntry(
                "jgwire",
                new KeyStore.SecretKeyEntry(new SecretKeySpec(new byte[16], "AES")),
                new KeyStore.PasswordProtection(PASSWORD.toCharArray()));
        keystore = dir.resolve("keys.jceks");
        try (OutputStream out = Files.newOutputStream(keystore)) {
            ks.store(out, PASSWORD.toCharArray());
        }
    }

    /** The one line every command prints for these options, checked to be the same on each. */
    private String unusable(String... options) {
        String first = null;
        for (String command : new String[] {"decode", "views", "stats"}) {
            List<String> args = new ArrayList<>(List.of(command));
            args.addAll(List.of(options));
            args.add(input.toString());
            CommandRun run = new CommandRun();
            int exit = assertTimeoutPreemptively(
                    Duration.ofSeconds(30), () -> run.run(args.toArray(String[]::new)), "bounded");
            String err = run.err.toString();
            assertEquals(ExitCodes.IO, exit, command + ": " + err);
            assertEquals(1, err.lines().count(), command + ": one line, got:\n" + err);
            assertFalse(err.contains("Try '") || err.contains(PASSWORD) || err.contains("null"), err);
            assertFalse(err.contains("Exception") || err.contains("Error"), err);
            if (first == null) first = err.strip();
            else assertEquals(first, err.strip(), command + " says what decode says");
        }
        return first;
    }

    private String keystore(Path file, String... more) {
        List<String> options =
                new ArrayList<>(List.of("--keystore", file.toString(), "--keystore-password=" + PASSWORD));
        options.addAll(List.of(more));
        return unusable(options.toArray(String[]::new));
    }

    @Test
    void aGigabyteFileThatStartsLikeAJceksKeystoreIsRefusedBySize() throws Exception {
        Path big = dir.resolve("big.jceks");
        try (RandomAccessFile raf = new RandomAccessFile(big.toFile(), "rw")) {
            raf.writeInt(0xCECECECE); // JCEKS magic, version 2, then an entry count of 2^31-1
            raf.writeInt(2);
            raf.writeInt(Integer.MAX_VALUE);
            raf.setLength(1L << 30);
        }
        assertEquals(
                "jgwire: keystore " + big + " is 1073741824 bytes, more than the 16 MiB such a file can be: is it the "
                        + "right file?",
                keystore(big));
    }

    @Test
    void devZeroIsReadNoFurtherThanTheBound() {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero here");
        assertTrue(unusable("--key-log", "/dev/zero").contains("key log /dev/zero is not a file but a device or pipe"));
        assertTrue(keystore(Path.of("/dev/zero")).contains("keystore /dev/zero is not a file but a device or pipe"));
    }

    @Test
    void aTruncatedKeystoreIsCutShort() throws Exception {
        byte[] whole = Files.readAllBytes(keystore);
        Path cut = Files.write(dir.resolve("cut.jceks"), Arrays.copyOf(whole, whole.length / 2));
        assertEquals("jgwire: keystore " + cut + " is cut short: it ends inside its JCEKS entries", keystore(cut));
    }

    @Test
    void aWrongPasswordIsTheFileErrorNotAUsageError() {
        CommandRun run = new CommandRun();
        int exit = run.run(
                "decode", "--keystore", keystore.toString(), "--keystore-password=guessed-wrong", input.toString());
        assertEquals(ExitCodes.IO, exit, run.err.toString());
        assertEquals("jgwire: keystore " + keystore + ": wrong keystore password\n", run.err.toString());
    }

    @Test
    void aMissingAliasListsTheOnesThereAre() {
        assertEquals(
                "jgwire: keystore " + keystore + " has no entry 'other' (it has: jgwire)",
                keystore(keystore, "--key-alias", "other"));
    }

    @Test
    void aBinaryKeyLogNamesTheLine() throws Exception {
        Path log = Files.write(dir.resolve("run.keys"), new byte[] {'#', ' ', 'k', '\n', 0, 1, 2, 3});
        assertEquals(
                "jgwire: key log " + log + " is not a text key log: binary content (byte 0x00) at line 2; a key log "
                        + "holds one key in hex a line",
                unusable("--key-log", log.toString()));
    }

    @Test
    void aDirectoryAndAMissingFileAreSaidInWords() {
        assertEquals("jgwire: key log " + dir + " is a directory, not a file", unusable("--key-log", dir.toString()));
        assertEquals("jgwire: keystore " + dir + " is a directory, not a file", keystore(dir));
        Path missing = dir.resolve("missing.jceks");
        assertEquals("jgwire: keystore " + missing + ": no such file", keystore(missing));
        assertEquals("jgwire: key log " + missing + ": no such file", unusable("--key-log", missing.toString()));
    }

    @Test
    void optionsThatDoNotFitTogetherStayUsageErrors() {
        CommandRun run = new CommandRun();
        assertEquals(ExitCodes.USAGE, run.run("decode", "--keystore", keystore.toString(), input.toString()));
        assertTrue(run.err.toString().contains("--keystore needs --keystore-password"), run.err.toString());
        CommandRun hex = new CommandRun();
        assertEquals(ExitCodes.USAGE, hex.run("decode", "--secret-key", "xyz", input.toString()));
        assertTrue(hex.err.toString().contains("--secret-key: secret key is not hex"), hex.err.toString());
    }
}
