package org.jgwire.wireshark.layout;

import java.util.List;

/** Short factory methods that make {@link HeaderLayouts} read like the {@code writeTo} methods they describe. */
final class Dsl {
    private Dsl() {}

    static Item.Value value(String name, Kind kind) {
        return new Item.Value(name, kind, false, false);
    }

    /** A type code the class names ({@code type2Str} or an enum): value strings come from each jar. */
    static Item.Value named(String name, Kind kind) {
        return new Item.Value(name, kind, false, true);
    }

    /** A value on the wire that is no field of the class. */
    static Item.Value wire(String name, Kind kind) {
        return new Item.Value(name, kind, true, false);
    }

    static Item.Switch on(String field, Item.Case... cases) {
        return new Item.Switch(field, List.of(cases));
    }

    static Item.Case when(List<String> constants, Item... items) {
        return new Item.Case(constants, List.of(items));
    }

    static List<String> codes(String... constants) {
        return List.of(constants);
    }

    static Item.IfBit ifBit(String field, String maskConstant, Item... items) {
        return new Item.IfBit(field, maskConstant, List.of(items));
    }

    static Item.Bit bit(String name, String field, String maskConstant) {
        return new Item.Bit(name, field, maskConstant);
    }

    static Item.IfPositive ifPositive(String field, Item... items) {
        return new Item.IfPositive(field, List.of(items));
    }
}
