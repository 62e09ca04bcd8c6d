package org.jgwire.codec.filter;

/** One token of a filter expression; {@code position} is its first character. */
record Token(Kind kind, String text, int position) {
    enum Kind {
        /** A field path, protocol name or bare word: {@code gms.type}, {@code VIEW}, {@code node-3}. */
        WORD,
        /** Starts with a digit: {@code 5}, {@code 0x10}, {@code 2.5s}, {@code 5.3.7}. */
        NUMBER,
        /** A quoted string, unescaped. */
        STRING,
        LPAREN,
        RPAREN,
        LBRACE,
        RBRACE,
        COMMA,
        AND,
        OR,
        NOT,
        EQ,
        NE,
        LT,
        LE,
        GT,
        GE,
        CONTAINS,
        MATCHES,
        IN,
        END
    }

    /** How the token is shown in an error. */
    String shown() {
        return switch (kind) {
            case END -> "the end of the expression";
            case STRING -> "\"" + text + "\"";
            default -> "'" + text + "'";
        };
    }

    boolean isComparison() {
        return switch (kind) {
            case EQ, NE, LT, LE, GT, GE, CONTAINS, MATCHES, IN -> true;
            default -> false;
        };
    }
}
