package org.jgwire.codec.cluster;

import java.util.Map;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * What a stack XML's protocols above the transport need to run on the runner's loopback cluster: discovery pointed
 * at the members' real ports, the run's multicast group or its GossipRouter; side sockets (FD_SOCK, FD_SOCK2,
 * SSL_KEY_EXCHANGE, jgroups-raft's CLIENT) bound to 127.0.0.1; encryption keystores made for the run; AUTH tokens
 * that admit by address made to admit loopback. Values come from the runner's tokens ({@code INITIAL_HOSTS},
 * {@code MCAST_ADDR}, {@code MCAST_PORT}, {@code ROUTER_PORT}, {@code KEYSTORE}, {@code RSA_KEYSTORE},
 * {@code KEYSTORE_PASSWORD}, {@code BIND_PORT}).
 */
final class LoopbackRewrites {
    /** The alias of the key in the keystore the runner makes (see {@link Keystores#symmetric}). */
    static final String KEY_ALIAS = "jgwire";
    /** FD_SOCK's server socket sits this far above the member's port, where FD_SOCK2's does by default. */
    static final int SIDE_PORT_OFFSET = 100;
    /** jgroups-raft's CLIENT server socket (by default 0.0.0.0:1965, one per host) sits this far above. */
    static final int CLIENT_PORT_OFFSET = 200;

    private LoopbackRewrites() {}

