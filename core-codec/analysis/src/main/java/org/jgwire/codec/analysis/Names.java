package org.jgwire.codec.analysis;

import org.jgwire.codec.model.NodeAddress;

/**
 * Logical names, read-only: what the stages after the {@link NameStage} (writers, the filter, analyses, the viewer)
 * see of the names it learnt.
 */
@FunctionalInterface
public interface Names {
    /** No names but those the addresses carry themselves. */
    Names NONE = NodeAddress::name;

    /** The logical name of this address, or null when none is known yet. */
    String nameOf(NodeAddress a);

    /** The logical name when known, else the address id; null stays null. */
    default String display(NodeAddress a) {
        if (a == null) return null;
        String n = nameOf(a);
        return n != null ? n : a.id();
    }
}
