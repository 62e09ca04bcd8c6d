package org.jgwire.codec.runtime;

/**
 * What an {@code EncryptHeader} (SYM_ENCRYPT, ASYM_ENCRYPT) says, as the jar's own {@code EncryptHeader.readFrom}
 * read it ({@link WireAdapter#readEncryptHeader}).
 *
 * @param encrypted            whether the header marks an encrypted application message (type 0 since 4.0,
 *                             {@code ENCRYPT} in 3.6) rather than a key exchange
 * @param version              the key version: the MD5 digest of the shared key's encoded bytes
 * @param iv                   the initialization vector (4.2 and later, when {@code sym_iv_length > 0}), or null
 * @param signature            3.6: the encrypted checksum, written only when the whole message was encrypted
 *                             ({@code encrypt_entire_message}, the 3.6 default); else null
 * @param needsDeserialization 5.x: the decrypted bytes are a whole message ({@code Util.messageToBuffer})
 * @param installKeys          4.x/5.x ASYM_ENCRYPT {@code INSTALL_KEYS}: the payload starts with the members' public
 *                             keys and encrypted shared keys, the message's own payload (a view) follows in clear
 */
public record EncryptHeaderFields(
        boolean encrypted,
        byte[] version,
        byte[] iv,
        byte[] signature,
        boolean needsDeserialization,
        boolean installKeys) {
    /** Whether the decrypted bytes are a whole serialized message rather than the payload. */
    public boolean wholeMessage() {
        return needsDeserialization || signature != null;
    }
}
