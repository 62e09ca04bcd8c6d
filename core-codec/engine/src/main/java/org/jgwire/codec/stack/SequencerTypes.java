package org.jgwire.codec.stack;

/**
 * {@code SEQUENCER.SequencerHeader}'s type codes, the same from 3.6 to 5.x: {@code FORWARD=1, FLUSH=2, BCAST=3,
 * WRAPPED_BCAST=4}. Headers give the type by name when the jar names it, else as the number.
 */
final class SequencerTypes {
    private static final String[] NAMES = {null, "FORWARD", "FLUSH", "BCAST", "WRAPPED_BCAST"};

    private SequencerTypes() {}

    static String name(Object type) {
        if (type instanceof Number n && n.intValue() > 0 && n.intValue() < NAMES.length) return NAMES[n.intValue()];
        return String.valueOf(type);
    }

    /**
     * Whether a message of that type carries the original message in its payload: FORWARD and FLUSH (to the
     * coordinator, {@code SEQUENCER.forward}) and WRAPPED_BCAST (the coordinator's broadcast of a forwarded one,
     * {@code SEQUENCER.broadcast}); a BCAST is the coordinator's own message, not wrapped.
     */
    static boolean wraps(String type) {
        return type.equals("FORWARD") || type.equals("FLUSH") || type.equals("WRAPPED_BCAST");
    }
}
