package org.jgwire.codec.cluster;

import org.jgwire.codec.model.ApiFamily;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * The node program of each API family: a jar of its own ({@code nodes/}) compiled against the family's JChannel API,
 * 3.6 ({@code ReceiverAdapter}, {@code new Message(dest, bytes)}), 4.x (same calls, other jar) or 5.x ({@code Receiver}
 * with default methods, {@code new BytesMessage(dest, bytes)}).
 */
final class NodePrograms {
    private NodePrograms() {}

    /** The family whose node program runs members of {@code v}. */
    static ApiFamily familyOf(JGroupsVersion v) {
        ApiFamily family = ApiFamily.of(v);
        if (family == null) throw new IllegalArgumentException("no node program for JGroups " + v + " (3.6 to 5.x)");
        return family;
    }

    /** Main class of the node program inside {@link #jarName}. */
    static String mainClass(ApiFamily family) {
        return "org.jgwire.cluster.node." + family.id() + ".ClusterNode";
    }

    static String jarName(ApiFamily family) {
        return "jgwire-node-" + family.id() + ".jar";
    }
}
