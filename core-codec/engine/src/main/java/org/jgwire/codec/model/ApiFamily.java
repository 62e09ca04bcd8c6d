package org.jgwire.codec.model;

/**
 * The JGroups API families jgwire has code for, one adapter (and one node program) each: 3.6, 4.x and 5.x. 3.6 and
 * 4.x share one message format but not their jars' id maps, so each is a family of its own.
 */
public enum ApiFamily {
    JG36("jg36"),
    JG4("jg4"),
    JG5("jg5");

    private final String id;

    ApiFamily(String id) {
        this.id = id;
    }

    /** The family's name in module, jar and package names: {@code jg36}, {@code jg4}, {@code jg5}. */
    public String id() {
        return id;
    }

    /** The family of a version's major (3, 4 or 5); null for a major jgwire has no adapter for. */
    public static ApiFamily of(JGroupsVersion v) {
        return switch (v.major()) {
            case 3 -> JG36;
            case 4 -> JG4;
            case 5 -> JG5;
            default -> null;
        };
    }

    @Override
    public String toString() {
        return id;
    }
}
