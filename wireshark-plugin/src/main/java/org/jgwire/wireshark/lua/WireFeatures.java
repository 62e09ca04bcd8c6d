package org.jgwire.wireshark.lua;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.WireVariant;
import org.jgwire.codec.runtime.WireVariants;

/**
 * The version from which each rule of the frame format holds (the version table of docs/wire-format.md), handed to the
 * Lua core as version shorts. Each one must be where a wire variant of core-codec's {@link WireVariants} starts: a
 * threshold that is no variant boundary means the two tables disagree, and generation fails.
 */
final class WireFeatures {
    private WireFeatures() {}

    static Map<String, Integer> thresholds() {
        Map<String, Integer> out = new LinkedHashMap<>();
        put(out, "gossip_sender", "4.0.0"); // GossipData.writeTo writes the sender address
        put(out, "extended_uuid_without_flags", "4.0.0"); // 3.x ExtendedUUID.write starts with a u16 flags
        put(out, "typed_messages", "5.0.0"); // type(u16) before every message
        put(out, "object_generic_streamable", "5.2.11"); // ObjectMessage payload via Util.writeGenericStreamable
        put(out, "site_uuid_strings", "5.2.17"); // SiteUUID.writeTo: site and name strings
        put(out, "discovery_list", "5.3.2"); // Discovery.marshal(List<PingData>): i32 count first
        put(out, "composite_without_addresses", "5.4.0"); // CompositeMessage sub-messages via writeToNoAddrs
        put(out, "close_mark", "5.5.3"); // TCP length -5 = graceful close
        return out;
    }

    private static void put(Map<String, Integer> out, String name, String version) {
        JGroupsVersion v = JGroupsVersion.parse(version);
        boolean boundary = false;
        for (WireVariant w : WireVariants.all()) boundary |= w.from().equals(v);
        if (!boundary)
            throw new IllegalStateException(name + " starts at " + v + ", which is no wire variant boundary");
        out.put(name, v.toShort());
    }
}
