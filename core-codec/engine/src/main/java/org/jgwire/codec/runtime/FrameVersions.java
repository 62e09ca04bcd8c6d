package org.jgwire.codec.runtime;

/** Version shorts found inside frames that do not start with one. */
final class FrameVersions {
    private FrameVersions() {}

    /**
     * The version of the transport frame a GossipData embeds, or -1. A MESSAGE GossipData ends with
     * {@code i32 length + frame} ({@code GossipData.writeTo}), so the frame starts where the int before it equals
     * the bytes left; the version short there must be one jgwire knows, which rules out chance matches in the
     * group name or addresses before it.
     */
    static int embeddedVersion(byte[] buf, int off, int len) {
        int end = off + len;
        for (int p = off + 5; p + 3 <= end; p++) {
            int n = (buf[p - 4] & 0xFF) << 24
                    | (buf[p - 3] & 0xFF) << 16
                    | (buf[p - 2] & 0xFF) << 8
                    | buf[p - 1] & 0xFF;
            if (n != end - p) continue;
            int v = (buf[p] & 0xFF) << 8 | buf[p + 1] & 0xFF;
            if (WireVariants.isKnownVersionShort(v)) return v;
        }
        return -1;
    }
}
