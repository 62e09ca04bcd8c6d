package org.jgwire.codec.model;

import java.util.List;

/**
 * A GossipRouter control message (anything but MESSAGE, whose embedded frame becomes message records).
 *
 * @param type      REGISTER, UNREGISTER, GET_MBRS, GET_MBRS_RSP, HEARTBEAT, SUSPECT, ...
 * @param group     the cluster name
 * @param address   the member the message is about, or null
 * @param discovery names learned from it (REGISTER, GET_MBRS_RSP), possibly empty
 * @param version   the JGroups jar that decoded it
 */
public record GossipRecord(
        FrameInfo frame, String type, String group, NodeAddress address, List<Discovery> discovery, String version)
        implements Record {
    @Override
    public String kind() {
        return "gossip";
    }
}
