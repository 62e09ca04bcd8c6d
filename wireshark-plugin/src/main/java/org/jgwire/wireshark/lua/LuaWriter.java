package org.jgwire.wireshark.lua;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * A small writer of Lua data: nested tables, escaped strings, integers and booleans, indented for reading.
 * Everything the generator puts into the plugin goes through it, so no string from a jar reaches Lua unescaped.
 */
public final class LuaWriter {
    private final StringBuilder out = new StringBuilder();
    private int depth;
    private boolean first = true;

    /** A Lua string literal for any Java string (bytes outside printable ASCII as decimal escapes). */
    public static String string(String s) {
        if (s == null) return "nil";
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (byte c : s.getBytes(StandardCharsets.UTF_8)) {
            int u = c & 0xFF;
            if (u == '"' || u == '\\') b.append('\\').append((char) u);
            else if (u >= 32 && u < 127) b.append((char) u);
            else b.append('\\').append(String.format("%03d", u));
        }
        return b.append('"').toString();
    }

    /** A key usable in a table constructor: a bare name when it is one, else {@code ["..."]}. */
    public static String key(Object k) {
        if (k instanceof Number n) return "[" + n.longValue() + "]";
        String s = k.toString();
        if (s.matches("[A-Za-z_][A-Za-z0-9_]*") && !LUA_KEYWORDS.contains(s)) return s;
        return "[" + string(s) + "]";
    }

    private static final Set<String> LUA_KEYWORDS = Set.of(
            "and",
            "break",
            "do",
            "else",
            "elseif",
            "end",
            "false",
            "for",
            "function",
            "goto",
            "if",
            "in",
            "local",
            "nil",
            "not",
            "or",
            "repeat",
            "return",
            "then",
            "true",
            "until",
            "while");

    /** A literal for a plain value: string, number, boolean or nil. */
    public static String literal(Object v) {
        if (v == null) return "nil";
        if (v instanceof String s) return string(s);
        if (v instanceof Boolean b) return b.toString();
        if (v instanceof Number n) return Long.toString(n.longValue());
        throw new IllegalArgumentException("not a Lua literal: " + v.getClass());
    }

    public LuaWriter open(Object key) {
        separator();
        if (key != null) out.append(key(key)).append(" = ");
        out.append('{');
        depth++;
        first = true;
        return this;
    }

    public LuaWriter close() {
        depth--;
        if (!first) newline();
        out.append('}');
        first = false;
        return this;
    }

    /** {@code key = value} (or a list item when key is null). */
    public LuaWriter entry(Object key, Object value) {
        separator();
        if (key != null) out.append(key(key)).append(" = ");
        out.append(literal(value));
        return this;
    }

    /** A whole flat table on one line: {@code key = {a, b, c}} of literals. */
    public LuaWriter inline(Object key, Object... items) {
        separator();
        if (key != null) out.append(key(key)).append(" = ");
        out.append('{');
        for (int i = 0; i < items.length; i++) out.append(i == 0 ? "" : ", ").append(literal(items[i]));
        out.append('}');
        return this;
    }

    /** A map of literals on one line. */
    public LuaWriter map(Object key, Map<?, ?> m) {
        separator();
        if (key != null) out.append(key(key)).append(" = ");
        out.append('{');
        boolean f = true;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            out.append(f ? "" : ", ").append(key(e.getKey())).append(" = ").append(literal(e.getValue()));
            f = false;
        }
        out.append('}');
        return this;
    }

    /** Raw Lua text the caller built (only from values it escaped itself). */
    public LuaWriter raw(String text) {
        separator();
        out.append(text);
        return this;
    }

    private void separator() {
        if (!first) out.append(',');
        if (depth > 0) newline();
        first = false;
    }

    private void newline() {
        out.append('\n');
        out.append("    ".repeat(Math.max(depth, 0)));
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
