package org.jgwire.codec.filter;

import java.math.BigDecimal;
import java.util.List;
import org.jgwire.codec.model.NodeAddress;

/**
 * A test on a header field's value, whose type is known only per record: a number compares numerically with a
 * number literal, a member by name or address, a list when any element matches, anything else as text.
 */
@FunctionalInterface
interface ValueMatch {
    boolean test(Object v, EvalContext c);

    static ValueMatch text(TextMatch m) {
        return new ValueMatch() {
            @Override
            public boolean test(Object v, EvalContext c) {
                if (v == null) return false;
                if (v instanceof String s) return m.test(s);
                if (v instanceof NodeAddress a) return m.testAddress(a, c);
                if (v instanceof List<?> l) {
                    for (Object e : l) if (test(e, c)) return true;
                    return false;
                }
                return m.test(String.valueOf(v));
            }
        };
    }

    static ValueMatch equalTo(Literal l) {
        ValueMatch asText = text(TextMatch.equalTo(l));
        BigDecimal n = l.kind() == Token.Kind.NUMBER ? l.number() : null;
        if (n == null) return asText;
        boolean whole =
                n.stripTrailingZeros().scale() <= 0 && n.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0;
        long k = whole ? n.longValue() : 0;
        double d = n.doubleValue();
        return new ValueMatch() {
            @Override
            public boolean test(Object v, EvalContext c) {
                if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte)
                    return whole && ((Number) v).longValue() == k;
                if (v instanceof Number x) return x.doubleValue() == d;
                if (v instanceof List<?> list) {
                    for (Object e : list) if (test(e, c)) return true;
                    return false;
                }
                return asText.test(v, c);
            }
        };
    }
}
