package org.jgwire.codec.filter;

import static org.jgwire.codec.filter.Getters.MISSING;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;

/**
 * Turns {@code field OP literal(s)} into a {@link Condition}, checking at compile time that the operator and the
 * literals fit the field's type. Every condition is false when the record lacks the field.
 *
 * <p>One method per field type, each checking its operators and literals the same way.
 */
final class Comparisons {
    private final String expression;

    Comparisons(String expression) {
        this.expression = expression;
    }

    /** A field used alone: a boolean is true, a presence test is present, a list is non-empty, a value is set. */
    Condition alone(Field f) {
        Getters.Value g = f.value();
        return switch (f.type()) {
            case BOOLEAN, PRESENCE -> (r, c) -> g.get(r, c) == Boolean.TRUE;
            case HEADER_FIELD -> (r, c) -> truthy(g.get(r, c));
            case TEXT_LIST, ADDRESS_LIST -> (r, c) -> g.get(r, c) instanceof List<?> l && !l.isEmpty();
            case TEXT, ADDRESS, VERSION -> (r, c) -> g.get(r, c) != null;
            case PAYLOAD -> (r, c) -> g.get(r, c) instanceof Payload p && p.length() > 0;
            case NUMBER, TIMESTAMP, DURATION -> {
                Getters.Number n = f.number();
                yield (r, c) -> n.get(r, c) != MISSING;
            }
        };
    }

    /** {@code pluginName}: the field was named as the Wireshark plugin names it ({@code jgroups.view.member}). */
    Condition compare(Field f, Token op, List<Literal> values, boolean pluginName) throws FilterSyntaxException {
        return switch (f.type()) {
            case NUMBER, TIMESTAMP, DURATION -> number(f, op, values);
            case VERSION -> version(f, op, values);
            case TEXT -> text(f, op, values);
            case ADDRESS -> address(f, op, values);
            case BOOLEAN -> bool(f, op, values);
            case TEXT_LIST, ADDRESS_LIST -> list(f, op, values, pluginName);
            case PRESENCE -> throw error(
                    "'" + f.path() + "' is " + f.type().description + ": use it alone (" + f.path() + ") or negated (!"
                            + f.path() + "), without '" + op.text() + "'",
                    op.position());
            case HEADER_FIELD -> header(f, op, values);
            case PAYLOAD -> payload(f, op, values);
        };
    }

    private Condition payload(Field f, Token op, List<Literal> values) throws FilterSyntaxException {
        if (op.kind() != Token.Kind.CONTAINS)
            throw error(
                    "'" + f.path() + "' is " + f.type().description + ": use " + f.path() + " contains \"TEXT\", not '"
                            + op.text() + "' (payload.text and payload.length compare as text and number)",
                    op.position());
        PayloadMatch m = PayloadMatch.of(values.get(0));
        Getters.Value g = f.value();
        return (r, c) -> g.get(r, c) instanceof Payload p && m.test(p);
    }

    // ---- numbers and times: compared as longs, no boxing

    private Condition number(Field f, Token op, List<Literal> values) throws FilterSyntaxException {
        if (op.kind() == Token.Kind.CONTAINS || op.kind() == Token.Kind.MATCHES)
            throw error(
                    "'" + f.path() + "' is " + f.type().description + ": use == != < <= > >= or in, not '" + op.text()
                            + "'",
                    op.position());
        long[] ks = new long[values.size()];
        for (int i = 0; i < ks.length; i++) ks[i] = longOf(f, values.get(i));
        Getters.Number g = f.number();
        long k = ks[0];
        return switch (op.kind()) {
            case EQ -> (r, c) -> g.get(r, c) == k; // k is never MISSING: a missing value never equals it
            case NE -> (r, c) -> {
                long v = g.get(r, c);
                return v != MISSING && v != k;
            };
            case LT -> (r, c) -> {
                long v = g.get(r, c);
                return v != MISSING && v < k;
            };
            case LE -> (r, c) -> {
                long v = g.get(r, c);
                return v != MISSING && v <= k;
            };
            case GT -> (r, c) -> g.get(r, c) > k;
            case GE -> (r, c) -> g.get(r, c) >= k;
            case IN -> (r, c) -> {
                long v = g.get(r, c);
                for (long x : ks) if (v == x) return true;
                return false;
            };
            default -> throw new IllegalStateException(op.toString());
        };
    }

