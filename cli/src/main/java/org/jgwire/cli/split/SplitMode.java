package org.jgwire.cli.split;

/** What {@code jgwire split --by} keeps together in one part. */
public enum SplitMode {
    /** A TCP connection, a UDP sender (address and port), the fragments of a datagram. */
    flow,
    /** Everything a host (source IP address) sends; a TCP connection in the part of the host that opened it. */
    host
}
