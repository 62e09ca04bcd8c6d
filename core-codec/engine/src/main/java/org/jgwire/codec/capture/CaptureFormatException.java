package org.jgwire.codec.capture;

import java.io.IOException;

/** The input is damaged at {@code offset}; nothing after it can be read. */
public class CaptureFormatException extends IOException {
    private final long offset;

    public CaptureFormatException(String message, long offset) {
        super(message);
        this.offset = offset;
    }

    /** Byte offset in the input where the damage was found. */
    public long offset() {
        return offset;
    }
}
