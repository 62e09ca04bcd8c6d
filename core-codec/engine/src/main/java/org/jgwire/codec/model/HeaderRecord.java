package org.jgwire.codec.model;

import java.util.List;

/**
 * One header of a message.
 *
 * @param protocolId  the protocol id written on the wire
 * @param protocol    the protocol's name from the jar's protocol-id map ({@code jg-protocol-ids.xml}),
 *                    or {@code "id=<n>"} when the map does not know the id
 * @param magicId     the header class's magic id written on the wire
 * @param headerClass the header's class, by its simple name from the jar's magic map
 * @param fields      the header's fields
 * @param text        the header's own {@code toString()}; null when the decoder was told not to keep it
 *                    ({@link org.jgwire.codec.Limits#headerTexts()})
 * @param offset      first byte of this header (its protocol id) in the frame
 * @param length      bytes from the protocol id to the end of the header body
 */
public record HeaderRecord(
        int protocolId,
        String protocol,
        int magicId,
        HeaderClass headerClass,
        List<HeaderField> fields,
        String text,
        int offset,
        int length) {
    /** The value of the named field, or null. */
    public Object field(String name) {
        for (HeaderField f : fields) if (f.name().equals(name)) return f.value();
        return null;
    }
}
