package org.jgwire.codec.filter;

/**
 * Dotted version numbers ({@code 5.5.7}) compared part by part over as many parts as the literal gives. Remembers
 * the last version string parsed: records of one jar share one string, so a run parses it once.
 */
final class VersionParts {
    /** What {@link #compare} returns when the record has no version. */
    static final int ABSENT = Integer.MIN_VALUE;

    private record Parsed(String text, int[] parts) {}

    private volatile Parsed last;

    /** The parts of {@code 5}, {@code 5.3} or {@code 5.3.7} (a {@code .Final} suffix ignored), or null. */
    static int[] parse(String s) {
        int end = s.indexOf(".Final");
        if (end >= 0) s = s.substring(0, end);
        String[] p = s.split("\\.", -1);
        if (p.length == 0 || p.length > 3) return null;
        int[] out = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            if (p[i].isEmpty() || p[i].length() > 6 || !p[i].chars().allMatch(Character::isDigit)) return null;
            out[i] = Integer.parseInt(p[i]);
        }
        return out;
    }

    /** Sign of (record version - literal) over the literal's parts, or {@link #ABSENT}. */
    int compare(Object version, int[] literal) {
        if (!(version instanceof String s)) return ABSENT;
        Parsed p = last;
        if (p == null || p.text != s) { // identity: one string per jar
            p = new Parsed(s, parse(s));
            last = p;
        }
        int[] v = p.parts;
        if (v == null) return ABSENT;
        for (int i = 0; i < literal.length; i++) {
            int a = i < v.length ? v[i] : 0;
            if (a != literal[i]) return a < literal[i] ? -1 : 1;
        }
        return 0;
    }
}
