package org.jgwire.codec.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.KeyGenerator;

/**
 * Key material made at run time for the stacks that read some: nothing secret is committed or reused. Symmetric keys
 * for SYM_ENCRYPT and 3.6's ENCRYPT; an RSA key pair with a self-signed certificate for SSL_KEY_EXCHANGE (its TLS
 * key and trust store) and AUTH's X509Token.
 */
final class Keystores {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String PASSWORD_ENV = "JGWIRE_STORE_PASSWORD";

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

    /**
     * Writes a PKCS12 keystore holding a new 2048-bit RSA key pair and its self-signed certificate under {@code alias},
     * key and store protected by {@code password}. The JDK has no API that signs a certificate, so its own
     * {@code keytool} makes it.
     */
    static Path rsa(Path file, String alias, String password) throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        ProcessBuilder pb = new ProcessBuilder(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                alias,
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                "CN=jgwire test member",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                file.toString(),
                "-storepass:env",
                PASSWORD_ENV,
                "-keypass:env",
                PASSWORD_ENV);
        // the password goes through the environment, never on a command line other users can read
        pb.environment().put(PASSWORD_ENV, password);
        pb.redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.PIPE);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = p.waitFor();
            if (exit != 0 || !Files.isRegularFile(file))
                throw new IOException(
                        "cannot make an RSA keystore: keytool exited with " + exit + ": " + output.strip());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making an RSA keystore", e);
        }
        return file;
    }
}
