package org.jgwire.codec.filter;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;

/**
 * The regular expression of a {@code matches} test, compiled by RE2/J: its matching time is linear in the text
 * (which a capture's author controls), where a backtracking engine takes exponential time on patterns such as
 * {@code ^(.*a){12}b}. RE2 refuses what cannot run in linear time (back-references, look-around, atomic groups,
 * possessive quantifiers); the error names the construct.
 */
final class LinearRegex {
    private LinearRegex() {}

    static Pattern compile(Literal l, String expression) throws FilterSyntaxException {
        String regex = l.text();
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            // RE2/J gives no index, but the piece it stopped at
            String piece = e.getPattern();
            int inRegex = piece == null || piece.isEmpty() ? -1 : regex.indexOf(piece);
            int at = l.position() + (l.kind() == Token.Kind.STRING ? 1 : 0) + Math.max(0, inRegex);
            String unsupported = unsupported(piece);
            String why = unsupported != null
                    ? unsupported + " not supported: matches takes RE2 syntax, which runs in linear time "
                            + "(docs/filter.md)"
                    : e.getDescription() + (piece == null || piece.isEmpty() ? "" : " at `" + piece + "`");
            throw new FilterSyntaxException(
                    "bad regular expression " + l.shown() + ": " + why, expression, Math.min(at, expression.length()));
        }
    }

    /** What RE2 leaves out on purpose, named as a Java or Perl user knows it; null for a plain syntax error. */
    private static String unsupported(String piece) {
        String p = piece == null ? "" : piece;
        if (p.matches("\\\\[1-9k].*")) return "back-references (" + p.substring(0, 2) + ") are";
        if (p.startsWith("(?=") || p.startsWith("(?!")) return "look-ahead (" + p.substring(0, 3) + "...) is";
        if (p.startsWith("(?<=") || p.startsWith("(?<!")) return "look-behind (" + p.substring(0, 4) + "...) is";
        if (p.startsWith("(?>")) return "atomic groups ((?>...)) are";
        // RE2 reads a possessive quantifier as a repetition repeated: "*+", "{2}+"
        if (p.length() >= 2 && "*+?{".indexOf(p.charAt(0)) >= 0 && p.endsWith("+"))
            return "possessive quantifiers (" + p + ") are";
        return null;
    }
}
