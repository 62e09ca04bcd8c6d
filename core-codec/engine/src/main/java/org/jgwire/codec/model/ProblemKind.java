package org.jgwire.codec.model;

import java.util.Locale;

/** Why something could not be decoded. */
public enum ProblemKind {
    /** The data ended before the structure did. */
    TRUNCATED,
    /** The bytes do not form what they claim to be. */
    MALFORMED,
    /** A JGroups version with no suitable jar. */
    UNSUPPORTED_VERSION,
    /** A magic id or class the jar does not know. */
    UNKNOWN_CLASS,
    /** Bytes missing from a TCP stream; decoding resynchronised after them. */
    GAP,
    /** A limit was hit (frame length, open streams, fragments); the value and limit are in the message. */
    LIMIT,
    /** Fragments of a message still missing when the capture ended (or when its set was dropped). */
    INCOMPLETE,
    /** The input could not be read. */
    IO;

    private final String jsonName = name().toLowerCase(Locale.ROOT);

    /** The name in JSON Lines: lower case. */
    public String jsonName() {
        return jsonName;
    }
}
