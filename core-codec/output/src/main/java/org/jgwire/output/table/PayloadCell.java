package org.jgwire.output.table;

import java.util.HexFormat;
import org.jgwire.codec.model.Payload;

/**
 * A message row's payload: length, its text when it is text, its class, and its first bytes in lower-case hex. The
 * text and hex are made as strings only when asked for: a writer of bytes reads them from {@link #payload()}.
 */
public final class PayloadCell {
    private static final HexFormat HEX = HexFormat.of();

    private final Payload payload;

    public PayloadCell(Payload payload) {
        this.payload = payload;
    }

    public Long length() {
        return (long) payload.length();
    }

    public String text() {
        return payload.text();
    }

    public String className() {
        return payload.objectClass();
    }

    public String hex() {
        return HEX.formatHex(payload.head());
    }

    /** The payload itself: its ASCII text and first bytes, for writers that copy bytes. */
    public Payload payload() {
        return payload;
    }
}
