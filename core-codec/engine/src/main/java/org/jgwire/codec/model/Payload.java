package org.jgwire.codec.model;

/**
 * A message's payload, never deserialized.
 *
 * @param length      payload length in bytes (for an object payload: the bytes of its serialized form)
 * @param text        the payload as text when all of it is printable UTF-8; for an object payload, a primitive's value
 *                    or the toString of a JGroups type read by its own readFrom; else null
 * @param head        the first bytes of the payload (at most {@code Limits.payloadHeadBytes})
 * @param objectClass for an ObjectMessage or a SERIALIZED payload: the class name when the wire names it,
 *                    else null
 */
public record Payload(int length, String text, byte[] head, String objectClass) {
    public static final Payload EMPTY = new Payload(0, null, new byte[0], null);
}
