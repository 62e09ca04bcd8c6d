package org.jgwire.codec.filter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.jgwire.codec.model.MessageRecord;

/**
 * Recursive descent over the grammar in docs/filter.md, compiling as it parses:
 * <pre>
 * or      = and { ("||" | "or") and }
 * and     = unary { ("&amp;&amp;" | "and") unary }
 * unary   = ("!" | "not") unary | "(" or ")" | test
 * test    = path [ op value | "in" "{" value { [","] value } "}" ]
 * op      = "==" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;=" | "contains" | "matches" | "~"
 * value   = number | "string" | word
 * </pre>
 * Only {@code unary} recurses (a chain of {@code &&} or {@code ||} is a loop), so its depth is the nesting of
 * {@code (} and {@code !}, bounded by {@link #MAX_NESTING}: the stack holds a few frames per level, and an expression
 * is often written by a script.
 */
final class FilterParser {
    /** Parentheses and negations nested in one another, together; deeper is a syntax error. */
    static final int MAX_NESTING = 256;

    private final String expression;
    private final List<Token> tokens;
    private final Comparisons comparisons;
    private int next;
    private int nesting;

    private FilterParser(String expression, List<Token> tokens) {
        this.expression = expression;
        this.tokens = tokens;
        this.comparisons = new Comparisons(expression);
    }

    static Condition compile(String expression) throws FilterSyntaxException {
        FilterParser p = new FilterParser(expression, FilterLexer.tokens(expression));
        if (p.peek().kind() == Token.Kind.END)
            throw p.error("empty filter: give an expression such as gms.type == VIEW", 0);
        Condition c = p.or();
        Token t = p.peek();
        if (t.kind() != Token.Kind.END)
            throw p.error("unexpected " + t.shown() + ": expected &&, || or the end of the expression", t.position());
        return c;
    }

    /**
     * The field a single name stands for, as the left side of a test would resolve it (a record field, a protocol,
     * a header field, a flag, a Wireshark plugin name).
     */
    static Field field(String name) throws FilterSyntaxException {
        FilterParser p = new FilterParser(name, FilterLexer.tokens(name));
        Token t = p.take();
        if (t.kind() != Token.Kind.WORD)
            throw p.error("expected a field name such as src or gms.type, got " + t.shown(), t.position());
        Field f = p.resolve(t);
        if (p.peek().kind() != Token.Kind.END)
            throw p.error(
                    "a field name only, without an operator: " + p.peek().shown(),
                    p.peek().position());
        return f;
    }

    // --- the grammar: or, and, unary, test ---

    private Condition or() throws FilterSyntaxException {
        List<Condition> parts = new ArrayList<>();
        parts.add(and());
        while (peek().kind() == Token.Kind.OR) {
            next++;
            parts.add(and());
        }
        if (parts.size() == 1) return parts.get(0);
        if (parts.size() == 2) {
            Condition a = parts.get(0), b = parts.get(1);
            return (r, c) -> a.test(r, c) || b.test(r, c);
        }
        Condition[] all = parts.toArray(new Condition[0]);
        return (r, c) -> {
            for (Condition x : all) if (x.test(r, c)) return true;
            return false;
        };
    }

    private Condition and() throws FilterSyntaxException {
        List<Condition> parts = new ArrayList<>();
        parts.add(unary());
        while (peek().kind() == Token.Kind.AND) {
            next++;
            parts.add(unary());
        }
        if (parts.size() == 1) return parts.get(0);
        if (parts.size() == 2) {
            Condition a = parts.get(0), b = parts.get(1);
            return (r, c) -> a.test(r, c) && b.test(r, c);
        }
        Condition[] all = parts.toArray(new Condition[0]);
        return (r, c) -> {
            for (Condition x : all) if (!x.test(r, c)) return false;
            return true;
        };
    }

