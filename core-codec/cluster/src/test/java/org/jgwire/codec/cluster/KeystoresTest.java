package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPrivateKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key material the runner makes for SSL_KEY_EXCHANGE and X509Token is what those protocols load. */
class KeystoresTest {
    @TempDir
    Path dir;

    @Test
    void theRsaStoreHoldsAKeyPairWithItsSelfSignedCertificateUnderTheAlias() throws Exception {
        String password = Keystores.password();
        Path file = Keystores.rsa(dir.resolve("rsa.p12"), "jgwire", password);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, password.toCharArray());
        }
        KeyStore.PrivateKeyEntry entry = (KeyStore.PrivateKeyEntry)
                ks.getEntry("jgwire", new KeyStore.PasswordProtection(password.toCharArray()));
        assertInstanceOf(RSAPrivateKey.class, entry.getPrivateKey());
        X509Certificate cert = (X509Certificate) entry.getCertificate();
        assertEquals(cert.getSubjectX500Principal(), cert.getIssuerX500Principal());
        cert.verify(cert.getPublicKey()); // self-signed: the key store is also the members' trust store
    }

    @Test
    void aStoreThatCannotBeWrittenIsAnErrorNamingKeytool() {
        Exception e = assertThrows(
                java.io.IOException.class, () -> Keystores.rsa(dir.resolve("no/such/dir/rsa.p12"), "a", "pw123456"));
        assertEquals(true, e.getMessage().contains("keytool"), e.getMessage());
    }
}
