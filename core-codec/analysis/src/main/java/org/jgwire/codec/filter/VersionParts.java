package org.jgwire.codec.filter;

import org.jgwire.codec.model.JGroupsVersion;

/** A record's version compared with a dotted literal ({@code 5.5.7}, {@code 5.3}, {@code 5}) on the literal's parts. */
final class VersionParts {
    /** What {@link #compare} returns when the record has no version. */
    static final int ABSENT = Integer.MIN_VALUE;

    private VersionParts() {}

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
    static int compare(Object version, int[] literal) {
        if (!(version instanceof JGroupsVersion v)) return ABSENT;
        for (int i = 0; i < literal.length; i++) {
            int a = i == 0 ? v.major() : i == 1 ? v.minor() : v.micro();
            if (a != literal[i]) return a < literal[i] ? -1 : 1;
        }
        return 0;
    }
}
