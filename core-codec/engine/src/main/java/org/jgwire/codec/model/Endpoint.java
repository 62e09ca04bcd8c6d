package org.jgwire.codec.model;

/** One side of a UDP datagram or TCP connection. {@code ip} is null when the input had no IP layer (hex lines). */
public record Endpoint(String ip, int port) {
    @Override
    public String toString() {
        if (ip == null) return port < 0 ? "?" : "?:" + port;
        return ip.indexOf(':') >= 0 ? "[" + ip + "]:" + port : ip + ":" + port;
    }
}
