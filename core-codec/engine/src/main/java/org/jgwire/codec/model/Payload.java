package org.jgwire.codec.model;

import java.util.List;

/**
 * A message's payload, never deserialized.
 *
 * @param length      payload length in bytes (for an object payload: the bytes of its serialized form)
 * @param text        the payload as text when all of it is printable UTF-8 (for an object payload: a primitive's
 *                    value), else null
 * @param head        the first bytes of the payload (at most {@code Limits.payloadHeadBytes})
 * @param objectClass for an ObjectMessage or a SERIALIZED payload: the class name when the wire names it,
 *                    else null
 * @param strings     when {@code text} is null or cut: the printable runs of the whole payload ({@link PrintableRuns},
 *                    bounded by {@code Limits.payloadStringChars}), else empty
 * @param object      for an object payload of a JGroups type read by its own {@code readFrom}: its
 *                    {@code toString()} (cut at {@code Limits.payloadTextChars}), else null
 */
public record Payload(int length, String text, byte[] head, String objectClass, List<String> strings, String object) {
    public static final Payload EMPTY = new Payload(0, null, new byte[0], null);

    /** A payload without printable runs: text, an empty one, or one whose bytes are not in hand. */
    public Payload(int length, String text, byte[] head, String objectClass) {
        this(length, text, head, objectClass, List.of(), null);
    }

    /**
     * A payload read from {@code buf[off, off+len)}: its printable runs are found there unless {@code text} is all
     * of it.
     */
    public static Payload of(
            int length, String text, byte[] head, String objectClass, byte[] buf, int off, int len, int maxChars) {
        return new Payload(
                length,
                text,
                head,
                objectClass,
                text != null && text.length() == len ? List.of() : PrintableRuns.of(buf, off, len, maxChars),
                null);
    }
}
