package org.jgwire.codec.network;

import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;

/**
 * Where the network layer reports what it could not use, one {@link ErrorRecord} each, as every stage of the pipeline
 * reports problems. Called on the decoding thread, in packet order.
 */
@FunctionalInterface
public interface NetworkProblems {
    void problem(ErrorRecord problem);

    /**
     * {@link #problem(ErrorRecord)} of a whole packet (no endpoints, no offset).
     *
     *
     * @param packet  number of the captured packet the problem belongs to
     * @param tsNanos its capture time, -1 when unknown
     * @param kind    what went wrong
     * @param message what, with the values and limits involved
     */
    default void problem(long packet, long tsNanos, ProblemKind kind, String message) {
        problem(new ErrorRecord(new FrameInfo(packet, tsNanos, null, null, Transport.NONE), kind, -1, message));
    }
}
