package org.jgwire.wireshark.derive;

/** A symbolic value on the operand stack or in a local while {@link WriteToDeriver} runs a writeTo. */
sealed interface Sym {
    Sym OUT = new Out();
    Sym UNKNOWN = new Unknown();

    /** The DataOutput being written to. */
    record Out() implements Sym {}

    /** A value the derivation cannot name (a call's result, a static, a computation). */
    record Unknown() implements Sym {}

    /** An integer or long constant. */
    record Const(long value) implements Sym {}

    /** The header object (path "") or an object in one of its fields (path "view_id"). */
    record Ref(String path, String className) implements Sym {
        String child(String field) {
            return path.isEmpty() ? field : path + "." + field;
        }
    }

    /** The value of a field, by its path from the header. */
    record Field(String path, String desc) implements Sym {}

    /** {@code field & mask}. */
    record Masked(String path, long mask) implements Sym {}

    /** {@code field.ordinal()} of an enum field. */
    record Ordinal(String path) implements Sym {}
}
