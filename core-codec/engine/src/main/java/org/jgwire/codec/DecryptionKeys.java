package org.jgwire.codec;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.UnrecoverableKeyException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The shared keys a user gave to decrypt SYM_ENCRYPT/ASYM_ENCRYPT traffic, as a TLS key log lets a dissector decrypt
 * TLS: from a keystore (JKS, JCEKS or PKCS12, its type found from its content) or given directly in hex (ASYM_ENCRYPT's
 * session key, which lives only in the members' memory). Each key is filed under its version, the MD5 digest of its
 * encoded bytes: the value SYM_ENCRYPT/ASYM_ENCRYPT write into every {@code EncryptHeader} ({@code
 * Encrypt.initSymCiphers}), so a message is decrypted only with the key it was encrypted with. No password is kept
 * or shown.
 *
 * @param byVersion the keys by version (lower-case hex)
 * @param cipher    the cipher transformation to use ({@code --cipher}), or null for the protocol's: the key's
 *                  algorithm, with {@code /CBC/PKCS5Padding} when the header carries an IV
 */
public record DecryptionKeys(Map<String, SecretKey> byVersion, String cipher) {
    public static final DecryptionKeys NONE = new DecryptionKeys(Map.of(), null);

    public DecryptionKeys {
        byVersion = Collections.unmodifiableMap(new LinkedHashMap<>(byVersion));
    }

    /** A keystore or key that cannot be used; its message names the file and alias, never a password. */
    public static final class KeyProblem extends Exception {
        public KeyProblem(String message) {
            super(message);
        }
    }

    public boolean isEmpty() {
        return byVersion.isEmpty();
    }

    /** The key of a version given as the header carries it, or null. */
    public SecretKey forVersion(byte[] version) {
        return version == null ? null : byVersion.get(HexFormat.of().formatHex(version));
    }

    /** These keys and {@code more}, with this cipher unless this has none. */
    public DecryptionKeys with(DecryptionKeys more) {
        Map<String, SecretKey> all = new LinkedHashMap<>(byVersion);
        all.putAll(more.byVersion);
        return new DecryptionKeys(all, cipher != null ? cipher : more.cipher);
    }

    public DecryptionKeys withCipher(String transformation) {
        return new DecryptionKeys(byVersion, transformation);
    }

    /**
     * The secret keys of a keystore file: the one under {@code alias}, or every secret key in it when alias is null.
     * The file is checked before it is read and read up to 16 MiB ({@link KeyFileReader}).
     *
     * @param keyPassword the key's password; null = the store password (as SYM_ENCRYPT defaults it)
     */
    public static DecryptionKeys fromKeystore(Path file, char[] storePassword, String alias, char[] keyPassword)
            throws KeyProblem {
        String what = "keystore " + file;
        byte[] content = KeyFileReader.read(what, file, KeystoreLoader.MAX_BYTES);
        return fromKeystore(what, content, storePassword, alias, keyPassword);
    }

    /**
     * The same from a keystore's content (JKS, JCEKS or PKCS12, told apart by its first bytes).
     *
     * @param what the keystore as problems name it, e.g. "keystore keys.jceks"
     */
    public static DecryptionKeys fromKeystore(
            String what, byte[] content, char[] storePassword, String alias, char[] keyPassword) throws KeyProblem {
        KeyStore store = KeystoreLoader.load(what, content, storePassword);
        char[] keyPw = keyPassword != null ? keyPassword : storePassword;
        Map<String, SecretKey> keys = new LinkedHashMap<>();
        String a = alias;
        try {
            List<String> aliases = alias != null ? List.of(alias) : new ArrayList<>(Collections.list(store.aliases()));
            for (int i = 0; i < aliases.size(); i++) {
                a = aliases.get(i);
                if (!store.containsAlias(a))
                    throw new KeyProblem(what + " has no entry '" + a + "' (it has: "
                            + String.join(", ", Collections.list(store.aliases())) + ")");
                if (!store.isKeyEntry(a)) continue;
                Key key = store.getKey(a, keyPw);
                if (key instanceof SecretKey s) keys.put(version(s), s);
                else if (alias != null)
                    throw new KeyProblem(what + ": '" + a + "' holds "
                            + (key instanceof PrivateKey ? "a private key" : "no secret key")
                            + ", not the shared secret key SYM_ENCRYPT/ASYM_ENCRYPT encrypt with "
                            + "(for ASYM_ENCRYPT give the session key with --secret-key; see docs/encryption.md)");
            }
        } catch (UnrecoverableKeyException e) {
            throw new KeyProblem(what + ": wrong key password for '" + a + "'"
                    + (keyPassword == null ? " (it is not the keystore's: give it with --key-password)" : ""));
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new KeyProblem(what + ": the entry '" + a + "' cannot be read"
                    + (e.getMessage() != null ? " (" + e.getMessage() + ")" : ""));
        }
        if (keys.isEmpty()) throw new KeyProblem(what + " holds no secret key");
        return new DecryptionKeys(keys, null);
    }

    /** A key given directly: its bytes in hex, and its algorithm (AES unless the user says otherwise). */
    public static DecryptionKeys fromHex(String hex, String algorithm) throws KeyProblem {
        byte[] bytes;
        try {
            bytes = HexFormat.of().parseHex(hex.strip());
        } catch (IllegalArgumentException e) {
            throw new KeyProblem("secret key is not hex: " + e.getMessage());
        }
        if (bytes.length == 0) throw new KeyProblem("secret key is empty");
        SecretKey key = new SecretKeySpec(bytes, algorithm != null ? algorithm : "AES");
        return new DecryptionKeys(Map.of(version(key), key), null);
    }

    /** Largest key log read: one key is 33 bytes a line, so this holds some 30,000. */
    static final int MAX_KEY_LOG_BYTES = 1 << 20;

    /**
     * The keys of a key log ({@code jgwire cluster} writes one beside the capture of an ASYM_ENCRYPT run): one AES
     * key in hex a line; blank lines and lines starting with {@code #} are skipped. The file is checked before it is
     * read and read up to 1 MiB ({@link KeyFileReader}).
     */
    public static DecryptionKeys fromKeyLog(Path file) throws KeyProblem {
        String what = "key log " + file;
        return fromKeyLog(what, KeyFileReader.read(what, file, MAX_KEY_LOG_BYTES));
    }

    /**
     * The same from a key log's content, which must be text.
     *
     * @param what the key log as problems name it, e.g. "key log run.keys"
     */
    public static DecryptionKeys fromKeyLog(String what, byte[] content) throws KeyProblem {
        DecryptionKeys keys = NONE;
        int n = 0;
        for (String line : KeyLogText.lines(what, content)) {
            n++;
            if (line.isBlank() || line.strip().startsWith("#")) continue;
            try {
                keys = keys.with(fromHex(line, null));
            } catch (KeyProblem e) {
                throw new KeyProblem(what + " line " + n + ": " + e.getMessage());
            }
        }
        if (keys.isEmpty()) throw new KeyProblem(what + " holds no key");
        return keys;
    }

    /** The key version SYM_ENCRYPT/ASYM_ENCRYPT compute: MD5 of the encoded key, in hex. */
    public static String version(Key key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(key.getEncoded()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
    }
}
