package org.jgwire.codec.filter;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A value written in an expression: a number, a quoted string (compared exactly) or a bare word (compared without
 * regard to case: {@code VIEW}, {@code msg}, {@code true}).
 */
record Literal(Token.Kind kind, String text, int position) {
    boolean isBare() {
        return kind == Token.Kind.WORD;
    }

    boolean isNumber() {
        return kind == Token.Kind.NUMBER && number() != null;
    }

    boolean isBoolean() {
        return isBare() && (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false"));
    }

    /** The number written ({@code 12}, {@code -1}, {@code 0x1f}, {@code 2.5}), or null when it is not one. */
    BigDecimal number() {
        String t = text;
        boolean negative = t.startsWith("-");
        if (negative) t = t.substring(1);
        try {
            BigDecimal v = t.startsWith("0x") || t.startsWith("0X")
                    ? new BigDecimal(new BigInteger(t.substring(2), 16))
                    : new BigDecimal(t);
            return negative ? v.negate() : v;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** How the literal is shown in an error. */
    String shown() {
        return kind == Token.Kind.STRING ? "\"" + text + "\"" : "'" + text + "'";
    }
}
