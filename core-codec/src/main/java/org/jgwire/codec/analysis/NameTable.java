package org.jgwire.codec.analysis;

import java.util.HashMap;
import java.util.Map;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.NodeAddress;

/**
 * Logical names learned so far in a capture (discovery data, MERGE3 INFO, GossipRouter registrations, a names
 * file), keyed by the address id. A later binding for the same address replaces the earlier one, as JGroups' own
 * name cache does.
 */
public final class NameTable {
    private final Map<String, String> names = new HashMap<>();

    public void learn(Discovery d) {
        if (d.address() != null && d.logicalName() != null && !d.logicalName().isEmpty())
            names.put(d.address().id(), d.logicalName());
    }

    /** The logical name of this address, or null when none is known yet. */
    public String nameOf(NodeAddress a) {
        if (a == null) return null;
        String n = names.get(a.id());
        return n != null ? n : a.name();
    }

    /** The logical name when known, else the address id. */
    public String display(NodeAddress a) {
        if (a == null) return null;
        String n = nameOf(a);
        return n != null ? n : a.id();
    }

    public int size() {
        return names.size();
    }
}
