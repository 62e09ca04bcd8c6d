package org.jgwire.codec.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.NodeAddress;

/**
 * The manifest's members by UUID and by name: how addresses on the wire are matched with them (ids in lower case, as
 * the wire and the manifest may differ in case) and shown.
 */
final class MemberIds {
    private final Manifest manifest;
    private final Map<String, Manifest.Member> byId = new HashMap<>();

    MemberIds(Manifest manifest) {
        this.manifest = manifest;
        for (Manifest.Member m : manifest.members()) byId.put(m.uuid().toLowerCase(Locale.ROOT), m);
    }

    static boolean sameId(NodeAddress a, String uuid) {
        return a != null && a.id() != null && a.id().equalsIgnoreCase(uuid);
    }

    /** The address's id in lower case, or null. */
    static String id(NodeAddress a) {
        return a == null || a.id() == null ? null : a.id().toLowerCase(Locale.ROOT);
    }

    static List<String> ids(List<NodeAddress> addresses) {
        List<String> out = new ArrayList<>();
        for (NodeAddress a : addresses) out.add(id(a));
        return out;
    }

    /** The member with this lower-case id, or null. */
    Manifest.Member member(String id) {
        return byId.get(id);
    }

    /** The lower-case UUID of the member of this name, or null. */
    String uuidOf(String name) {
        Manifest.Member m = manifest.member(name);
        return m == null ? null : m.uuid().toLowerCase(Locale.ROOT);
    }

    /** Whether every name is a member's. */
    boolean knows(List<String> names) {
        for (String n : names) if (manifest.member(n) == null) return false;
        return true;
    }

    /** The members' lower-case UUIDs; a name no member has stays as it is (and matches no id on the wire). */
    List<String> uuidsOf(List<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            String u = uuidOf(n);
            out.add(u == null ? n : u);
        }
        return out;
    }

    /** The member's name for an address, its id for any other, {@code ?} without one. */
    String name(NodeAddress a) {
        String id = id(a);
        if (id == null) return "?";
        Manifest.Member m = byId.get(id);
        return m != null ? m.name() : a.id();
    }

    /** Member names for the lower-case ids the manifest knows, the id itself for any other. */
    List<String> names(List<String> ids) {
        List<String> out = new ArrayList<>();
        for (String u : ids) {
            Manifest.Member m = u == null ? null : byId.get(u);
            out.add(m != null ? m.name() : u);
        }
        return out;
    }
}
