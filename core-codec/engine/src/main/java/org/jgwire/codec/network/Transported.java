package org.jgwire.codec.network;

import org.jgwire.codec.model.Endpoint;

/**
 * What the network layer hands up: a whole UDP datagram (IP-reassembled), one TCP segment, or an ICMP error that
 * bounced a UDP datagram.
 */
public sealed interface Transported permits UdpDatagram, TcpSegment, IcmpBounce {
    Endpoint src();

    Endpoint dst();
}
