package org.jgwire.codec.filter;

import java.util.Collection;
import java.util.Locale;

/** "Did you mean": the known name nearest to a misspelt one by edit distance, if it is near enough. */
final class Suggestions {
    private Suggestions() {}

    @SafeVarargs
    static String closest(String name, Collection<String>... known) {
        String lower = name.toLowerCase(Locale.ROOT), best = null;
        int bestDistance = Math.max(1, Math.min(3, name.length() / 3)) + 1;
        for (Collection<String> names : known) {
            for (String k : names) {
                int d = distance(lower, k.toLowerCase(Locale.ROOT));
                if (d < bestDistance) {
                    bestDistance = d;
                    best = k;
                }
            }
        }
        return best;
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1], cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
