package org.jgwire.adapter.classic;

import java.util.List;
import org.jgroups.Address;
import org.jgroups.PhysicalAddress;
import org.jgroups.protocols.PingData;
import org.jgroups.stack.IpAddress;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.runtime.FrameInput;

/** Names learned from discovery payloads (PingData), MERGE3 INFO headers and GossipRouter registrations. */
final class Discoveries {
    private final Addresses addresses;
    private final FrameInput in = new FrameInput(FrameInput.Wording.CLASSIC);

    Discoveries(Addresses addresses) {
        this.addresses = addresses;
    }

    /**
     * The PingData in the payload of a message with a PingHeader: requests and responses both carry one
     * ({@code Discovery.readPingData}, 3.6 and 4.x).
     */
    List<Discovery> pingData(byte[] buf, int off, int len) throws Exception {
        // Discovery.marshal writes it with Util.writeStreamable: a presence byte, then the PingData
        in.reset(buf, off, len);
        if (!in.readBoolean()) return List.of();
        PingData data = new PingData();
        data.readFrom(in);
        return List.of(of(data, "discovery"));
    }

    Discovery of(PingData data, String source) {
        return new Discovery(
                addresses.node(data.getAddress()),
                data.getLogicalName(),
                physical(data.getPhysicalAddr()),
                data.isCoord(),
                source);
    }

    Discovery of(Address member, String logicalName, PhysicalAddress physical, String source) {
        return new Discovery(addresses.node(member), logicalName, physical(physical), false, source);
    }

    /**
     * A MERGE3 INFO header names its sender: {@code logical_name} and {@code physical_addr}
     * ({@code MERGE3.MergeHeader.createInfo}); the fields come from the header record already read.
     */
    static Discovery mergeInfo(HeaderRecord h, NodeAddress sender) {
        if (sender == null || !"INFO".equals(String.valueOf(h.field("type")))) return null;
        Object name = h.field("logical_name");
        Object phys = h.field("physical_addr");
        String physical = phys instanceof NodeAddress n ? n.id() : phys != null ? phys.toString() : null;
        if (name == null && physical == null) return null;
        return new Discovery(sender, name != null ? name.toString() : null, physical, false, "merge3");
    }

    private static String physical(PhysicalAddress p) {
        if (p == null) return null;
        return p instanceof IpAddress ip ? Addresses.ipPort(ip) : p.toString();
    }
}
