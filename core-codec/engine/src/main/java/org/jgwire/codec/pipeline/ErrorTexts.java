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
     * A thrown class, qualified or not, with the message that follows it (which may hold one level of parentheses:
     * the JDK's ClassCastException names the class loaders of both classes in them).
     */
    private static final Pattern THROWN = Pattern.compile(
            "(?:[a-z][\\w$]*\\.)*([A-Z][\\w$]*(?:Exception|Error))(?::\\s*((?:[^()]|\\([^()]*\\))*?))?(?=\\)|$)",
            Pattern.DOTALL);

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
        while (t.find()) t.appendReplacement(out, Matcher.quoteReplacement(meaning(t.group(1), t.group(2))));
        t.appendTail(out);
        Matcher i = INDEX.matcher(out);
        return i.replaceAll("a length or position in the bytes points past their end (byte $1 of $2)");
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
                    + detail.strip() + ")";
            default -> detail.strip(); // the reader's own words about the value: "invalid magic number 322; ..."
        };
    }
}
