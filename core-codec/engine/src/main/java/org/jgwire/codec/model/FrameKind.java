package org.jgwire.codec.model;

/** How a frame's bytes are laid out. */
public enum FrameKind {
    /** {@code version(u16) flags(u8)} then one message or a list: a UDP datagram or a TCP/TCP_NIO2 frame. */
    TRANSPORT,
    /** FD_SOCK2: a message without version, frame flags or type short. */
    BARE_MESSAGE,
    /** TUNNEL / GossipRouter: a GossipData, which may embed a transport frame. */
    GOSSIP
}
