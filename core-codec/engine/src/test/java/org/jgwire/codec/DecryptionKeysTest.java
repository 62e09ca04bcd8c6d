package org.jgwire.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keys read from keystores the JDK writes here, and the problems a user can make, each said once and clearly. */
class DecryptionKeysTest {
    @TempDir
    Path dir;

    private static final byte[] KEY = HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f");

    private Path store(String type, String storePw, String keyPw) throws Exception {
        KeyStore ks = KeyStore.getInstance(type);
        ks.load(null, null);
        ks.setEntry(
                "k",
                new KeyStore.SecretKeyEntry(new SecretKeySpec(KEY, "AES")),
                new KeyStore.PasswordProtection(keyPw.toCharArray()));
        Path file = dir.resolve("s." + type.toLowerCase());
        try (OutputStream out = Files.newOutputStream(file)) {
            ks.store(out, storePw.toCharArray());
        }
        return file;
    }

    @Test
    void aKeyIsFiledUnderTheMd5OfItsBytes() throws Exception {
        String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(KEY));
        for (String type : new String[] {"JCEKS", "PKCS12"}) {
            DecryptionKeys keys = DecryptionKeys.fromKeystore(store(type, "pw", "pw"), "pw".toCharArray(), "k", null);
            assertEquals(java.util.Set.of(md5), keys.byVersion().keySet(), type);
            SecretKey k = keys.forVersion(HexFormat.of().parseHex(md5));
            assertEquals(HexFormat.of().formatHex(KEY), HexFormat.of().formatHex(k.getEncoded()));
        }
        assertEquals(
                java.util.Set.of(md5),
                DecryptionKeys.fromHex(HexFormat.of().formatHex(KEY), null)
                        .byVersion()
                        .keySet());
    }

    @Test
    void aKeyPasswordThatDiffersFromTheStoresIsUsedWhenGiven() throws Exception {
        Path file = store("JCEKS", "store-pw", "key-pw");
        assertEquals(
                1,
                DecryptionKeys.fromKeystore(file, "store-pw".toCharArray(), "k", "key-pw".toCharArray())
                        .byVersion()
                        .size());
        DecryptionKeys.KeyProblem p = assertThrows(
                DecryptionKeys.KeyProblem.class,
                () -> DecryptionKeys.fromKeystore(file, "store-pw".toCharArray(), "k", null));
        assertTrue(p.getMessage().contains("wrong key password for 'k'"), p.getMessage());
        assertFalse(p.getMessage().contains("store-pw"), p.getMessage());
    }

    /** Without --key-alias every entry is tried: the one whose key password is wrong is named, not 'null'. */
    @Test
    void aWrongKeyPasswordNamesTheEntryAlsoWhenNoAliasWasGiven() throws Exception {
        Path file = store("JCEKS", "store-pw", "key-pw");
        String m = assertThrows(
                        DecryptionKeys.KeyProblem.class,
                        () -> DecryptionKeys.fromKeystore(file, "store-pw".toCharArray(), null, null))
                .getMessage();
        assertEquals(
                "keystore " + file + ": wrong key password for 'k' (it is not the keystore's: give it with "
                        + "--key-password)",
                m);
    }

    @Test
    void problemsNameTheFileAndAliasNeverAPassword() throws Exception {
        Path file = store("PKCS12", "secret-pw", "secret-pw");
        String wrongStore = assertThrows(
                        DecryptionKeys.KeyProblem.class,
                        () -> DecryptionKeys.fromKeystore(file, "bad-pw".toCharArray(), null, null))
                .getMessage();
        assertTrue(wrongStore.contains("wrong keystore password"), wrongStore);
        assertFalse(wrongStore.contains("bad-pw") || wrongStore.contains("secret-pw"), wrongStore);
        String noAlias = assertThrows(
                        DecryptionKeys.KeyProblem.class,
                        () -> DecryptionKeys.fromKeystore(file, "secret-pw".toCharArray(), "other", null))
                .getMessage();
        assertTrue(noAlias.contains("no entry 'other' (it has: k)"), noAlias);
        assertTrue(assertThrows(
                        DecryptionKeys.KeyProblem.class,
                        () -> DecryptionKeys.fromKeystore(dir.resolve("none.p12"), new char[0], null, null))
                .getMessage()
                .contains("no such file"));
        assertTrue(assertThrows(DecryptionKeys.KeyProblem.class, () -> DecryptionKeys.fromHex("xyz", null))
                .getMessage()
                .contains("not hex"));
    }

    /** An RSA private key (what ASYM_ENCRYPT members hold) is not the shared key: the message says what to give. */
    @Test
    void aPrivateKeyIsNotTakenForTheSharedKey() throws Exception {
        // a key pair as ASYM_ENCRYPT makes one, stored by the JDK's keytool with a self-signed certificate
        Path file = dir.resolve("rsa.p12");
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        "rsa",
                        "-keyalg",
                        "RSA",
                        "-keysize",
                        "2048",
                        "-dname",
                        "CN=test",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        file.toString(),
                        "-storepass",
                        "pwpwpw",
                        "-keypass",
                        "pwpwpw")
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), output);
        String m = assertThrows(
                        DecryptionKeys.KeyProblem.class,
                        () -> DecryptionKeys.fromKeystore(file, "pwpwpw".toCharArray(), "rsa", null))
                .getMessage();
        assertTrue(m.contains("holds a private key") && m.contains("--secret-key"), m);
    }
}
