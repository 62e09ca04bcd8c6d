package org.jgwire.codec.model;

import java.util.Objects;

/** One side of a UDP datagram or TCP connection. {@code ip} is null when the input had no IP layer (hex lines). */
public record Endpoint(String ip, int port) {
    /** Whether the address is multicast (IPv4 224.0.0.0/4, IPv6 ff00::/8), read from its text. */
    public boolean isMulticast() {
        if (ip == null) return false;
        if (ip.indexOf(':') >= 0) return ip.regionMatches(true, 0, "ff", 0, 2);
        int first = 0, i = 0;
        for (; i < ip.length() && i < 3 && Character.isDigit(ip.charAt(i)); i++)
            first = first * 10 + ip.charAt(i) - '0';
        return i > 0 && i < ip.length() && ip.charAt(i) == '.' && first >= 224 && first <= 239;
    }

    // Equality written out: a record's own is bound on first use by spinning classes, at every decode's start.
    @Override
    public boolean equals(Object other) {
        return other instanceof Endpoint e && port == e.port && Objects.equals(ip, e.ip);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hashCode(ip) + port;
    }

    @Override
    public String toString() {
        if (ip == null) return port < 0 ? "?" : "?:" + port;
        return ip.indexOf(':') >= 0 ? "[" + ip + "]:" + port : ip + ":" + port;
    }
}
