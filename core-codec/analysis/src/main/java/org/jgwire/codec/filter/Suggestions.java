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

    /** Edit distance where swapping two neighbours counts as one edit ({@code tpye} is one from {@code type}). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1))
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
        return d[a.length()][b.length()];
    }
}
