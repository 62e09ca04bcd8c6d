package org.jgwire.codec.stack;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import org.jgwire.codec.DecryptionKeys;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.runtime.EncryptHeaderFields;

/**
 * Decrypts what SYM_ENCRYPT and ASYM_ENCRYPT encrypted, as their {@code Encrypt._decrypt} does: the header, read by
 * the jar of the frame's version, names the key version (picking the key) and the IV; the cipher is the key's
 * algorithm ({@code SYM_ENCRYPT.setSecretKey} makes {@code sym_algorithm} the key's when they differ; {@code "AES"},
 * i.e. ECB, is every version's default), in CBC with PKCS5 padding when the header carries an IV (what the shipped
 * {@code sym-encrypt.xml} configures with {@code sym_iv_length}), unless the user names another transformation.
 * Decrypted bytes never grow past the encrypted ones, which lie in the captured frame. One instance per capture.
 */
public final class Decryptor {
    /** {@code VersionRuntime::readEncryptHeader}. */
    public interface HeaderReader {
        EncryptHeaderFields read(JGroupsVersion version, int magicId, byte[] buf, int off, int len);
    }

    /** {@code VersionRuntime::readView}. */
    public interface ViewReader {
        ViewInfo read(JGroupsVersion version, String gmsType, byte[] buf, int off, int len);
    }

    /** {@code VersionRuntime::keyBlockLength}. */
    public interface KeyBlockReader {
        int length(JGroupsVersion version, byte[] buf, int off, int len);
    }

    /** The plaintext, or why there is none. */
    record Result(byte[] bytes, String problem) {}

    private final HeaderReader reader;
    private final ViewReader views;
    private final KeyBlockReader keyBlocks;
    private final DecryptionKeys keys;
    private final Map<String, Cipher> ciphers = new HashMap<>();

    public Decryptor(HeaderReader reader, ViewReader views, KeyBlockReader keyBlocks, DecryptionKeys keys) {
        this.reader = reader;
        this.views = views;
        this.keyBlocks = keyBlocks;
        this.keys = keys != null ? keys : DecryptionKeys.NONE;
    }

    /** A decryptor with no header reader and no keys (tests of the other steps). */
    static Decryptor none() {
        return new Decryptor((v, m, b, o, l) -> null, (v, t, b, o, l) -> null, (v, b, o, l) -> -1, DecryptionKeys.NONE);
    }

    boolean hasKeys() {
        return !keys.isEmpty();
    }

    /**
     * The header's fields, read by the jar from its body (after the protocol and magic ids), or null when its bytes
     * are not in {@code buf} (whose byte {@code base} the message's offsets count from) or the jar cannot read them.
     */
    EncryptHeaderFields fields(MessageRecord m, HeaderRecord h, byte[] buf, int base) {
        if (buf == null || h.offset() < 0 || h.length() < 4) return null;
        int start = base + h.offset() + 4, len = h.length() - 4;
        if (start < 0 || start > buf.length - len) return null;
        return reader.read(m.version(), h.magicId(), buf, start, len);
    }

    Result decrypt(EncryptHeaderFields f, byte[] buf, int off, int len) {
        SecretKey key = keys.forVersion(f.version());
        if (key == null)
            return new Result(
                    null,
                    "no key given has version " + hex(f.version()) + " (given: "
                            + String.join(", ", keys.byVersion().keySet()) + ")");
        String transformation = keys.cipher() != null
                ? keys.cipher()
                : f.iv() != null ? key.getAlgorithm() + "/CBC/PKCS5Padding" : key.getAlgorithm();
        try {
            Cipher c = ciphers.get(transformation);
            if (c == null) ciphers.put(transformation, c = Cipher.getInstance(transformation));
            if (f.iv() != null) c.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(f.iv()));
            else c.init(Cipher.DECRYPT_MODE, key);
            return new Result(c.doFinal(buf, off, len), null);
        } catch (GeneralSecurityException | IllegalArgumentException | IllegalStateException e) {
            ciphers.remove(transformation); // a cipher whose init failed is not reused
            return new Result(null, "decryption with " + transformation + " failed: " + e.getMessage());
        }
    }

    /**
     * {@code m} with the view its decrypted payload carries, read by the jar, when a GmsHeader says it carries one
     * (the adapter reads no view from an encrypted payload).
     */
    MessageRecord withView(MessageRecord m, byte[] payload) {
        if (m.view() != null) return m;
        for (HeaderRecord h : m.headers())
            if (h.headerClass() == HeaderClass.GMS && h.field("type") instanceof String type) {
                ViewInfo v = views.read(m.version(), type, payload, 0, payload.length);
                return v != null ? m.withView(v) : m;
            }
        return m;
    }

    /**
     * What follows the key block an INSTALL_KEYS payload {@code buf[off, off+len)} starts with (walked by the jar of
     * {@code m}), or null when the bytes are no key block.
     */
    byte[] afterKeys(MessageRecord m, byte[] buf, int off, int len) {
        int keys = keyBlocks.length(m.version(), buf, off, len);
        return keys < 0 ? null : Arrays.copyOfRange(buf, off + keys, off + len);
    }

    static String hex(byte[] b) {
        return b == null ? "none" : HexFormat.of().formatHex(b);
    }
}
