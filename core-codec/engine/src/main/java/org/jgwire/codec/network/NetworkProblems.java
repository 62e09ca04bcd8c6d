package org.jgwire.codec.network;

import org.jgwire.codec.model.ProblemKind;

/** Where the network layer reports what it could not use. Called on the decoding thread, in packet order. */
public interface NetworkProblems {
    /**
     * @param packet  number of the captured packet the problem belongs to
     * @param tsNanos its capture time, -1 when unknown
     * @param kind    what went wrong
     * @param message what, with the values and limits involved
     */
    void problem(long packet, long tsNanos, ProblemKind kind, String message);
}