    /**
     * Rewrites {@code d} in place. {@code runnerPorts}: the members run on ports the runner picked (a shipped stack,
     * or a user's XML without a fixed bind_port), so static member lists must name those; {@code runnerGroup}: the
     * run's multicast group and port replace the XML's (shipped stacks), else they fill in only what is missing.
     */
    static void apply(Document d, Map<String, String> tokens, boolean runnerPorts, boolean runnerGroup) {
        for (Node n = d.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element e)) continue;
            switch (UserStack.local(e)) {
                case "TCPPING" -> {
                    if (runnerPorts) {
                        e.setAttribute("initial_hosts", tokens.get("INITIAL_HOSTS"));
                        e.setAttribute("port_range", "0");
                    }
                }
                case "MPING" -> {
                    e.setAttribute("bind_addr", "127.0.0.1");
                    e.setAttribute("ip_ttl", "0");
                    // 3.6's MPING sends on the default route's interface whatever bind_addr says: name lo; and join
                    // the group on lo only (receive_on_all_interfaces would send IGMP reports on the others)
                    e.setAttribute("send_interfaces", "lo");
                    e.setAttribute("send_on_all_interfaces", "false");
                    e.setAttribute("receive_on_all_interfaces", "false");
                    e.removeAttribute("receive_interfaces");
                    setOrFill(e, "mcast_addr", tokens.get("MCAST_ADDR"), runnerGroup);
                    setOrFill(e, "mcast_port", tokens.get("MCAST_PORT"), runnerGroup);
                }
                case "TCPGOSSIP" -> e.setAttribute("initial_hosts", "127.0.0.1[" + tokens.get("ROUTER_PORT") + "]");
                case "FD_SOCK2" -> e.setAttribute("bind_addr", "127.0.0.1");
                case "FD_SOCK" -> {
                    e.setAttribute("bind_addr", "127.0.0.1");
                    // its server socket at a port the capture filters on (by default any free port above 10000)
                    String port = tokens.get("BIND_PORT");
                    if (port != null) {
                        e.setAttribute("start_port", Integer.toString(Integer.parseInt(port) + SIDE_PORT_OFFSET));
                        e.setAttribute("port_range", "0");
                    }
                }
                case "raft.CLIENT" -> {
                    // jgroups-raft's server for its own client (no cluster traffic): loopback, a port per member
                    e.setAttribute("bind_addr", "127.0.0.1");
                    String port = tokens.get("BIND_PORT");
                    if (port != null)
                        e.setAttribute("port", Integer.toString(Integer.parseInt(port) + CLIENT_PORT_OFFSET));
                }
                case "SSL_KEY_EXCHANGE" -> {
                    e.setAttribute("bind_addr", "127.0.0.1");
                    // the XML's store is a file on its author's machine: the run's RSA key and certificate, which
                    // every member trusts (the key store is the trust store when none is named)
                    e.setAttribute("keystore_name", tokens.get("RSA_KEYSTORE"));
                    e.setAttribute("keystore_type", "PKCS12");
                    e.setAttribute("keystore_password", tokens.get("KEYSTORE_PASSWORD"));
                    e.removeAttribute("truststore_name");
                }
                case "SYM_ENCRYPT" -> keystore(e, "keystore_name", tokens, true);
                case "ENCRYPT" -> keystore(e, "key_store_name", tokens, false);
                case "AUTH" -> auth(e, tokens);
                default -> {}
            }
        }
    }

    /**
     * Whether a protocol of the stack reads a keystore the runner must make (SYM_ENCRYPT, 3.6's ENCRYPT,
     * SSL_KEY_EXCHANGE, AUTH's X509Token).
     */
    static boolean needsKeystore(Element e) {
        return switch (UserStack.local(e)) {
            case "SYM_ENCRYPT" -> !e.getAttribute("keystore_name").isEmpty();
            case "ENCRYPT" -> !e.getAttribute("key_store_name").isEmpty();
            case "SSL_KEY_EXCHANGE" -> true;
            case "AUTH" -> e.getAttribute("auth_class").endsWith("X509Token");
            default -> false;
        };
    }

    private static void setOrFill(Element e, String attr, String value, boolean replace) {
        if (replace || UserStack.resolve(e.getAttribute(attr)).isEmpty()) e.setAttribute(attr, value);
    }

    /** The XML's keystore (a path on its author's machine) becomes the run's: a new AES key in a JCEKS store. */
    private static void keystore(Element e, String nameAttr, Map<String, String> tokens, boolean typed) {
        if (e.getAttribute(nameAttr).isEmpty()) return; // keys exchanged at run time: nothing to make
        e.setAttribute(nameAttr, tokens.get("KEYSTORE"));
        e.setAttribute("store_password", tokens.get("KEYSTORE_PASSWORD"));
        e.removeAttribute("key_password"); // defaults to store_password
        e.setAttribute("alias", tokens.getOrDefault("KEY_ALIAS", KEY_ALIAS));
        if (typed) e.setAttribute("keystore_type", tokens.getOrDefault("KEYSTORE_TYPE", "JCEKS"));
    }

    /**
     * RegexMembership and FixedMembershipToken admit members by address; on loopback only 127.0.0.1 can match.
     * X509Token encrypts its value with the certificate of a keystore on its author's machine: the run's. The
     * attribute is {@code auth_token.x} since 4.0 and plain {@code x} on 3.6's AUTH.
     */
    private static void auth(Element e, Map<String, String> tokens) {
        NamedNodeMap attrs = e.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            Attr a = (Attr) attrs.item(i);
            if (a.getName().endsWith("keystore_path")) a.setValue(tokens.get("RSA_KEYSTORE"));
            if (a.getName().endsWith("keystore_password")) a.setValue(tokens.get("KEYSTORE_PASSWORD"));
            if (a.getName().endsWith("cert_alias")) a.setValue(KEY_ALIAS);
            if (a.getName().endsWith("match_string")) a.setValue(".*(127\\.0\\.0\\.1|localhost).*");
            // a host without a port admits that host on any port; one entry, since the list's separator differs
            // between versions
            if (a.getName().endsWith("fixed_members_value")) a.setValue("127.0.0.1");
        }
        if (e.getAttribute("auth_class").endsWith("X509Token")) {
            String prefix = e.hasAttribute("keystore_path") ? "" : "auth_token.";
            e.setAttribute(prefix + "keystore_type", "PKCS12");
            e.removeAttribute(prefix + "cert_password"); // defaults to the store's
        }
    }
}
