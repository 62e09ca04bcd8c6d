package org.jgwire.codec.network;

import org.jgwire.codec.model.Endpoint;

/** What the network layer hands up: a whole UDP datagram (IP-reassembled) or one TCP segment. */
public sealed interface Transported permits UdpDatagram, TcpSegment {
    Endpoint src();

    Endpoint dst();
}
