package org.jgwire.codec.network;

import org.jgwire.codec.model.Endpoint;

/**
 * Direct-mapped caches of {@link Endpoint}s so that a packet between known hosts allocates neither an address
 * string nor an endpoint. Fixed size: a collision just replaces the entry.
 */
final class EndpointCache {
    private static final int SIZE = 4096;
    private static final int MASK = SIZE - 1;

    private final long[] v4Keys = new long[SIZE];
    private final Endpoint[] v4 = new Endpoint[SIZE];
    private final long[] v6Hi = new long[SIZE], v6Lo = new long[SIZE];
    private final int[] v6Port = new int[SIZE];
    private final Endpoint[] v6 = new Endpoint[SIZE];

    /** The endpoint for the IPv4 address at {@code d[off, off+4)} and {@code port}. */
    Endpoint v4(byte[] d, int off, int port) {
        long key = (Bytes.u32(d, off) << 16 | port) | 1L << 48; // bit 48: slot in use
        int slot = (int) (key * 0x9E3779B97F4A7C15L >>> 52) & MASK;
        Endpoint e = v4[slot];
        if (e != null && v4Keys[slot] == key) return e;
        e = new Endpoint(ipv4(d, off), port);
        v4Keys[slot] = key;
        v4[slot] = e;
        return e;
    }

    /** The endpoint for the IPv6 address at {@code d[off, off+16)} and {@code port}. */
    Endpoint v6(byte[] d, int off, int port) {
        long hi = Bytes.s64(d, off), lo = Bytes.s64(d, off + 8);
        int slot = (int) ((hi * 31 + lo) * 0x9E3779B97F4A7C15L + port >>> 52) & MASK;
        Endpoint e = v6[slot];
        if (e != null && v6Hi[slot] == hi && v6Lo[slot] == lo && v6Port[slot] == port) return e;
        e = new Endpoint(ipv6(d, off), port);
        v6Hi[slot] = hi;
        v6Lo[slot] = lo;
        v6Port[slot] = port;
        v6[slot] = e;
        return e;
    }

    static String ipv4(byte[] d, int off) {
        return (d[off] & 0xFF) + "." + (d[off + 1] & 0xFF) + "." + (d[off + 2] & 0xFF) + "." + (d[off + 3] & 0xFF);
    }

    /** RFC 5952 text: lower-case hex, no leading zeros, the longest run (2+) of zero groups as "::". */
    static String ipv6(byte[] d, int off) {
        int bestAt = -1, bestLen = 1;
        for (int i = 0; i < 8; ) {
            if (Bytes.u16(d, off + 2 * i) != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && Bytes.u16(d, off + 2 * j) == 0) j++;
            if (j - i > bestLen) {
                bestAt = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (i == bestAt) {
                sb.append("::");
                i += bestLen - 1;
                continue;
            }
            if (sb.length() > 0 && sb.charAt(sb.length() - 1) != ':') sb.append(':');
            sb.append(Integer.toHexString(Bytes.u16(d, off + 2 * i)));
        }
        return sb.toString();
    }
}
