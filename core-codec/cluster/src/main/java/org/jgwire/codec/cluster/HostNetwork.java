package org.jgwire.codec.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A small network of the run's own, as between hosts: each member in a network namespace of its own with one interface
 * ({@code eth0}, address {@value #SUBNET}.(index + 1)/24), joined by veth pairs to a bridge ({@code br0}) in one more
 * namespace, where the capture runs (promiscuous, so it sees the unicasts it forwards). Multicast crosses the bridge
 * (snooping off, a multicast route on each member's {@code eth0}); IPv6 is off so that no router solicitation or MLD
 * report joins the traffic.
 *
 * <p>Because each member has a network stack of its own, a firewall rule in a member's namespace acts on that member
 * alone: {@link #cut} drops everything between two groups of members (unicast both ways and the multicast copies each
 * receives from the other group) with nftables, {@link #heal} removes the rules; {@link #lose} makes links lossy,
 * one way, on the bridge. Nothing leaves these namespaces: they have no route to the host. All are deleted at the end
 * of the run, and when this JVM shuts down (Ctrl-C).
 */
final class HostNetwork implements AutoCloseable {
    /** The members' subnet, the same in every run: each run's namespaces are a world of their own. */
    static final String SUBNET = "10.231.0";

    /** The interface the capture listens on, in {@link #bridge}. */
    static final String BRIDGE = "br0";

    private static final String TABLE = "jgwire_partition";
    private static final String LOSS_TABLE = "jgwire_loss";

    private final String prefix;
    final NetworkNamespace bridge;
    private final Map<Integer, NetworkNamespace> members = new TreeMap<>();

    private HostNetwork(String prefix, NetworkNamespace bridge) {
        this.prefix = prefix;
        this.bridge = bridge;
    }

    /** The bridge's namespace with {@code br0} up, multicast snooping off; members come with {@link #member}. */
    static HostNetwork create() throws ClusterFailure, InterruptedException {
        String prefix =
                "jgwire-" + Integer.toHexString(ThreadLocalRandom.current().nextInt());
        NetworkNamespace bridge = NetworkNamespace.create(prefix + "-net");
        HostNetwork net = new HostNetwork(prefix, bridge);
        try {
            bridge.exec("ip", "link", "add", BRIDGE, "type", "bridge", "mcast_snooping", "0");
            bridge.exec("sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1");
            // a bridge hands its own interface the frames it forwards between ports only when promiscuous
            bridge.exec("ip", "link", "set", BRIDGE, "promisc", "on");
            bridge.exec("ip", "link", "set", BRIDGE, "up");
        } catch (ClusterFailure | InterruptedException e) {
            net.close();
            throw e;
        }
        return net;
    }

    /** The address of member {@code index} (0-based). */
    static String address(int index) {
        return SUBNET + "." + (index + 1);
    }

    /**
     * A stock stack XML made for loopback, made for member {@code index}'s namespace: its sockets bound to its own
     * address, multicast with a TTL of 1 (the bridge is one hop; 0 keeps it on the sending host).
     */
    static String bindTo(String stackXml, int index) {
        return stackXml.replace("bind_addr=\"127.0.0.1\"", "bind_addr=\"" + address(index) + "\"")
                .replace("ip_ttl=\"0\"", "ip_ttl=\"1\"");
    }

    /**
     * Member {@code index}'s namespace, made on first use: {@code eth0} with its address, a veth pair to the bridge,
     * a multicast route, IPv6 off. A member started again (flapping) gets the same one back.
     */
    synchronized NetworkNamespace member(int index) throws ClusterFailure, InterruptedException {
        NetworkNamespace ns = members.get(index);
        if (ns != null) return ns;
        ns = NetworkNamespace.create(
                prefix + "-" + ClusterSpec.memberName(index).toLowerCase());
        members.put(index, ns);
        String port = port(index);
        NetworkNamespace.run(
                "ip",
                "link",
                "add",
                "eth0",
                "netns",
                ns.name,
                "type",
                "veth",
                "peer",
                "name",
                port,
                "netns",
                bridge.name);
        bridge.exec("ip", "link", "set", port, "master", BRIDGE);
        bridge.exec("ip", "link", "set", port, "up");
        ns.exec("sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1");
        ns.exec("ip", "addr", "add", address(index) + "/24", "dev", "eth0");
        ns.exec("ip", "link", "set", "eth0", "up");
        ns.exec("ip", "route", "add", "224.0.0.0/4", "dev", "eth0");
        return ns;
    }

    /** The bridge's port of member {@code index}'s veth pair. */
    private static String port(int index) {
        return "m" + index;
    }

    /**
     * Makes links lossy: each drops about its percentage of the frames the bridge forwards from the first member's
     * address to the second member's port (unicasts and that port's copy of a multicast), at random. On the bridge,
     * not in the receiver's namespace: a capture on the receiver's {@code eth0} sees a packet before its netfilter
     * drops it, and the loss must show as between hosts, sent by one and never arriving at the other.
     */
    void lose(List<Manifest.LinkLoss> links) throws ClusterFailure, InterruptedException {
        if (links.isEmpty()) return;
        StringBuilder rules = new StringBuilder("table bridge " + LOSS_TABLE + " {\n")
                .append("  chain forward {\n    type filter hook forward priority 0;\n");
        for (Manifest.LinkLoss l : links)
            rules.append("    ip saddr ")
                    .append(address(l.from().charAt(0) - 'A'))
                    .append(" oifname \"")
                    .append(port(l.to().charAt(0) - 'A'))
                    .append("\" numgen random mod 100 < ")
                    .append(l.percent())
                    .append(" drop\n");
        rules.append("  }\n}\n");
        bridge.execWithInput(rules.toString(), "nft", "-f", "-");
    }

    /**
     * Cuts the network between two groups of members (indexes): in each member's namespace an nftables table drops
     * every packet from and to the other group's addresses, multicast copies included (their source is the sender).
     */
    void cut(List<Integer> left, List<Integer> right) throws ClusterFailure, InterruptedException {
        dropBetween(left, right);
        dropBetween(right, left);
    }

    /** Removes every rule {@link #cut} added. */
    synchronized void heal() throws ClusterFailure, InterruptedException {
        for (NetworkNamespace ns : members.values()) ns.execQuietly("nft", "delete", "table", "inet", TABLE);
    }

    private void dropBetween(List<Integer> these, List<Integer> others) throws ClusterFailure, InterruptedException {
        List<String> addresses = new ArrayList<>();
        for (int i : others) addresses.add(address(i));
        String set = "{ " + String.join(", ", addresses) + " }";
        String rules = "table inet " + TABLE + " {\n"
                + "  chain in { type filter hook input priority 0; ip saddr " + set + " drop; }\n"
                + "  chain out { type filter hook output priority 0; ip daddr " + set + " drop; }\n"
                + "}\n";
        for (int i : these) member(i).execWithInput(rules, "nft", "-f", "-");
    }

    @Override
    public synchronized void close() {
        members.values().forEach(NetworkNamespace::close);
        members.clear();
        bridge.close();
    }
}
