package org.jgwire.wireshark.layout;

/**
 * How one value of a header body is written, named after the JGroups call that writes it. The Lua dissector and
 * {@link LayoutReader} read each kind the same way.
 */
public enum Kind {
    /** {@code writeByte}, signed. */
    BYTE,
    /** {@code writeBoolean}. */
    BOOL,
    /** {@code writeShort}, signed. */
    SHORT,
    /** {@code writeInt}. */
    INT,
    /** {@code writeLong}: 8 bytes, big-endian. */
    LONG,
    /** {@code writeUTF}: u16 length + modified UTF-8, never null. */
    UTF,
    /**
     * {@code Bits.writeLong} (3.x/4.x) / {@code Bits.writeLongCompressed} (5.x): a length byte, then that many bytes,
     * least significant first.
     */
    LONG_COMPRESSED,
    /** {@code Bits.writeInt} (4.x) / {@code Bits.writeIntCompressed} (5.x): same wire form as the long. */
    INT_COMPRESSED,
    /** {@code Bits.writeString}: presence byte, then {@code writeUTF} (u16 length + modified UTF-8). */
    STRING,
    /** A byte array behind a signed u16 length, -1 = null (TpHeader's cluster name). */
    SHORT_BYTES,
    /**
     * {@code Util.writeByteBuffer}: presence byte, then an i32 length and that many bytes (shown as "N bytes", as the
     * decoder does).
     */
    BYTE_BUFFER,
    /** An i32 count, then that many {@code Bits.writeString}s; a count of 0 reads back as null (RELAY2 sites). */
    INT_STRINGS,
    /**
     * {@code Headers.writeHeaders}: u16 count, then per header protocol id, magic id and body (RelayHeader's
     * original_hdrs, 5.3+). Only the empty form is read by layouts; it reads back as {@code Util.DEFAULT_HEADERS}
     * (4) nulls.
     */
    HEADERS,
    /** {@code Util.writeAddress}. */
    ADDRESS,
    /** {@code Util.writeAddresses}: signed u16 count (-1 = null), then addresses. */
    ADDRESSES,
    /**
     * An i32 count, then that many addresses (FD_SOCK and FD_SOCK2 member lists); a count of 0 reads back as null
     * (their readFrom makes the set only for a positive count).
     */
    INT_ADDRESSES,
    /** {@code Util.writeStreamable(IpAddress)}: presence boolean, then {@code IpAddress.writeTo} (no flag byte). */
    OPT_IP_ADDRESS,
    /** {@code Util.writeViewId}: presence boolean, then creator address + compressed long id. */
    VIEW_ID,
    /** {@code MergeId.writeTo}: initiator address + int id. */
    MERGE_ID,
    /** An enum written as {@code writeByte(type.ordinal())}. */
    ENUM_BYTE,
    /**
     * {@code Digest.writeTo(out)}: the members ({@code Util.writeAddresses}), then per member {@code
     * Bits.writeLongSequence(highest delivered, highest received)}. Read as {@code "addr: [hd (hr)], ..."}, as
     * JGroups prints a Digest.
     */
    DIGEST,
    /**
     * {@code AuthHeader.writeAuthToken}: presence byte, the token class's magic id (-1: its name by {@code writeUTF}),
     * then the token's own {@code writeTo} for the classes {@link AuthTokens} knows. Read as {@code "Class: value"}.
     */
    AUTH_TOKEN
}