    private Condition unary() throws FilterSyntaxException {
        Token t = take();
        switch (t.kind()) {
            case NOT -> {
                nest(t);
                Condition inner = unary();
                nesting--;
                return (r, c) -> !inner.test(r, c);
            }
            case LPAREN -> {
                nest(t);
                Condition inner = or();
                nesting--;
                Token close = take();
                if (close.kind() != Token.Kind.RPAREN)
                    throw error(
                            "expected ')' to close the '(' at position " + t.position() + ", got " + close.shown(),
                            close.position());
                return inner;
            }
            case WORD -> {
                return test(t);
            }
            default -> throw error("expected a field, a protocol, '!' or '(', got " + t.shown(), t.position());
        }
    }

    private void nest(Token t) throws FilterSyntaxException {
        if (++nesting > MAX_NESTING)
            throw error(
                    "more than " + MAX_NESTING + " '(' and '!' nested in one another: write the expression flatter",
                    t.position());
    }

    private Condition test(Token word) throws FilterSyntaxException {
        Field f = resolve(word);
        Token op = peek();
        if (!op.isComparison()) return comparisons.alone(f);
        next++;
        List<Literal> values = new ArrayList<>();
        if (op.kind() == Token.Kind.IN) {
            Token open = take();
            if (open.kind() != Token.Kind.LBRACE)
                throw error(
                        "expected '{' after 'in', as in type in {VIEW, JOIN_RSP}; got " + open.shown(),
                        open.position());
            while (peek().kind() != Token.Kind.RBRACE) {
                if (peek().kind() == Token.Kind.END)
                    throw error("expected '}' to close the '{' at position " + open.position(), peek().position());
                values.add(literal(op));
                if (peek().kind() == Token.Kind.COMMA) next++;
            }
            if (values.isEmpty())
                throw error("empty set: give at least one value between '{' and '}'", peek().position());
            next++;
        } else {
            values.add(literal(op));
        }
        if (f.names() != null
                && (op.kind() == Token.Kind.EQ || op.kind() == Token.Kind.NE || op.kind() == Token.Kind.IN))
            for (Literal l : values) checkName(f, l);
        return comparisons.compare(f, op, values, WiresharkNames.isPluginName(word.text()));
    }

    private Literal literal(Token op) throws FilterSyntaxException {
        Token t = take();
        return switch (t.kind()) {
            case NUMBER, STRING, WORD -> new Literal(t.kind(), t.text(), t.position());
            default -> throw error(
                    "expected a value after '" + op.text() + "': a number, a \"string\" or a word; got " + t.shown(),
                    t.position());
        };
    }

    // --- names: fields, protocols, header fields, flags and values ---