    private long longOf(Field f, Literal l) throws FilterSyntaxException {
        long v;
        if (f.type() == FieldType.TIMESTAMP) v = timestamp(l);
        else if (f.type() == FieldType.DURATION) v = duration(l);
        else {
            BigDecimal n = l.kind() == Token.Kind.NUMBER ? l.number() : null;
            if (n == null || n.stripTrailingZeros().scale() > 0)
                throw error(
                        "'" + f.path() + "' is a number: compare it with a whole number, not " + l.shown(),
                        l.position());
            v = n.longValueExact();
        }
        if (v == MISSING) throw error("number out of range: " + l.shown(), l.position());
        return v;
    }

    /** Epoch seconds ({@code 1700000000.25}) or an ISO instant ({@code "2023-11-14T22:13:20.25Z"}), as nanoseconds. */
    private long timestamp(Literal l) throws FilterSyntaxException {
        BigDecimal n = l.kind() == Token.Kind.NUMBER ? l.number() : null;
        if (n != null) return nanos(n, l);
        try {
            Instant t = Instant.parse(l.text());
            return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
        } catch (DateTimeParseException | ArithmeticException e) {
            throw error(
                    "'ts' is a time: give epoch seconds (ts >= 1700000000.5) or an ISO instant "
                            + "(ts >= \"2023-11-14T22:13:20Z\"), not " + l.shown(),
                    l.position());
        }
    }

    /**
     * Seconds since the first record: {@code 2.5}, {@code 2.5s}, {@code 300ms}, {@code 10us}, {@code 5ns}, {@code 2m}.
     */
    private long duration(Literal l) throws FilterSyntaxException {
        String t = l.text();
        String[][] units = {
            {"ns", "0.000000001"}, {"us", "0.000001"}, {"ms", "0.001"}, {"s", "1"}, {"m", "60"}, {"h", "3600"}
        };
        BigDecimal scale = BigDecimal.ONE;
        for (String[] u : units) {
            int numberEnd = t.length() - u[0].length();
            if (t.endsWith(u[0]) && numberEnd > 0 && Character.isDigit(t.charAt(numberEnd - 1))) {
                t = t.substring(0, t.length() - u[0].length());
                scale = new BigDecimal(u[1]);
                break;
            }
        }
        BigDecimal n = null;
        if (l.kind() == Token.Kind.NUMBER) n = new Literal(Token.Kind.NUMBER, t, l.position()).number();
        if (n == null)
            throw error(
                    "'time' is the time since the first record: give seconds (2.5, 2.5s) or ms/us/ns/m/h, not "
                            + l.shown(),
                    l.position());
        return nanos(n.multiply(scale), l);
    }

    private long nanos(BigDecimal seconds, Literal l) throws FilterSyntaxException {
        try {
            return seconds.movePointRight(9).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        } catch (ArithmeticException e) {
            throw error("time out of range: " + l.shown(), l.position());
        }
    }

    // ---- versions: compared on the parts the literal gives, so version == 5.5 is any 5.5.x

