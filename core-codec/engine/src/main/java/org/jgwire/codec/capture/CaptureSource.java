package org.jgwire.codec.capture;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;

/**
 * A stream of captured units, read one at a time so that memory does not grow with the input. Besides the units, a
 * source may know the endpoints of its chunk streams and may find problems that are not fatal; the defaults say it
 * knows no endpoints and finds none.
 */
public interface CaptureSource extends Closeable {
    /**
     * The next unit, or null at the end of the input.
     *
     * @throws CaptureFormatException when the input is damaged beyond this point; what was returned so far
     *                                stays valid, and the caller reports the error and stops reading this input
     */
    Captured next() throws IOException;

    /**
     * Problems found while reading since the last call, oldest first (a text input's lines skipped as bad). Ask after
     * every {@link #next()} to report each one in its place in the input.
     */
    default List<ErrorRecord> drainProblems() {
        return List.of();
    }

    /**
     * Whether the datagrams of this input may be other traffic of the host, to be told from JGroups by their content
     * (hex lines: tshark's fields of every datagram of a capture). False by default: the user chose the bytes.
     */
    default boolean mayHoldOtherTraffic() {
        return false;
    }

    /** The endpoint that sent the bytes of chunk stream {@code stream}, or null when the input does not name it. */
    default Endpoint sender(int stream) {
        return null;
    }

    /**
     * The interface the packet {@link #next()} returned last was captured on, or null when the input does not say
     * (only pcap and pcapng files do): a writer of the same packets copies it.
     */
    default CaptureInterface lastInterface() {
        return null;
    }

    /** The endpoint that received the bytes of chunk stream {@code stream}, or null when the input does not name it. */
    default Endpoint receiver(int stream) {
        return null;
    }
}
