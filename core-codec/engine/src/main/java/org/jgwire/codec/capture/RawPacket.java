package org.jgwire.codec.capture;

/**
 * A captured link-layer packet.
 *
 * @param linkType       the LINKTYPE_ value of its interface (1 Ethernet, 113 SLL, 276 SLL2, 0 null, 101 raw...)
 * @param data           the captured bytes (possibly fewer than {@code originalLength}); the packet's own, never
 *                       reused by its source (frames in it may be decoded after the source read on)
 * @param originalLength the packet's length on the wire
 */
public record RawPacket(long number, long tsNanos, int linkType, byte[] data, int originalLength) implements Captured {
    public static final int LINKTYPE_NULL = 0;
    public static final int LINKTYPE_ETHERNET = 1;
    public static final int LINKTYPE_RAW = 101;
    public static final int LINKTYPE_LOOP = 108;
    public static final int LINKTYPE_LINUX_SLL = 113;
    public static final int LINKTYPE_IPV4 = 228;
    public static final int LINKTYPE_IPV6 = 229;
    public static final int LINKTYPE_LINUX_SLL2 = 276;
}
