package org.jgwire.codec.runtime;

/**
 * A range of JGroups versions that share one wire format: {@code [from, until)}.
 *
 * @param family the adapter family that decodes it: {@code jg36}, {@code jg4} or {@code jg5}
 * @param change what distinguishes it from the range before (WIRE-NOTES' version table)
 */
public record WireVariant(JGroupsVersion from, JGroupsVersion until, String family, String change) {
    public boolean contains(JGroupsVersion v) {
        return v.compareTo(from) >= 0 && v.compareTo(until) < 0;
    }

    public String label() {
        return from + " to before " + until;
    }
}
