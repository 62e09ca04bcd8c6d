package org.jgwire.codec.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.KeyGenerator;

/** Key material made at run time for the {@code encrypt} stack: nothing secret is committed or reused. */
final class Keystores {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Keystores() {}

    /** A random store password (hex). */
    static String password() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /**
     * Writes a JCEKS keystore (the type SYM_ENCRYPT reads in every version) holding one new AES-128 key under
     * {@code alias}, key and store protected by {@code password}.
     */
    static Path symmetric(Path file, String alias, String password) throws IOException {
        try {
            KeyGenerator gen = KeyGenerator.getInstance("AES");
            gen.init(128, RANDOM);
            KeyStore ks = KeyStore.getInstance("JCEKS");
            ks.load(null, null);
            char[] pw = password.toCharArray();
            ks.setEntry(alias, new KeyStore.SecretKeyEntry(gen.generateKey()), new KeyStore.PasswordProtection(pw));
            try (OutputStream out = Files.newOutputStream(file)) {
                ks.store(out, pw);
            }
            return file;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot make a keystore for SYM_ENCRYPT: " + e, e);
        }
    }
}
