package org.jgwire.adapter.jg5;

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
import org.jgroups.util.ExtendedUUID;
import org.jgroups.util.UUID;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewIdText;

/**
 * JGroups addresses and small value types as neutral values. Conversions are cached per address value and class (a
 * SiteUUID or ExtendedUUID equals the plain UUID with the same bits, so the value alone would give whichever was seen
 * first), bounded so a capture with many members cannot grow it without limit.
 */
final class Addresses {
    private final Map<Address, Converted> cache = new HashMap<>();
    private final int maxCached;

    /** Caching at most {@code maxCached} conversions ({@code Limits.maxCachedAddresses}). */
    Addresses(int maxCached) {
        this.maxCached = maxCached;
    }

    NodeAddress of(Address a) {
        if (a == null) return null;
        Converted c = cache.get(a);
        if (c != null && c.type == a.getClass()) return c.node;
        NodeAddress n = convert(a);
        if (cache.size() >= maxCached) cache.clear();
        cache.put(a, new Converted(a.getClass(), n));
        return n;
    }

    private record Converted(Class<?> type, NodeAddress node) {}

    List<NodeAddress> of(Collection<? extends Address> list) {
        if (list == null) return List.of();
        List<NodeAddress> out = new ArrayList<>(list.size());
        for (Address a : list) out.add(of(a));
        return out;
    }

    List<NodeAddress> of(Address[] list) {
        if (list == null) return List.of();
        List<NodeAddress> out = new ArrayList<>(list.length);
        for (Address a : list) if (a != null) out.add(of(a));
        return out;
    }

    /** The converter HeaderFieldReader uses: neutral values for JGroups types, null for "use toString()". */
    Object neutral(Object v) {
        if (v instanceof Address a) return of(a);
        if (v instanceof ViewId id) return viewId(id);
        if (v instanceof AsciiString s) return s.toString();
        return null;
    }

    /** A view id as {@code creator|id}. */
    String viewId(ViewId id) {
        if (id == null) return null;
        NodeAddress c = of(id.getCreator());
        return ViewIdText.of(c != null ? c.id() : "null", id.getId());
    }

    static String physical(Address a) {
        if (a == null) return null;
        if (a instanceof IpAddress ip) return ipPort(ip);
        return a.toString();
    }

    private static String ipPort(IpAddress ip) {
        InetAddress addr = ip.getIpAddress();
        String host = addr != null ? addr.getHostAddress() : "0.0.0.0";
        return addr instanceof Inet6Address ? "[" + host + "]:" + ip.getPort() : host + ":" + ip.getPort();
    }

    private static NodeAddress convert(Address a) {
        // SiteMaster before SiteUUID (it extends it); SiteUUID before ExtendedUUID (likewise). getName/getSite
        // exist on SiteUUID in every 5.x jar; before 5.2.17 they read the ExtendedUUID keys, after it fields.
        if (a instanceof SiteMaster sm)
            return new NodeAddress("SiteMaster:" + sm.getSite(), "SiteMaster", null, sm.getSite());
        if (a instanceof SiteUUID su) return new NodeAddress(uuid(su), "SiteUUID", su.getName(), su.getSite());
        if (a instanceof ExtendedUUID eu) return new NodeAddress(uuid(eu), "ExtendedUUID", null, null);
        if (a instanceof UUID u)
            return new NodeAddress(
                    uuid(u), u.getClass() == UUID.class ? "UUID" : u.getClass().getSimpleName(), null, null);
        if (a instanceof IpAddress ip) return new NodeAddress(ipPort(ip), "IpAddress", null, null);
        return new NodeAddress(a.toString(), a.getClass().getSimpleName(), null, null);
    }

    /** Standard 8-4-4-4-12 form, as {@code UUID.toStringLong()} prints it. */
    private static String uuid(UUID u) {
        return new java.util.UUID(u.getMostSignificantBits(), u.getLeastSignificantBits()).toString();
    }
}
