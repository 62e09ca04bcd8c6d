package org.jgwire.codec;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.util.regex.Pattern;
import org.jgwire.codec.DecryptionKeys.KeyProblem;

/**
 * Opens a keystore from its bytes, its type found from its first bytes rather than by letting each type try (which
 * reported a cut-short file as a wrong password): JKS and JCEKS by their magic numbers, PKCS12 by its DER sequence.
 * What is wrong is said in words: not a keystore, cut short, wrong password, damaged. No password is ever shown.
 */
final class KeystoreLoader {
    /** Largest keystore read: one with thousands of certificates still holds a few MiB. */
    static final int MAX_BYTES = 16 << 20;

    private static final int JKS_MAGIC = 0xFEEDFEED, JCEKS_MAGIC = 0xCECECECE;

    private KeystoreLoader() {}

    /** @param what the keystore as messages name it ("keystore x.jceks") */
    static KeyStore load(String what, byte[] bytes, char[] password) throws KeyProblem {
        String type = type(bytes);
        if (type == null)
            throw new KeyProblem(what + (bytes.length == 0 ? " is empty" : " is not a keystore")
                    + ": JKS, JCEKS and PKCS12 keystores are understood");
        try {
            KeyStore store = KeyStore.getInstance(type);
            store.load(new ByteArrayInputStream(bytes), password);
            return store;
        } catch (EOFException e) {
            throw new KeyProblem(what + " is cut short: it ends inside its " + type + " entries");
        } catch (IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException
                    || e.getMessage() != null && e.getMessage().contains("password"))
                throw new KeyProblem(what + ": wrong keystore password");
            if (e.getCause() instanceof EOFException)
                throw new KeyProblem(what + " is cut short: it ends inside its " + type + " entries");
            throw damaged(what, type, e);
        } catch (GeneralSecurityException | RuntimeException e) {
            // a damaged file can trip the JDK's parsers anywhere; none of it is jgwire's to report as a bug
            throw damaged(what, type, e);
        }
    }

    /** Java class names a JDK message may start with ("java.io.IOException: "), left out of ours. */
    private static final Pattern CLASS_NAME = Pattern.compile("(?:[a-z][\\w$]*\\.)+[A-Z][\\w$]*: ?");

    private static KeyProblem damaged(String what, String type, Exception e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String m = root.getMessage() != null ? root.getMessage() : e.getMessage();
        String detail = m == null ? "" : CLASS_NAME.matcher(m).replaceAll("").strip();
        // a parser that tripped (a null pointer in the JDK's deserializer) says nothing about the file
        if (root instanceof RuntimeException || e instanceof RuntimeException || detail.contains("java.")) detail = "";
        return new KeyProblem(what + " starts as a " + type + " keystore but is damaged"
                + (detail.isEmpty() ? "" : " (" + detail + ")"));
    }

    /** JKS, JCEKS or PKCS12 from the first bytes, or null. */
    static String type(byte[] b) {
        if (b.length < 4) return null;
        int magic = (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | b[3] & 0xff;
        if (magic == JKS_MAGIC) return "JKS";
        if (magic == JCEKS_MAGIC) return "JCEKS";
        // PFX ::= SEQUENCE, its length in the long form: a PKCS12 file is never under 128 bytes
        if (b[0] == 0x30 && (b[1] & 0xff) >= 0x81 && (b[1] & 0xff) <= 0x84) return "PKCS12";
        return null;
    }
}
