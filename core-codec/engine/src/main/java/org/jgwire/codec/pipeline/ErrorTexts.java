package org.jgwire.codec.pipeline;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.codec.model.ErrorRecord;

/**
 * Says in error records what was wrong with the bytes where the code that read them only left a Java exception
 * ({@code java.io.EOFException: needed 4 bytes at 30, 0 left}, {@code ArrayIndexOutOfBoundsException}, an
 * {@code OutOfMemoryError} a huge length asked for): a user reads about the capture, not about the decoder.
 * The message an exception carries is kept where it describes the data.
 */
final class ErrorTexts {
    /**
     * The simple name of a thrown class. Its package before it and the message after it are found by hand, not by
     * the pattern: a pattern that walks a message one character per repetition recurses once per character in the
     * JDK, and a message can quote a whole table of classes (a fuzzed capture overflowed the stack that way).
     */
    private static final Pattern THROWN = Pattern.compile("[A-Z][\\w$]*?(?:Exception|Error)(?![\\w$])");

    /** Longest message kept from an exception: past it, the reader is quoting data, not describing it. */
    static final int MAX_DETAIL = 300;

    /** The JDK's ClassCastException message, without the class loaders it goes on to name. */
    private static final Pattern CAST = Pattern.compile("class (\\S+) cannot be cast to class (\\S+)(?s:.*)");

    private static final Pattern INDEX = Pattern.compile("(?:Index|index) (-?\\d+) out of bounds for length (\\d+)");

    private ErrorTexts() {}

    /** The record, its message rid of exception texts. */
    static ErrorRecord plain(ErrorRecord e) {
        String m = e.message();
        if (m == null || !(m.contains("Exception") || m.contains("Error") || m.contains("out of bounds"))) return e;
        String plain = plain(m);
        return plain.equals(m) ? e : new ErrorRecord(e.frame(), e.problem(), e.offset(), plain);
    }

    static String plain(String message) {
        Matcher t = THROWN.matcher(message);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        while (t.find()) {
            int end = thrownTextEnd(message, t.end());
            if (end < 0) continue;
            int colon = t.end() < message.length() && message.charAt(t.end()) == ':' ? t.end() : -1;
            String detail = colon < 0 ? null : message.substring(colon + 1, end);
            out.append(message, copied, qualifierStart(message, t.start())).append(meaning(t.group(), detail));
            copied = end;
        }
        out.append(message, copied, message.length());
        Matcher i = INDEX.matcher(out);
        return i.replaceAll("a length or position in the bytes points past their end (byte $1 of $2)");
    }

    /** Where the package of a class name starting at {@code name} starts: lower-case segments, each with its dot. */
    private static int qualifierStart(String s, int name) {
        int start = name;
        while (start > 1 && s.charAt(start - 1) == '.') {
            int segment = start - 1;
            while (segment > 0 && isNamePart(s.charAt(segment - 1))) segment--;
            char first = s.charAt(segment);
            if (segment == start - 1 || first < 'a' || first > 'z') break;
            start = segment;
        }
        return start;
    }

    /**
     * Where the text of a thrown class ending at {@code end} ends: right there, or after its message ({@code ": ..."},
     * holding at most one level of parentheses: the JDK's ClassCastException names both class loaders in them), at a
     * closing parenthesis or the end of the text; -1 where neither follows (then it is not an exception's text).
     */
    private static int thrownTextEnd(String s, int end) {
        if (end == s.length() || s.charAt(end) == ')') return end;
        if (s.charAt(end) != ':') return -1;
        int depth = 0;
        for (int i = end + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(' && ++depth > 1) return -1;
            if (c == ')' && depth-- == 0) return i;
        }
        return depth == 0 ? s.length() : -1;
    }

    private static boolean isNamePart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** What an exception thrown while reading bytes says about them. */
    private static String meaning(String thrown, String detail) {
        String what =
                switch (thrown) {
                    case "EOFException", "BufferUnderflowException" -> "the bytes end before the structure does";
                    case "ArrayIndexOutOfBoundsException",
                            "IndexOutOfBoundsException",
                            "StringIndexOutOfBoundsException" -> "a length or position in the bytes points past their"
                            + " end";
                    case "OutOfMemoryError" -> "a length in the bytes asks for more memory than the frame could hold";
                    case "NegativeArraySizeException" -> "a length in the bytes is negative";
                    case "UTFDataFormatException" -> "a string in the bytes is not valid (modified) UTF-8";
                    case "NullPointerException" -> "the bytes leave out a value that must be present";
                    case "ClassCastException" -> "the bytes name a class of the wrong kind for its place";
                    case "ClassNotFoundException", "NoClassDefFoundError" -> "the bytes name a class that is not there";
                    case "StackOverflowError" -> "the bytes nest structures too deeply";
                    default -> "the bytes hold a value the reader rejects";
                };
        if (detail == null || detail.isBlank() || thrown.equals("OutOfMemoryError")) return what;
        Matcher index = INDEX.matcher(detail.strip());
        if (index.matches()) return what + " (byte " + index.group(1) + " of " + index.group(2) + ")";
        Matcher cast = CAST.matcher(detail.strip());
        if (cast.matches()) return what + " (" + cast.group(1) + " where " + cast.group(2) + " belongs)";
        return switch (thrown) {
            case "EOFException", "ArrayIndexOutOfBoundsException", "IndexOutOfBoundsException" -> what + " ("
                    + bounded(detail.strip()) + ")";
            default -> bounded(detail.strip()); // the reader's own words: "invalid magic number 322; ..."
        };
    }

    /**
     * The detail without what quotes data rather than describes it: JGroups' "cannot be found, map: {...}" appends
     * its whole table of classes; past {@link #MAX_DETAIL} characters the rest is left out, and said to be.
     */
    private static String bounded(String detail) {
        int table = detail.indexOf(", map: {");
        if (table >= 0) detail = detail.substring(0, table);
        return detail.length() <= MAX_DETAIL ? detail : detail.substring(0, MAX_DETAIL) + "… (message cut)";
    }
}
