package org.jgwire.codec.cluster.node;

import java.io.PrintStream;

/**
 * Writes one JSON object per line to the runner: the node's only way to say what it did. Kept free of any
 * library (a node's class path is its adapter jar, the core-codec jar and the JGroups jar, nothing else).
 */
public final class EventLine {
    private final PrintStream out;

    /** Events go to {@code out}, flushed after each line. */
    public EventLine(PrintStream out) {
        this.out = out;
    }

    /** Writes {@code {"event":event,"k1":v1,...}}; values are strings, string lists or null. */
    public synchronized void emit(String event, Object... keyValues) {
        StringBuilder b = new StringBuilder(128).append("{\"event\":");
        quote(b, event);
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            b.append(',');
            quote(b, (String) keyValues[i]);
            b.append(':');
            value(b, keyValues[i + 1]);
        }
        out.println(b.append('}'));
        out.flush();
    }

    private static void value(StringBuilder b, Object v) {
        if (v == null) {
            b.append("null");
        } else if (v instanceof Iterable<?> list) {
            b.append('[');
            boolean first = true;
            for (Object o : list) {
                if (!first) b.append(',');
                first = false;
                value(b, o);
            }
            b.append(']');
        } else if (v instanceof Number n) {
            b.append(n);
        } else {
            quote(b, v.toString());
        }
    }

    private static void quote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        b.append('"');
    }
}
