package org.jgwire.codec.filter;

import java.util.Set;

/**
 * A field an expression can name: its path, what it holds and how to read it (one of the two getters is set), and for
 * an enumerated field the names its values take (null otherwise), against which a compared word is checked.
 */
record Field(String path, FieldType type, Getters.Number number, Getters.Value value, Set<String> names) {
    static Field number(String path, FieldType type, Getters.Number g) {
        return new Field(path, type, g, null, null);
    }

    static Field value(String path, FieldType type, Getters.Value g) {
        return new Field(path, type, null, g, null);
    }

    /** This field, its values being {@code valueNames} (compared without case). */
    Field withNames(Set<String> valueNames) {
        return new Field(path, type, number, value, valueNames);
    }
}
