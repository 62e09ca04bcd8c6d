package org.jgwire.codec.filter;

import java.util.ArrayList;
import java.util.List;

/** Splits a filter expression into tokens, each with its position. */
final class FilterLexer {
    private final String s;
    private int i;

    private FilterLexer(String s) {
        this.s = s;
    }

    static List<Token> tokens(String expression) throws FilterSyntaxException {
        FilterLexer lexer = new FilterLexer(expression);
        List<Token> out = new ArrayList<>();
        Token t;
        do {
            t = lexer.next();
            out.add(t);
        } while (t.kind() != Token.Kind.END);
        return out;
    }

    private Token next() throws FilterSyntaxException {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        int start = i;
        if (i == s.length()) return new Token(Token.Kind.END, "", start);
        char c = s.charAt(i);
        if (isWordStart(c)) {
            while (i < s.length() && isWordPart(s.charAt(i))) i++;
            String w = s.substring(start, i);
            Token.Kind k =
                    switch (w) {
                        case "and" -> Token.Kind.AND;
                        case "or" -> Token.Kind.OR;
                        case "not" -> Token.Kind.NOT;
                        case "contains" -> Token.Kind.CONTAINS;
                        case "matches" -> Token.Kind.MATCHES;
                        case "in" -> Token.Kind.IN;
                        default -> Token.Kind.WORD;
                    };
            return new Token(k, w, start);
        }
        if (c >= '0' && c <= '9') {
            while (i < s.length() && isWordPart(s.charAt(i))) i++;
            return new Token(Token.Kind.NUMBER, s.substring(start, i), start);
        }
        if (c == '-' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
            i++;
            while (i < s.length() && isWordPart(s.charAt(i))) i++;
            return new Token(Token.Kind.NUMBER, s.substring(start, i), start);
        }
        if (c == '"' || c == '\'') return string(c);
        i++;
        switch (c) {
            case '(':
                return new Token(Token.Kind.LPAREN, "(", start);
            case ')':
                return new Token(Token.Kind.RPAREN, ")", start);
            case '{':
                return new Token(Token.Kind.LBRACE, "{", start);
            case '}':
                return new Token(Token.Kind.RBRACE, "}", start);
            case ',':
                return new Token(Token.Kind.COMMA, ",", start);
            case '=':
                if (take('=')) return new Token(Token.Kind.EQ, "==", start);
                throw error("'=' is not an operator: use '==' to compare", start);
            case '!':
                if (take('=')) return new Token(Token.Kind.NE, "!=", start);
                return new Token(Token.Kind.NOT, "!", start);
            case '<':
                return take('=') ? new Token(Token.Kind.LE, "<=", start) : new Token(Token.Kind.LT, "<", start);
            case '>':
                return take('=') ? new Token(Token.Kind.GE, ">=", start) : new Token(Token.Kind.GT, ">", start);
            case '&':
                if (take('&')) return new Token(Token.Kind.AND, "&&", start);
                throw error("'&' is not an operator: use '&&' (or 'and')", start);
            case '|':
                if (take('|')) return new Token(Token.Kind.OR, "||", start);
                throw error("'|' is not an operator: use '||' (or 'or')", start);
            case '~':
                return new Token(Token.Kind.MATCHES, "~", start);
            default:
                throw error("unexpected character '" + c + "'", start);
        }
    }

    private Token string(char quote) throws FilterSyntaxException {
        int start = i++;
        StringBuilder b = new StringBuilder();
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (c == quote) return new Token(Token.Kind.STRING, b.toString(), start);
            if (c == '\\' && i < s.length()) {
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case '"', '\'', '\\' -> b.append(e);
                    default -> b.append('\\').append(e); // a regular expression's own escape, such as \d, stays
                }
            } else {
                b.append(c);
            }
        }
        throw error("string not closed: " + quote + " expected", start);
    }

    private boolean take(char c) {
        if (i < s.length() && s.charAt(i) == c) {
            i++;
            return true;
        }
        return false;
    }

    private FilterSyntaxException error(String reason, int position) {
        return new FilterSyntaxException(reason, s, position);
    }

    private static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    /** Dots join path segments ({@code gms.type}), dashes appear in names ({@code node-3}). */
    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-';
    }
}
