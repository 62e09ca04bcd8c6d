package org.jgwire.codec.network;

/** Big-endian reads from byte arrays; static so the hot path has no virtual calls. Callers check bounds. */
final class Bytes {
    private Bytes() {}

    static int u8(byte[] d, int o) {
        return d[o] & 0xFF;
    }

    static int u16(byte[] d, int o) {
        return (d[o] & 0xFF) << 8 | (d[o + 1] & 0xFF);
    }

    static int s32(byte[] d, int o) {
        return (d[o] & 0xFF) << 24 | (d[o + 1] & 0xFF) << 16 | (d[o + 2] & 0xFF) << 8 | (d[o + 3] & 0xFF);
    }

    static long u32(byte[] d, int o) {
        return s32(d, o) & 0xFFFFFFFFL;
    }

    static long s64(byte[] d, int o) {
        return (long) s32(d, o) << 32 | u32(d, o + 4);
    }
}
