package org.jgwire.codec.cluster;

import org.jgwire.codec.runtime.JGroupsVersion;

/**
 * The JChannel API families a node program is compiled against: 3.6 ({@code ReceiverAdapter},
 * {@code new Message(dest, bytes)}), 4.x (same calls, other jar) and 5.x ({@code Receiver} with default methods,
 * {@code new BytesMessage(dest, bytes)}). Each family's node shim is a jar of its own ({@code nodes/}).
 */
enum ApiFamily {
    JG36("jg36"),
    JG4("jg4"),
    JG5("jg5");

    final String id;

    ApiFamily(String id) {
        this.id = id;
    }

    static ApiFamily of(JGroupsVersion v) {
        return switch (v.major()) {
            case 3 -> JG36;
            case 4 -> JG4;
            case 5 -> JG5;
            default -> throw new IllegalArgumentException("no node program for JGroups " + v + " (3.6 to 5.x)");
        };
    }

    /** Main class of the node program inside {@code jgwire-node-<id>.jar}. */
    String nodeMainClass() {
        return "org.jgwire.cluster.node." + id + ".ClusterNode";
    }

    String nodeJarName() {
        return "jgwire-node-" + id + ".jar";
    }
}
