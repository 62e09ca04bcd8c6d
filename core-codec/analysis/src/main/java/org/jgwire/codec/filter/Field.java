package org.jgwire.codec.filter;

/** A field an expression can name: its path, what it holds and how to read it (one of the two getters is set). */
record Field(String path, FieldType type, Getters.Number number, Getters.Value value) {
    static Field number(String path, FieldType type, Getters.Number g) {
        return new Field(path, type, g, null);
    }

    static Field value(String path, FieldType type, Getters.Value g) {
        return new Field(path, type, null, g);
    }
}
