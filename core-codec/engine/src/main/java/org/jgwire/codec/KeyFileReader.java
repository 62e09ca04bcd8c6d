package org.jgwire.codec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jgwire.codec.DecryptionKeys.KeyProblem;

/**
 * Reads a key file the user named (a keystore, a key log) whole, never more than a bound: a regular file's size is
 * checked before it is opened, and anything else (a device such as {@code /dev/zero}, a pipe from {@code <(...)}) is
 * read up to one byte past the bound. A directory, a missing file and one that cannot be read are said in words.
 */
final class KeyFileReader {
    private KeyFileReader() {}

    /**
     * @param what  the file as the message names it: "keystore x.jceks", "key log x.keys"
     * @param limit the most bytes such a file can sensibly hold
     */
    static byte[] read(String what, Path file, int limit) throws KeyProblem {
        if (Files.isDirectory(file)) throw new KeyProblem(what + " is a directory, not a file");
        if (!Files.exists(file)) throw new KeyProblem(what + ": no such file");
        boolean regular = Files.isRegularFile(file);
        try {
            if (regular && Files.size(file) > limit)
                throw new KeyProblem(what + " is " + Files.size(file) + " bytes, more than the " + mib(limit)
                        + " such a file can be: is it the right file?");
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes(limit + 1);
            }
            if (bytes.length > limit)
                throw new KeyProblem(
                        what + (regular ? " grew past " : " is not a file but a device or pipe giving more than ")
                                + mib(limit) + ": is it the right file?");
            return bytes;
        } catch (NoSuchFileException e) {
            throw new KeyProblem(what + ": no such file");
        } catch (AccessDeniedException e) {
            throw new KeyProblem(what + " cannot be read: permission denied");
        } catch (IOException e) {
            throw new KeyProblem(what + " cannot be read: " + (e.getMessage() != null ? e.getMessage() : "I/O error"));
        }
    }

    private static String mib(int bytes) {
        return (bytes >> 20) + " MiB";
    }
}
