package org.jgwire.wireshark.derive;

/** Why a header's writeTo could not be turned into a layout (the class then needs a hand layout, or has none). */
public final class NotDerivable extends RuntimeException {
    public NotDerivable(String reason) {
        super(reason, null, false, false);
    }
}
