package org.jgwire.codec.network;

import static org.jgwire.codec.network.Bytes.u16;

/**
 * Finds the IP header inside a link-layer frame (LINKTYPE_ values: https://www.tcpdump.org/linktypes.html).
 * Frames that do not carry IP (ARP, LLC) yield -1 and are skipped silently; the caller reports unknown link types.
 */
final class LinkLayer {
    static final int ETHERTYPE_IPV4 = 0x0800, ETHERTYPE_IPV6 = 0x86DD;
    static final int ETHERTYPE_VLAN = 0x8100, ETHERTYPE_QINQ = 0x88A8, ETHERTYPE_QINQ_OLD = 0x9100;

    /** BSD AF_INET6 differs by OS: 10 Linux, 24 NetBSD/OpenBSD, 28 FreeBSD, 30 macOS. AF_INET is 2 everywhere. */
    private static boolean isAf(int af) {
        return af == 2 || af == 10 || af == 24 || af == 28 || af == 30;
    }

    private LinkLayer() {}

    /** Whether {@link #ipOffset} knows the link type. */
    static boolean isSupported(int linkType) {
        return switch (linkType) {
            case 0, 1, 12, 14, 101, 108, 113, 228, 229, 276 -> true;
            default -> false;
        };
    }

    /** Offset of the IP header in {@code d[0, len)}, or -1 when the frame carries no IP. */
    static int ipOffset(int linkType, byte[] d, int len) {
        switch (linkType) {
            case 1: // Ethernet: dst(6) src(6) ethertype(2)
                return len < 14 ? -1 : ethertypeChain(d, len, u16(d, 12), 14);
            case 113: // Linux SLL: packet type(2) ARPHRD(2) addr len(2) addr(8) protocol(2)
                return len < 16 ? -1 : ethertypeChain(d, len, u16(d, 14), 16);
            case 276: // Linux SLL2: protocol(2) reserved(2) ifindex(4) ARPHRD(2) pkttype(1) addr len(1) addr(8)
                return len < 20 ? -1 : ethertypeChain(d, len, u16(d, 0), 20);
            case 0: // BSD null: AF in the capturing host's byte order
            case 108: // OpenBSD loop: AF in network order (but writers disagree, so accept both)
                if (len < 4) return -1;
                int be = Bytes.s32(d, 0);
                return isAf(be) || isAf(Integer.reverseBytes(be)) ? 4 : -1;
            case 101: // raw IP, version from the first nibble
            case 12: // DLT_RAW on some BSDs, written as-is by old libpcaps
            case 14: // DLT_RAW on OpenBSD
                return 0;
            case 228: // raw IPv4
                return len > 0 && (d[0] & 0xF0) == 0x40 ? 0 : -1;
            case 229: // raw IPv6
                return len > 0 && (d[0] & 0xF0) == 0x60 ? 0 : -1;
            default:
                return -1;
        }
    }

    /** Follows 802.1Q / 802.1ad tags (stacked) from {@code type}, whose payload starts at {@code at}. */
    private static int ethertypeChain(byte[] d, int len, int type, int at) {
        while (type == ETHERTYPE_VLAN || type == ETHERTYPE_QINQ || type == ETHERTYPE_QINQ_OLD) {
            if (at + 4 > len) return -1;
            type = u16(d, at + 2); // TCI(2), then the inner type
            at += 4;
        }
        return type == ETHERTYPE_IPV4 || type == ETHERTYPE_IPV6 ? at : -1;
    }
}
