package org.jgwire.codec.network;

import org.jgwire.codec.model.Endpoint;

/**
 * An ICMP destination-unreachable error quoting a UDP datagram: {@code src} sent it to {@code dst}, and it came
 * back. Only the quoted headers are read: the quote is a copy of a datagram sent before, never a frame.
 *
 * @param reporter the IP address that sent the error
 * @param v6       ICMPv6 (type 1) rather than ICMPv4 (type 3)
 * @param code     the ICMP code (port unreachable: 3 in ICMPv4, 4 in ICMPv6)
 */
public record IcmpBounce(Endpoint src, Endpoint dst, String reporter, boolean v6, int code) implements Transported {}
