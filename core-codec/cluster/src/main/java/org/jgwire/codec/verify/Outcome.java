package org.jgwire.codec.verify;

/** How one expected item compares with the capture. */
public enum Outcome {
    /** On the wire as the manifest says. */
    OK,
    /** In the manifest, not (or not often enough) on the wire. */
    MISSING,
    /** On the wire (or more often than the stack puts it there), not in the manifest. */
    EXTRA,
    /** On the wire, but with another sender, destination, name or member list than the manifest says. */
    MISMATCH,
    /** Not on the wire, and not required to be: e.g. a view of one member over TCP, which no one else receives. */
    UNSEEN;

    /** Whether this outcome means capture and manifest disagree. */
    public boolean disagrees() {
        return this == MISSING || this == EXTRA || this == MISMATCH;
    }
}
