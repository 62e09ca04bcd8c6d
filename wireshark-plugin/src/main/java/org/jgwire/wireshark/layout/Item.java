package org.jgwire.wireshark.layout;

import java.util.List;

/** One step of a header layout description: a value, a choice on an earlier value, or a bit of an earlier value. */
public sealed interface Item permits Item.Value, Item.Switch, Item.IfBit, Item.IfPositive, Item.Bit, Item.If {

    /**
     * A value read from the wire.
     *
     * @param name     the JGroups field it fills (as {@code HeaderFieldReader} names it), or a wire-only name
     * @param wireOnly true for values that are no field of the class (GmsHeader's flags short)
     * @param named    true when the class names its codes (a {@code type2Str}-style method or an enum): the Lua
     *                 field gets value strings read from each jar
     */
    record Value(String name, Kind kind, boolean wireOnly, boolean named) implements Item {}

    /** Items that follow only for some values of an earlier value ({@code switch(type)} in writeTo). */
    record Switch(String on, List<Case> cases) implements Item {}

    /**
     * One arm of a {@link Switch}: the codes it covers, named by the header class's own constants
     * ({@code "MSG"} = {@code NakAckHeader2.MSG}), which each jar resolves to numbers, and what it reads.
     */
    record Case(List<String> constants, List<Item> items) {}

    /** Items that follow only when the bit named by the class constant {@code mask} is set in {@code on}. */
    record IfBit(String on, String mask, List<Item> items) implements Item {}

    /** Items that follow only when the earlier value {@code on} is greater than zero ({@code if(flag > 0)}). */
    record IfPositive(String on, List<Item> items) implements Item {}

    /**
     * A boolean field that is a bit of an earlier value (named by a class constant), read from no bytes of its
     * own. Left out for a jar whose class lacks the constant (the field is gone there too).
     */
    record Bit(String name, String on, String mask) implements Item {}

    /**
     * Items that follow when a test on an earlier value holds, and others when it does not: what a branch of
     * {@code writeTo} on a value it wrote becomes when the layout is derived from the bytecode.
     */
    record If(String on, Test test, List<Item> then, List<Item> otherwise) implements Item {}

    /** What an {@link If} tests. */
    sealed interface Test permits Equals, Mask, Positive, True {}

    /** The value is one of these codes: class constants or, in derived layouts, literal numbers ({@code "3"}). */
    record Equals(List<String> codes) implements Test {}

    /** The bit of the class constant (or literal number) {@code mask} is set. */
    record Mask(String mask) implements Test {}

    /** The value is greater than zero. */
    record Positive() implements Test {}

    /** The value is true (a boolean) or not zero. */
    record True() implements Test {}
}
