package org.jgwire.codec.runtime;

import java.io.IOException;

/**
 * Thrown inside an adapter at a header no class reads: its body's length is known only to its class, so the message
 * is shown as far as it was read, and nothing after it ({@link UnknownHeaders}). A signal within the adapter, caught
 * where the message is built; never shown with a trace.
 */
public final class UnreadHeader extends IOException {
    /** The header's protocol id and magic id, as on the wire. */
    public final short protocolId, magic;
    /** Where the header's protocol id is in the frame's buffer. */
    public final int start;

    public UnreadHeader(short protocolId, short magic, int start, String text) {
        super(text);
        this.protocolId = protocolId;
        this.magic = magic;
        this.start = start;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
