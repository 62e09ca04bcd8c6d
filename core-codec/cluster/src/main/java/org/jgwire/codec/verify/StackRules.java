package org.jgwire.codec.verify;

import java.util.Set;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.MessageRecord;

/**
 * What the manifest's stack puts on the wire. Copies per send:
 *
 * <ul>
 *   <li>{@code udp}: one datagram per send, multicast or unicast;
 *   <li>{@code tcp} and {@code tcp-nio}: a unicast once; a multicast once per other member ({@code TCP.sendToAll}
 *       skips the sender, who gets its own copy by loopback);
 *   <li>{@code tunnel}: a unicast twice (member to router, router to member); a multicast once to the router and
 *       once from it to every member, the sender included (GossipRouter routes to the whole group).
 * </ul>
 *
 * <p>A stack XML's run ({@code xml-udp}, {@code xml-tcp}, {@code xml-tunnel}, ...) follows the rules of its transport.
 */
public final class StackRules {
    static final String ENCRYPTED = "SYM_ENCRYPT sits below NAKACK2 and UNICAST3, so the payloads of application"
            + " messages and views travel encrypted";

    /** The protocols that encrypt the payloads of the messages above them (ENCRYPT: 3.6's predecessor). */
    private static final Set<String> ENCRYPTING = Set.of("SYM_ENCRYPT", "ASYM_ENCRYPT", "ENCRYPT");

    private StackRules() {}

    /** How many copies of {@code sent} the stack puts on the wire. */
    public static int expectedCopies(Manifest manifest, Manifest.SentMessage sent) {
        return expectedCopies(manifest, sent.multicast());
    }

    static int expectedCopies(Manifest manifest, boolean multicast) {
        int members = manifest.members().size();
        return switch (manifest.stack()) {
            case "tcp", "tcp-nio", "xml-tcp", "xml-tcp_nio2" -> multicast ? members - 1 : 1;
            case "tunnel", "xml-tunnel" -> multicast ? 1 + members : 2;
            default -> 1;
        };
    }

    /**
     * The {@code encrypt} stack, or a stack XML with an encrypting protocol: application payloads, views, RPCs and
     * fragments are ciphertext on the wire.
     */
    static boolean encrypted(Manifest manifest) {
        return manifest.stack().equals("encrypt")
                || manifest.protocols().stream().anyMatch(ENCRYPTING::contains);
    }

    /** The {@code relay2} stack: two sites bridged by their site masters (the manifest lists the sites). */
    static boolean relayed(Manifest manifest) {
        return !manifest.sites().isEmpty();
    }

    /**
     * SEQUENCER: a copy unwrapped from a FORWARD, or from a FLUSH (a forward while the forward table is flushed,
     * {@code SEQUENCER.flushMessagesInForwardTable}), is on its way to the coordinator (the sequencer), which
     * broadcasts it wrapped in a WRAPPED_BCAST: that is the copy the members deliver. Read from the stack step's
     * {@code transformed} lines.
     */
    static boolean forwardedToSequencer(MessageRecord m) {
        for (String t : m.transformed())
            if (t.startsWith("SEQUENCER unwrapped from FORWARD ") || t.startsWith("SEQUENCER unwrapped from FLUSH "))
                return true;
        return false;
    }

    /**
     * A view of two or more members goes to them over the wire; a view of its creator alone is multicast over the
     * network by udp (to the group address) and tunnel (through the router), never by tcp (TCP.sendToAll skips the
     * sender). The first member's own initial view (id 0) is never sent.
     */
    static boolean viewOnWire(Manifest manifest, Manifest.InstalledView v) {
        if (v.members().size() >= 2) return true;
        if (v.id() == 0) return false;
        return switch (manifest.stack()) {
            case "udp", "tunnel", "xml-udp", "xml-tunnel" -> true;
            default -> false;
        };
    }
}