    private Condition version(Field f, Token op, List<Literal> values) throws FilterSyntaxException {
        if (op.kind() == Token.Kind.CONTAINS || op.kind() == Token.Kind.MATCHES) {
            TextMatch m = textMatch(f, op, values);
            Getters.Value g = f.value();
            return (r, c) -> g.get(r, c) instanceof JGroupsVersion v && m.test(v.toString());
        }
        List<int[]> ks = new ArrayList<>();
        for (Literal l : values) {
            int[] parts = VersionParts.parse(l.text());
            if (parts == null)
                throw error(
                        "'" + f.path() + "' is a version: give it as 5.5.7, 5.3 or 4, not " + l.shown(), l.position());
            ks.add(parts);
        }
        Getters.Value g = f.value();
        int[] k = ks.get(0);
        return switch (op.kind()) {
            case EQ -> (r, c) -> VersionParts.compare(g.get(r, c), k) == 0;
            case NE -> (r, c) -> {
                int d = VersionParts.compare(g.get(r, c), k);
                return d != VersionParts.ABSENT && d != 0;
            };
            case LT -> (r, c) -> {
                int d = VersionParts.compare(g.get(r, c), k);
                return d < 0 && d != VersionParts.ABSENT;
            };
            case LE -> (r, c) -> {
                int d = VersionParts.compare(g.get(r, c), k);
                return d <= 0 && d != VersionParts.ABSENT;
            };
            case GT -> (r, c) -> {
                int d = VersionParts.compare(g.get(r, c), k);
                return d > 0 && d != VersionParts.ABSENT;
            };
            case GE -> (r, c) -> {
                int d = VersionParts.compare(g.get(r, c), k);
                return d >= 0 && d != VersionParts.ABSENT;
            };
            case IN -> (r, c) -> {
                Object v = g.get(r, c);
                for (int[] x : ks) if (VersionParts.compare(v, x) == 0) return true;
                return false;
            };
            default -> throw new IllegalStateException(op.toString());
        };
    }

    // ---- text, members, booleans, lists

    private Condition text(Field f, Token op, List<Literal> values) throws FilterSyntaxException {
        TextMatch m = textMatch(f, op, values);
        Getters.Value g = f.value();
        if (op.kind() == Token.Kind.NE) return (r, c) -> g.get(r, c) instanceof String s && !m.test(s);
        return (r, c) -> g.get(r, c) instanceof String s && m.test(s);
    }

    private Condition address(Field f, Token op, List<Literal> values) throws FilterSyntaxException {
        TextMatch m = textMatch(f, op, values);
        Getters.Value g = f.value();
        if (op.kind() == Token.Kind.NE) return (r, c) -> g.get(r, c) instanceof NodeAddress a && !m.testAddress(a, c);
        return (r, c) -> g.get(r, c) instanceof NodeAddress a && m.testAddress(a, c);
    }

    /** The text test of {@code == != contains matches in}; ordering operators do not apply to text. */
    private TextMatch textMatch(Field f, Token op, List<Literal> values) throws FilterSyntaxException {
        return switch (op.kind()) {
            case EQ, NE -> TextMatch.equalTo(values.get(0));
            case CONTAINS -> TextMatch.containing(values.get(0));
            case MATCHES -> TextMatch.matching(values.get(0), expression);
            case IN -> {
                List<TextMatch> ms = new ArrayList<>();
                for (Literal l : values) ms.add(TextMatch.equalTo(l));
                yield TextMatch.anyOf(ms);
            }
            default -> throw error(
                    "'" + f.path() + "' is " + f.type().description + ": use == != contains matches " + "or in, not '"
                            + op.text() + "'",
                    op.position());
        };
    }

    private Condition bool(Field f, Token op, List<Literal> values) throws FilterSyntaxException {
        if (op.kind() != Token.Kind.EQ && op.kind() != Token.Kind.NE
                || !values.get(0).isBoolean())
            throw error(
                    "'" + f.path() + "' is true or false: use it alone (" + f.path() + "), negated (!" + f.path()
                            + ") or compare it with == true / == false",
                    op.kind() == Token.Kind.EQ || op.kind() == Token.Kind.NE
                            ? values.get(0).position()
                            : op.position());
        Boolean want = Boolean.valueOf(values.get(0).text().equalsIgnoreCase("true") == (op.kind() == Token.Kind.EQ));
        Getters.Value g = f.value();
        return (r, c) -> want.equals(g.get(r, c));
    }

