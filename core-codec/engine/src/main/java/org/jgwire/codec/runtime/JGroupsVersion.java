package org.jgwire.codec.runtime;

/**
 * A JGroups version as written on the wire: {@code major<<11 | minor<<6 | micro}
 * (see {@code org.jgroups.Version.encode}).
 */
public record JGroupsVersion(int major, int minor, int micro) implements Comparable<JGroupsVersion> {

    public static JGroupsVersion fromShort(int s) {
        s &= 0xFFFF;
        return new JGroupsVersion(s >>> 11, (s >>> 6) & 0x1F, s & 0x3F);
    }

    /** Parses {@code "5.3.7"}, {@code "5.3.7.Final"} or {@code "5.3"} (micro 0). */
    public static JGroupsVersion parse(String text) {
        String[] parts = text.trim().split("\\.");
        try {
            int major = Integer.parseInt(parts[0]);
            int minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            int micro = parts.length > 2 && allDigits(parts[2]) ? Integer.parseInt(parts[2]) : 0;
            if (major > 31 || minor > 31 || micro > 63 || major < 0 || minor < 0 || micro < 0)
                throw new IllegalArgumentException("version out of range: " + text);
            return new JGroupsVersion(major, minor, micro);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a JGroups version: '" + text + "' (expected e.g. 5.3.7)");
        }
    }

    private static boolean allDigits(String text) {
        for (int i = 0; i < text.length(); i++) if (!Character.isDigit(text.charAt(i))) return false;
        return true;
    }

    public int toShort() {
        return major << 11 | minor << 6 | micro;
    }

    @Override
    public int compareTo(JGroupsVersion o) {
        return Integer.compare(toShort(), o.toShort());
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + micro;
    }
}
