package org.jgwire.codec.filter;

/**
 * A filter expression that does not compile. {@link #position()} is the 0-based index of the character where the
 * problem is; {@link #pointer()} shows it under the expression for a terminal.
 */
public final class FilterSyntaxException extends Exception {
    private final String expression;
    private final int position;
    private final String reason;

    public FilterSyntaxException(String reason, String expression, int position) {
        super(reason + " (at position " + position + ")");
        this.reason = reason;
        this.expression = expression;
        this.position = position;
    }

    /** 0-based index of the offending character in the expression (its length when the expression ended early). */
    public int position() {
        return position;
    }

    /** The expression that failed. */
    public String expression() {
        return expression;
    }

    /** What is wrong, without the position. */
    public String reason() {
        return reason;
    }

    /** Two lines: the expression, and a caret under the position. */
    public String pointer() {
        StringBuilder caret = new StringBuilder();
        for (int i = 0; i < position && i < expression.length(); i++)
            caret.append(expression.charAt(i) == '\t' ? '\t' : ' '); // tabs keep the caret in place
        for (int i = expression.length(); i < position; i++) caret.append(' ');
        return expression + "\n" + caret + "^";
    }
}