    /**
     * A list: {@code == contains in matches} hold when an element does, {@code !=} when none equals (Wireshark's
     * meaning for a field a packet has several times). {@code contains} compares whole elements, except on a plugin
     * name, where it means what it means in Wireshark: a substring of an element.
     */
    private Condition list(Field f, Token op, List<Literal> values, boolean pluginName) throws FilterSyntaxException {
        TextMatch m =
                switch (op.kind()) {
                    case EQ, NE -> TextMatch.equalTo(values.get(0));
                    case CONTAINS -> pluginName
                            ? TextMatch.containing(values.get(0))
                            : TextMatch.equalTo(values.get(0));
                    case MATCHES, IN -> textMatch(f, op, values);
                    default -> throw error(
                            "'" + f.path() + "' is " + f.type().description + ": use ==, !=, contains, matches or in "
                                    + "(true when any element matches; != when none equals), not '" + op.text() + "'",
                            op.position());
                };
        Getters.Value g = f.value();
        if (op.kind() == Token.Kind.NE)
            return (r, c) -> g.get(r, c) instanceof List<?> l && !l.isEmpty() && !anyElement(l, m, c);
        return (r, c) -> g.get(r, c) instanceof List<?> l && anyElement(l, m, c);
    }

    private static boolean anyElement(List<?> l, TextMatch m, EvalContext c) {
        for (int i = 0; i < l.size(); i++) {
            Object e = l.get(i);
            if (e instanceof String s ? m.test(s) : e instanceof NodeAddress a && m.testAddress(a, c)) return true;
        }
        return false;
    }

    // ---- header fields: the value's own type decides

    private Condition header(Field f, Token op, List<Literal> values) throws FilterSyntaxException {
        Getters.Value g = f.value();
        switch (op.kind()) {
            case LT, LE, GT, GE -> {
                Literal l = values.get(0);
                BigDecimal n = l.kind() == Token.Kind.NUMBER ? l.number() : null;
                if (n == null)
                    throw error("'" + op.text() + "' compares numbers: " + l.shown() + " is not one", l.position());
                double k = n.doubleValue();
                Token.Kind kind = op.kind();
                return (r, c) -> numberHolds(g.get(r, c), kind, k);
            }
            case CONTAINS -> {
                TextMatch part = TextMatch.containing(values.get(0)), whole = TextMatch.equalTo(values.get(0));
                return (r, c) -> {
                    Object v = g.get(r, c);
                    if (v instanceof List<?> l) return anyValue(l, ValueMatch.text(whole), c);
                    return v != null && ValueMatch.text(part).test(v, c);
                };
            }
            case MATCHES -> {
                ValueMatch m = ValueMatch.text(TextMatch.matching(values.get(0), expression));
                return (r, c) -> m.test(g.get(r, c), c);
            }
            default -> {
                List<ValueMatch> ms = new ArrayList<>();
                for (Literal l : values) ms.add(ValueMatch.equalTo(l));
                ValueMatch any = ms.size() == 1
                        ? ms.get(0)
                        : (v, c) -> {
                            for (ValueMatch m : ms) if (m.test(v, c)) return true;
                            return false;
                        };
                if (op.kind() == Token.Kind.NE)
                    return (r, c) -> {
                        Object v = g.get(r, c);
                        return v != null && !any.test(v, c);
                    };
                return (r, c) -> any.test(g.get(r, c), c);
            }
        }
    }

    private static boolean anyValue(List<?> l, ValueMatch m, EvalContext c) {
        for (Object e : l) if (m.test(e, c)) return true;
        return false;
    }

    private static boolean numberHolds(Object v, Token.Kind op, double k) {
        if (v instanceof List<?> l) {
            for (Object e : l) if (numberHolds(e, op, k)) return true;
            return false;
        }
        if (!(v instanceof Number n)) return false;
        double d = n.doubleValue();
        return switch (op) {
            case LT -> d < k;
            case LE -> d <= k;
            case GT -> d > k;
            case GE -> d >= k;
            default -> false;
        };
    }

    private static boolean truthy(Object v) {
        return v != null && v != Boolean.FALSE && !(v instanceof List<?> l && l.isEmpty());
    }

    private FilterSyntaxException error(String reason, int position) {
        return new FilterSyntaxException(reason, expression, position);
    }
}
