package org.jgwire.codec.filter;

import com.google.re2j.Pattern;
import java.util.List;
import org.jgwire.codec.model.NodeAddress;

/**
 * A test on one piece of text, built once from a literal: a quoted string compares exactly, a bare word ignores case.
 */
@FunctionalInterface
interface TextMatch {
    boolean test(String s);

    static TextMatch equalTo(Literal l) {
        String t = l.text();
        return l.isBare() ? s -> s.equalsIgnoreCase(t) : s -> s.equals(t);
    }

    static TextMatch containing(Literal l) {
        String t = l.text();
        if (!l.isBare()) return s -> s.contains(t);
        return s -> {
            for (int i = 0, last = s.length() - t.length(); i <= last; i++)
                if (s.regionMatches(true, i, t, 0, t.length())) return true;
            return false;
        };
    }

    /** A regular expression (RE2 syntax, {@link LinearRegex}) found anywhere in the text. */
    static TextMatch matching(Literal l, String expression) throws FilterSyntaxException {
        Pattern p = LinearRegex.compile(l, expression);
        return s -> p.matcher(s).find();
    }

    static TextMatch anyOf(List<TextMatch> ms) {
        TextMatch[] a = ms.toArray(new TextMatch[0]);
        return s -> {
            for (TextMatch m : a) if (m.test(s)) return true;
            return false;
        };
    }

    /**
     * The member as shown matches: its logical name where known, else its address (the plugin's {@code jgroups.src}
     * holds the same; {@code src_addr} is the address alone).
     */
    default boolean testAddress(NodeAddress a, EvalContext c) {
        String name = c.names.nameOf(a);
        return test(name != null ? name : a.id());
    }
}
