package org.jgwire.codec.model;

/**
 * A name binding learned from the traffic: discovery data (PingData), a MERGE3 INFO header or a
 * GossipRouter registration.
 *
 * @param address     the member
 * @param logicalName its logical name, or null
 * @param physical    its physical address as {@code ip:port}, or null
 * @param coord       whether it said it is the coordinator
 * @param source      where it was learned: {@code discovery}, {@code merge3}, {@code gossip}, {@code names-file}
 */
public record Discovery(NodeAddress address, String logicalName, String physical, boolean coord, String source) {}
