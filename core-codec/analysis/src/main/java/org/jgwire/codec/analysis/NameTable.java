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
 * <p>One table per capture, filled by the {@link NameStage} right after the decoder, in capture order: writers, the
 * filter and analyses read it and never learn into it. A consumer on another thread reads a {@link #copy}.
 */
public final class NameTable implements Names {
    private final Map<String, String> names = new HashMap<>();
    /** Bindings changed so far: a reader that keeps display forms checks it instead of learning. */
    private long changes;

    public NameTable() {}

    /** A table that starts with names known up front ({@code --names}). */
    public NameTable(List<Discovery> known) {
        known.forEach(this::learn);
    }

    /**
     * Learns the names a record carries (discovery data, MERGE3 INFO, GossipRouter registrations); true if any changed.
     * The {@link NameStage} calls it; so does ParseMessages' emulation, which learns at the points its namesake does.
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
        c.changes = changes;
        return c;
    }

    /** Learns one binding; returns whether it changed what the table shows. */
    public boolean learn(Discovery d) {
        if (d.address() == null || d.logicalName() == null || d.logicalName().isEmpty()) return false;
        if (d.logicalName().equals(names.put(d.address().id(), d.logicalName()))) return false;
        changes++;
        return true;
    }

    @Override
    public String nameOf(NodeAddress a) {
        if (a == null) return null;
        String n = names.get(a.id());
        return n != null ? n : a.name();
    }

    /** How many times a binding changed so far: equal counts mean the table shows the same names. */
    public long changes() {
        return changes;
    }

    /** Every binding, address id to name, in no particular order; a view that follows the table. */
    public Map<String, String> bindings() {
        return java.util.Collections.unmodifiableMap(names);
    }

    public int size() {
        return names.size();
    }
}
