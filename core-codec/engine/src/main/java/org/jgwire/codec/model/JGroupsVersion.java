package org.jgwire.codec.model;

/**
 * A JGroups version as written on the wire, {@code major<<11 | minor<<6 | micro} ({@code org.jgroups.Version.encode}):
 * the version short every transport frame starts with, with its numbers and its text. One instance per short, made
 * once and kept, so a record carries it without parsing or allocating, and its text is made once.
 */
public final class JGroupsVersion implements Comparable<JGroupsVersion> {
    private static final JGroupsVersion[] BY_SHORT = new JGroupsVersion[1 << 16];

    private final int major, minor, micro;
    private final short versionShort;
    private final String text;

    private JGroupsVersion(int s) {
        this.major = s >>> 11;
        this.minor = (s >>> 6) & 0x1F;
        this.micro = s & 0x3F;
        this.versionShort = (short) s;
        this.text = major + "." + minor + "." + micro;
    }

    /** The version of a version short (its low 16 bits); every short is one. */
    public static JGroupsVersion valueOf(int versionShort) {
        int s = versionShort & 0xFFFF;
        JGroupsVersion v = BY_SHORT[s];
        return v != null ? v : made(s);
    }

    private static synchronized JGroupsVersion made(int s) {
        JGroupsVersion v = BY_SHORT[s];
        if (v == null) BY_SHORT[s] = v = new JGroupsVersion(s); // final fields: safe to read from any thread
        return v;
    }

    /**
     * The version {@code major.minor.micro}.
     *
     * @throws IllegalArgumentException when a number does not fit its bits (major and minor 0..31, micro 0..63)
     */
    public static JGroupsVersion of(int major, int minor, int micro) {
        if (major > 31 || minor > 31 || micro > 63 || major < 0 || minor < 0 || micro < 0)
            throw new IllegalArgumentException("version out of range: " + major + "." + minor + "." + micro);
        return valueOf(major << 11 | minor << 6 | micro);
    }

    /**
     * Parses {@code "5.3.7"}, {@code "5.3.7.Final"} or {@code "5.3"} (micro 0): a version a user or a file name gives.
     *
     * @throws IllegalArgumentException when the text is no version that fits the short
     */
    public static JGroupsVersion parse(String text) {
        String[] parts = text.trim().split("\\.");
        int major, minor, micro;
        try {
            major = Integer.parseInt(parts[0]);
            minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            micro = parts.length > 2 && allDigits(parts[2]) ? Integer.parseInt(parts[2]) : 0;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a JGroups version: '" + text + "' (expected e.g. 5.3.7)");
        }
        if (major > 31 || minor > 31 || micro > 63 || major < 0 || minor < 0 || micro < 0)
            throw new IllegalArgumentException("version out of range: " + text);
        return of(major, minor, micro);
    }

    private static boolean allDigits(String text) {
        for (int i = 0; i < text.length(); i++) if (!Character.isDigit(text.charAt(i))) return false;
        return true;
    }

    public int major() {
        return major;
    }

    public int minor() {
        return minor;
    }

    public int micro() {
        return micro;
    }

    /** The version short, {@code major<<11 | minor<<6 | micro} (0..65535). */
    public int toShort() {
        return versionShort & 0xFFFF;
    }

    @Override
    public int compareTo(JGroupsVersion o) {
        return Integer.compare(toShort(), o.toShort());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JGroupsVersion v && v.versionShort == versionShort;
    }

    @Override
    public int hashCode() {
        return versionShort;
    }

    /** {@code major.minor.micro}, e.g. {@code 5.5.7}: the text every output prints. */
    @Override
    public String toString() {
        return text;
    }
}
