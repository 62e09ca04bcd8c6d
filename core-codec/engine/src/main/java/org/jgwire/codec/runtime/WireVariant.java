package org.jgwire.codec.runtime;

import org.jgwire.codec.model.ApiFamily;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * A range of JGroups versions that share one wire format: {@code [from, until)}.
 *
 * @param family the API family whose adapter decodes it
 * @param change what distinguishes it from the range before (the version table of docs/wire-format.md)
 */
public record WireVariant(JGroupsVersion from, JGroupsVersion until, ApiFamily family, String change) {
    public boolean contains(JGroupsVersion v) {
        return v.compareTo(from) >= 0 && v.compareTo(until) < 0;
    }

    public String label() {
        return from + " to before " + until;
    }
}
