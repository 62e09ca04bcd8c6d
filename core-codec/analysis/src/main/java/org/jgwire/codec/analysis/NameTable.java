package org.jgwire.codec.analysis;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * Logical names learned so far in a capture (discovery data, MERGE3 INFO, GossipRouter registrations, a names
 * file), keyed by the address id. A later binding for the same address replaces the earlier one, as JGroups' own
 * name cache does.
 *
 * <p>Every name comes from a record, so any consumer of the record stream can keep its own table by calling
 * {@link #learnFrom(Record)} on each record it reads, in order: no table is shared between threads.
 */
public final class NameTable {
    private final Map<String, String> names = new HashMap<>();

    public NameTable() {}

    /** A table that starts with names known up front ({@code --names}). */
    public NameTable(List<Discovery> known) {
        known.forEach(this::learn);
    }

    /**
     * Learns the names a record carries (discovery data, MERGE3 INFO, GossipRouter registrations); true if any changed.
     */
    public boolean learnFrom(Record r) {
        List<Discovery> found =
                r instanceof MessageRecord m ? m.discovery() : r instanceof GossipRecord g ? g.discovery() : List.of();
        boolean changed = false;
        for (int i = 0; i < found.size(); i++) changed |= learn(found.get(i));
        return changed;
    }

    /** An independent copy, for a consumer that reads records on another thread from this point on. */
    public NameTable copy() {
        NameTable c = new NameTable();
        c.names.putAll(names);
        return c;
    }

    /** Learns one binding; returns whether it changed what the table shows. */
    public boolean learn(Discovery d) {
        if (d.address() == null || d.logicalName() == null || d.logicalName().isEmpty()) return false;
        return !d.logicalName().equals(names.put(d.address().id(), d.logicalName()));
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