    /**
     * A field, a protocol ({@code NAKACK2}), a header field ({@code nakack2.seqno}) or a flag ({@code flags.OOB}); a
     * Wireshark plugin name ({@code jgroups.gms.type}) stands for the same.
     */
    private Field resolve(Token word) throws FilterSyntaxException {
        String path = word.text();
        int at = word.position();
        boolean plugin = WiresharkNames.isPluginName(path);
        if (plugin) {
            path = WiresharkNames.path(path.substring(WiresharkNames.PREFIX.length()));
            at += WiresharkNames.PREFIX.length();
        }
        Field f = RecordFields.get(path);
        if (f == null) f = RecordFields.get(path.toLowerCase(Locale.ROOT));
        if (f != null && f.path().equals("type"))
            return f.withNames(FilterVocabulary.bundled().classValues(List.of("Record"), "type"));
        if (f != null) return f;
        int dot = path.indexOf('.');
        if (dot < 0) {
            String protocol = ProtocolNames.canonical(path);
            if (protocol != null) return HeaderAccess.presence(protocol);
            throw unknown(path, at);
        }
        String head = path.substring(0, dot), tail = path.substring(dot + 1);
        int tailAt = at + dot + 1;
        if (tail.isEmpty() || tail.indexOf('.') >= 0)
            throw error("'" + path + "' is not a field: a path has two parts, as in gms.type or flags.OOB", tailAt);
        FilterVocabulary vocabulary = FilterVocabulary.bundled();
        if (head.equalsIgnoreCase("flags")) {
            String flag = vocabulary.flag(tail);
            if (flag == null) throw unknownPart("flag", tail, "flags", vocabulary.flags(), tailAt);
            return Field.value("flags." + flag, FieldType.BOOLEAN, (r, c) -> {
                if (!(r instanceof MessageRecord m)) return null;
                List<String> names = m.flagNames();
                for (int i = 0; i < names.size(); i++) if (names.get(i).equalsIgnoreCase(flag)) return Boolean.TRUE;
                return Boolean.FALSE;
            });
        }
        List<String> headerClasses = plugin ? WiresharkNames.headerClasses(head) : null;
        // a plugin section named after a header class's outer class rather than a protocol (jgroups.rtt.*)
        if (plugin && headerClasses == null && ProtocolNames.canonical(head) == null)
            headerClasses = vocabulary.classesOf(head);
        if (headerClasses != null) {
            for (String c : headerClasses) {
                String field = vocabulary.classField(c, tail);
                if (field != null)
                    return HeaderAccess.classField(headerClasses, field)
                            .withNames(vocabulary.classValues(headerClasses, field));
            }
            throw unknownPart("field", tail, String.join(", ", headerClasses), List.of(), tailAt);
        }
        String protocol = ProtocolNames.canonical(head);
        if (protocol != null) {
            String field = vocabulary.field(protocol, tail);
            if (field == null)
                throw unknownPart("field", tail, protocol + " headers", vocabulary.fieldsOf(protocol), tailAt);
            return HeaderAccess.field(protocol, field).withNames(vocabulary.valuesOf(protocol, field));
        }
        // a field with parts (payload, view) lists them; one without says so
        List<String> sub = new ArrayList<>();
        for (String p : RecordFields.paths()) if (p.startsWith(head.toLowerCase(Locale.ROOT) + ".")) sub.add(p);
        if (!sub.isEmpty())
            throw error("unknown field '" + path + "'; " + head + " has " + String.join(", ", sub), tailAt);
        Field whole = RecordFields.get(head.toLowerCase(Locale.ROOT));
        if (whole != null)
            throw error(
                    "'" + whole.path() + "' has no parts: compare it as a whole, as in " + whole.path() + " == \"...\"",
                    tailAt - 1);
        throw unknown(head, at);
    }

    /**
     * A word compared with an enumerated field must be one of its names (a number is a code, always allowed): a
     * misspelt {@code VEIW} would otherwise match nothing, silently.
     */
    private void checkName(Field f, Literal l) throws FilterSyntaxException {
        if (l.kind() == Token.Kind.NUMBER || f.names().contains(l.text())) return;
        String near = Suggestions.closest(l.text(), f.names());
        throw error(
                "unknown value '" + l.text() + "' of " + f.path()
                        + (near != null
                                ? " (did you mean '" + near + "'?)"
                                : f.names().size() > 40 ? "" : "; known: " + String.join(", ", f.names())),
                l.position());
    }

    /** An unknown flag or header field, with the nearest known one or the list of them. */
    private FilterSyntaxException unknownPart(
            String what, String name, String of, Collection<String> known, int position) {
        String near = Suggestions.closest(name, known);
        return error(
                "unknown " + what + " '" + name + "' of " + of
                        + (near != null
                                ? " (did you mean '" + near + "'?)"
                                : known.isEmpty() || known.size() > 40 ? "" : "; known: " + String.join(", ", known)),
                position);
    }

    private FilterSyntaxException unknown(String name, int position) {
        String near = Suggestions.closest(name, RecordFields.paths(), ProtocolNames.all());
        return error(
                "unknown field or protocol '" + name + "'"
                        + (near != null
                                ? " (did you mean '" + near + "'?)"
                                : "; the fields are in docs/filter.md, and a protocol jgwire does not know is "
                                        + "matched with "
                                        + "protocols contains \"NAME\""),
                position);
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        Token t = tokens.get(next);
        if (t.kind() != Token.Kind.END) next++;
        return t;
    }

    private FilterSyntaxException error(String reason, int position) {
        return new FilterSyntaxException(reason, expression, position);
    }
}
