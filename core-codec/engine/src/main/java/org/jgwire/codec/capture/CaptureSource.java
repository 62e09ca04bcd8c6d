package org.jgwire.codec.capture;

import java.io.Closeable;
import java.io.IOException;

/** A stream of captured units, read one at a time so that memory does not grow with the input. */
public interface CaptureSource extends Closeable {
    /**
     * The next unit, or null at the end of the input.
     *
     * @throws CaptureFormatException when the input is damaged beyond this point; what was returned so far
     *                                stays valid, and the caller reports the error and stops reading this input
     */
    Captured next() throws IOException;
}
