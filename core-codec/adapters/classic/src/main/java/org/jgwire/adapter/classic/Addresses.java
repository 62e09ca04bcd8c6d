package org.jgwire.adapter.classic;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jgroups.Address;
import org.jgroups.ViewId;
import org.jgroups.protocols.relay.SiteMaster;
import org.jgroups.protocols.relay.SiteUUID;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.AsciiString;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewIdText;

/**
 * Turns JGroups addresses and the few other JGroups values that appear in headers into neutral values. The same
 * members appear in almost every message, so conversions are cached (keyed by address and class: an
 * ExtendedUUID equals the plain UUID with the same bits).
 */
final class Addresses {
    private final Map<Address, NodeAddress> cache = new HashMap<>();
    private final int maxCached;

    /** Caching at most {@code maxCached} conversions ({@code Limits.maxCachedAddresses}). */
    Addresses(int maxCached) {
        this.maxCached = maxCached;
    }

    /** A {@link NodeAddress} for {@code a}, or null for null. */
    NodeAddress node(Address a) {
        if (a == null) return null;
        NodeAddress n = cache.get(a);
        if (n != null && n.kind().equals(kindOf(a))) return n;
        n = convert(a);
        if (cache.size() >= maxCached) cache.clear();
        cache.put(a, n);
        return n;
    }

    List<NodeAddress> nodes(Collection<? extends Address> as) {
        if (as == null) return List.of();
        List<NodeAddress> out = new ArrayList<>(as.size());
        for (Address a : as) out.add(node(a));
        return out;
    }

    List<NodeAddress> nodes(Address[] as) {
        if (as == null) return List.of();
        List<NodeAddress> out = new ArrayList<>(as.length);
        for (Address a : as) if (a != null) out.add(node(a));
        return out;
    }

    /** The converter given to {@code HeaderFieldReader}: neutral form of a JGroups value, or null for toString. */
    Object neutral(Object v) {
        if (v instanceof Address a) return node(a);
        if (v instanceof ViewId vid) return viewId(vid);
        if (v instanceof AsciiString s) return s.toString();
        return null;
    }

    /** {@code "creator|id"}, the creator in the same form as {@link NodeAddress#id()}. */
    String viewId(ViewId vid) {
        NodeAddress c = node(vid.getCreator());
        return ViewIdText.of(c != null ? c.id() : "null", vid.getId());
    }

    private static String kindOf(Address a) {
        return a instanceof IpAddress ? "IpAddress" : a.getClass().getSimpleName();
    }

    private static NodeAddress convert(Address a) {
        if (a instanceof SiteUUID s) // SiteMaster extends SiteUUID in 3.6 and 4.x
        return new NodeAddress(uuid(s), kindOf(a), s instanceof SiteMaster ? null : s.getName(), s.getSite());
        if (a instanceof UUID u) return new NodeAddress(uuid(u), kindOf(a), null, null);
        if (a instanceof IpAddress ip) return new NodeAddress(ipPort(ip), "IpAddress", null, null);
        return new NodeAddress(String.valueOf(a), kindOf(a), null, null);
    }

    private static String uuid(UUID u) {
        return new java.util.UUID(u.getMostSignificantBits(), u.getLeastSignificantBits()).toString();
    }

    /** {@code ip:port}, IPv6 in brackets as {@code Endpoint} prints it. */
    static String ipPort(IpAddress ip) {
        InetAddress addr = ip.getIpAddress();
        String host = addr == null ? "0.0.0.0" : addr.getHostAddress();
        return addr instanceof Inet6Address ? "[" + host + "]:" + ip.getPort() : host + ":" + ip.getPort();
    }
}
