package org.jgwire.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.util.Arrays;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** A keystore's type from its first bytes, and what is wrong with one said in words, never with its password. */
class KeystoreLoaderTest {
    private static final char[] PASSWORD = "store-secret".toCharArray();

    private static byte[] store(String type) throws Exception {
        KeyStore ks = KeyStore.getInstance(type);
        ks.load(null, null);
        ks.setEntry(
                "k",
                new KeyStore.SecretKeyEntry(new SecretKeySpec(new byte[16], "AES")),
                new KeyStore.PasswordProtection(PASSWORD));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ks.store(out, PASSWORD);
        return out.toByteArray();
    }

    private static String problem(byte[] content, char[] password) {
        String m = assertThrows(
                        DecryptionKeys.KeyProblem.class, () -> KeystoreLoader.load("keystore k", content, password))
                .getMessage();
        assertFalse(m.contains(new String(PASSWORD)) || m.contains(new String(password)), m);
        return m;
    }

    @Test
    void eachTypeIsToldByItsFirstBytesAndOpens() throws Exception {
        for (String type : new String[] {"JCEKS", "PKCS12"}) {
            byte[] content = store(type);
            assertEquals(type, KeystoreLoader.type(content));
            assertTrue(KeystoreLoader.load("keystore k", content, PASSWORD).containsAlias("k"));
        }
        assertEquals("JKS", KeystoreLoader.type(new byte[] {(byte) 0xfe, (byte) 0xed, (byte) 0xfe, (byte) 0xed}));
    }

    @Test
    void somethingElseIsNotAKeystore() {
        assertEquals(
                "keystore k is not a keystore: JKS, JCEKS and PKCS12 keystores are understood",
                problem("-----BEGIN CERTIFICATE-----\n".getBytes(StandardCharsets.US_ASCII), PASSWORD));
        assertEquals(
                "keystore k is empty: JKS, JCEKS and PKCS12 keystores are understood", problem(new byte[0], PASSWORD));
    }

    @Test
    void aKeystoreCutShortSaysSoAtEveryLength() throws Exception {
        for (String type : new String[] {"JCEKS", "PKCS12"}) {
            byte[] whole = store(type);
            for (int length = 8; length < whole.length; length += 7) {
                String m = problem(Arrays.copyOf(whole, length), PASSWORD);
                assertTrue(
                        m.equals("keystore k is cut short: it ends inside its " + type + " entries")
                                || m.startsWith("keystore k starts as a " + type + " keystore but is damaged"),
                        type + " cut at " + length + ": " + m);
                assertFalse(m.contains("Exception") || m.contains("null"), m);
            }
            assertEquals(
                    "keystore k is cut short: it ends inside its " + type + " entries",
                    problem(Arrays.copyOf(whole, whole.length / 2), PASSWORD));
        }
    }

    @Test
    void aWrongPasswordIsSaidAsSuch() throws Exception {
        for (String type : new String[] {"JCEKS", "PKCS12"})
            assertEquals("keystore k: wrong keystore password", problem(store(type), "guess".toCharArray()));
    }
}
