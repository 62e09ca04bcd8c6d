package org.jgwire.codec.network;

import org.jgwire.codec.model.Endpoint;

/** A UDP datagram's payload: {@code data[offset, offset+length)}. */
public record UdpDatagram(Endpoint src, Endpoint dst, byte[] data, int offset, int length) implements Transported {}
