package org.jgwire.codec.model;

import java.util.Locale;

/** What carried a frame. */
public enum Transport {
    /** One UDP datagram (after IP reassembly) = one frame. */
    UDP,
    /** TCP / TCP_NIO2: length-prefixed frames after the "bela" handshake. */
    TCP,
    /** FD_SOCK2: length-prefixed bare messages after the handshake. */
    FD_SOCK2,
    /**
     * FD_SOCK (3.x - 5.x): its TCP connections carry no frames, only a one-byte NORMAL_TERMINATION signal
     * ({@code FD_SOCK.sendPingSignal}, {@code ClientConnectionHandler.stopThread}) from a member that leaves or
     * stops pinging; a member's server socket closed first without it is shown as ABNORMAL_TERMINATION.
     */
    FD_SOCK,
    /** MPING: a UDP datagram to MPING's multicast socket holding one message without version or frame flags. */
    MPING,
    /** TUNNEL to or from a GossipRouter: length-prefixed GossipData. */
    TUNNEL,
    /** Bytes without a network layer (hex lines, raw binary). */
    NONE;

    private final String jsonName = name().toLowerCase(Locale.ROOT);

    /** The name in JSON Lines: lower case. */
    public String jsonName() {
        return jsonName;
    }
}
