package org.jgwire.codec.network;

import static org.jgwire.codec.network.Bytes.u16;
import static org.jgwire.codec.network.Bytes.u8;

import java.util.BitSet;
import org.jgwire.codec.HeldBytes;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ProblemKind;

/**
 * Takes a captured link-layer packet down to its UDP datagram or TCP segment: link layer ({@link LinkLayer}),
 * IPv4 (options, total length, so Ethernet padding is ignored) or IPv6 (extension headers), IP reassembly
 * ({@link IpDefragmenter}), then UDP or TCP. Payloads are slices of the packet's own bytes, never copies. An ICMP
 * destination-unreachable error that quotes a UDP datagram is handed up as the {@link IcmpBounce} it reports
 * ({@link IcmpErrors}), whoever's the datagram was: the framing layer tells JGroups' bounces from others'.
 *
 * <p>Not UDP/TCP, not IP at all, or a fragment still waiting for the rest: null, silently, except where that
 * means damage: a link type not known (reported once per type), an IP header of a version other than 4 and 6 where the
 * link layer announced IP, and an IPv4 protocol other than UDP and TCP between {@link JGroupsEndpoints} (the ports read
 * where UDP would have them). Datagrams still in IP reassembly when the capture ends are reported by {@link #finish}. A
 * UDP or TCP header cut by the capture is reported TRUNCATED; a TCP payload cut short is delivered as far as it goes
 * (the stream reassembler sees the gap); a UDP datagram cut short is reported TRUNCATED and not delivered, since a
 * partial datagram is not a frame; the first TCP segment cut short is reported too, as the capture's cause of the gaps
 * that follow. A packet cut before its IP protocol can be read is reported TRUNCATED. The first report of a packet cut
 * by the capture names the capture's snap length and how to capture whole packets; later ones name the snap length.
 * Inconsistent lengths are reported MALFORMED. One instance per capture, one thread.
 */
public final class NetworkDissector {
    private static final int UDP = 17, TCP = 6;
    private static final int HOP_BY_HOP = 0, ROUTING = 43, FRAGMENT = 44, AH = 51, DEST_OPTIONS = 60;

    private final NetworkProblems problems;
    private final IpDefragmenter defragmenter;
    private final EndpointCache endpoints = new EndpointCache();
    private final JGroupsEndpoints jgroups;
    /** Whether a packet cut by the capture's snap length was reported, with how to capture whole packets. */
    private boolean snapLengthExplained;
    /** Link types reported as unknown, each once. */
    private final BitSet unknownLinkTypes = new BitSet();

    public NetworkDissector(Limits limits, NetworkProblems problems) {
        this(limits, problems, new JGroupsEndpoints(1));
    }

    /** A dissector that reports IP packets of other protocols between the {@code jgroups} endpoints. */
    public NetworkDissector(Limits limits, NetworkProblems problems, JGroupsEndpoints jgroups) {
        this(limits, problems, jgroups, new HeldBytes(limits.maxHeldBytes()));
    }

    /** As above, the IP fragments held counting against {@code budget}, shared with the other reassemblers. */
    public NetworkDissector(Limits limits, NetworkProblems problems, JGroupsEndpoints jgroups, HeldBytes budget) {
        this.problems = problems;
        this.defragmenter = new IpDefragmenter(limits, problems, budget);
        this.jgroups = jgroups;
    }

    /** The UDP datagram or TCP segment the packet carries, or null (see the class comment). */
    public Transported dissect(RawPacket p) {
        byte[] d = p.data();
        int len = d.length;
        int ip = LinkLayer.ipOffset(p.linkType(), d, len);
        if (ip < 0 || ip >= len) {
            if (len < p.originalLength() && LinkLayer.isSupported(p.linkType()))
                return truncated(p, "link-layer header cut by the capture: " + len + " bytes");
            if (!LinkLayer.isSupported(p.linkType()) && !unknownLinkTypes.get(p.linkType() & 0xFFFF)) {
                unknownLinkTypes.set(p.linkType() & 0xFFFF);
                return malformed(
                        p,
                        "link type " + p.linkType() + " is not supported (Ethernet, Linux SLL/SLL2, BSD loopback and"
                                + " raw IP are); this packet and every other of that link type are skipped");
            }
            return null;
        }
        int version = d[ip] >> 4 & 0xF;
        if (version == 4) return ipv4(p, d, ip, len);
        if (version == 6) return ipv6(p, d, ip, len);
        return malformed(p, "IP version " + version + " in a packet whose link layer announces IP");
    }

    /** Datagrams still waiting for fragments: each reported INCOMPLETE. Call once, at the end of the capture. */
    public void finish() {
        defragmenter.finish();
    }

    // --- IP, and the ICMP errors it carries ---

    private Transported ipv4(RawPacket p, byte[] d, int ip, int len) {
        if (ip + 10 > len) // cannot even tell the protocol
        return len < p.originalLength()
                    ? truncated(p, "IPv4 header cut by the capture before its protocol: " + (len - ip) + " of 20 bytes")
                    : null;
        int protocol = u8(d, ip + 9);
        if (protocol == IcmpErrors.ICMP) {
            IcmpBounce bounce = icmpV4(d, ip, len);
            if (bounce != null) return bounce;
        }
        if (protocol != UDP && protocol != TCP) return otherProtocol(p, d, ip, len, protocol);
        if (ip + 20 > len) return truncated(p, "IPv4 header cut by the capture: " + (len - ip) + " of 20 bytes");
        int ihl = (d[ip] & 0xF) * 4;
        int totalLength = u16(d, ip + 2);
        if (totalLength == 0) totalLength = len - ip; // TCP segmentation offload: the NIC fills it in later
        if (ihl < 20 || totalLength < ihl) {
            return malformed(p, "IPv4 header length " + ihl + " with total length " + totalLength);
        }
        if (ip + ihl > len) return truncated(p, "IPv4 options cut by the capture: " + (len - ip) + " of " + ihl);
        boolean cut = ip + totalLength > len;
        int end = cut ? len : ip + totalLength; // beyond the total length is link padding
        int flagsOffset = u16(d, ip + 6);
        boolean more = (flagsOffset & 0x2000) != 0;
        int fragOffset = (flagsOffset & 0x1FFF) * 8;
        if (more || fragOffset != 0) {
            if (cut) return truncated(p, "IPv4 fragment cut by the capture: " + (len - ip) + " of " + totalLength);
            IpDefragmenter.Reassembled r =
                    defragmenter.addV4(p.number(), p.tsNanos(), d, ip, ip + ihl, end, fragOffset, more);
            if (r == null) return null;
            return transport(p, r.data(), 0, r.length(), false, protocol, d, ip, false);
        }
        if (cut && p.originalLength() <= len) {
            return malformed(p, "IPv4 total length " + totalLength + " exceeds the packet (" + (len - ip) + ")");
        }
        return transport(p, d, ip + ihl, end, cut, protocol, d, ip, false);
    }

    private Transported ipv6(RawPacket p, byte[] d, int ip, int len) {
        if (ip + 40 > len)
            return len < p.originalLength()
                    ? truncated(p, "IPv6 header cut by the capture: " + (len - ip) + " of 40 bytes")
                    : null;
        int payloadLength = u16(d, ip + 4);
        // 0: a jumbogram (RFC 2675) or segmentation offload; the captured bytes are all there is.
        int declaredEnd = payloadLength == 0 ? len : ip + 40 + payloadLength;
        boolean cut = declaredEnd > len;
        if (cut && p.originalLength() <= len) {
            return malformed(
                    p, "IPv6 payload length " + payloadLength + " exceeds the packet (" + (len - ip - 40) + ")");
        }
        byte[] buf = d;
        int end = cut ? len : declaredEnd;
        int off = ip + 40;
        int next = u8(d, ip + 6);
        boolean reassembled = false;
        while (true) {
            switch (next) {
                case UDP, TCP:
                    return transport(p, buf, off, end, cut, next, d, ip, true);
                case HOP_BY_HOP, ROUTING, DEST_OPTIONS, AH: {
                    if (off + 2 > end) return cutExtension(p, cut, next);
                    int hlen = next == AH ? (u8(buf, off + 1) + 2) * 4 : (u8(buf, off + 1) + 1) * 8;
                    if (off + hlen > end) {
                        String claim = "IPv6 extension header " + next + " claims " + hlen + " bytes, more than the "
                                + (end - off) + " left";
                        return cut
                                ? truncated(p, claim + " in what the capture kept")
                                : malformed(p, claim + " in the IPv6 payload");
                    }
                    next = u8(buf, off);
                    off += hlen;
                    break;
                }
                case FRAGMENT: {
                    if (off + 8 > end) return cutExtension(p, cut, next);
                    int fragNext = u8(buf, off);
                    int fo = u16(buf, off + 2);
                    long id = Bytes.u32(buf, off + 4);
                    off += 8;
                    int fragOffset = fo & 0xFFF8;
                    boolean more = (fo & 1) != 0;
                    next = fragNext;
                    if (fragOffset == 0 && !more) break; // atomic fragment (RFC 6946)
                    if (reassembled) return malformed(p, "IPv6 fragment header inside a reassembled datagram");
                    if (cut)
                        return truncated(
                                p,
                                "IPv6 fragment cut by the capture: " + (len - ip) + " of " + (declaredEnd - ip)
                                        + " bytes");
                    if (off > end) return malformed(p, "IPv6 extension headers run past the payload length");
                    IpDefragmenter.Reassembled r = defragmenter.addV6(
                            p.number(), p.tsNanos(), d, ip, id, fragNext, off, end, fragOffset, more);
                    if (r == null) return null;
                    buf = r.data();
                    off = 0;
                    end = r.length();
                    next = r.protocol();
                    reassembled = true;
                    break;
                }
                case IcmpErrors.ICMPV6:
                    return IcmpErrors.v6(buf, off, end, d, ip, endpoints);
                default:
                    return null; // no next header (59), ESP, ...: nothing for us
            }
        }
    }

    /** The UDP datagram an ICMPv4 destination-unreachable error quotes, or null (a later fragment holds no quote). */
    private IcmpBounce icmpV4(byte[] d, int ip, int len) {
        int ihl = (d[ip] & 0xF) * 4;
        if (ihl < 20 || ip + 20 > len || (u16(d, ip + 6) & 0x1FFF) != 0) return null;
        int total = u16(d, ip + 2);
        if (total != 0 && total < ihl) return null;
        int end = total == 0 ? len : Math.min(len, ip + total); // 0: segmentation offload, as for UDP
        return IcmpErrors.v4(d, ip, ip + ihl, end, endpoints);
    }

    /** An IPv4 packet of another protocol: reported when the ports where UDP has them are JGroups endpoints'. */
    private Transported otherProtocol(RawPacket p, byte[] d, int ip, int len, int protocol) {
        int ihl = (d[ip] & 0xF) * 4;
        if (ip + 20 > len || ihl < 20 || ip + ihl + 4 > len || jgroups.none()) return null;
        Endpoint src = endpoints.v4(d, ip + 12, u16(d, ip + ihl)), dst = endpoints.v4(d, ip + 16, u16(d, ip + ihl + 2));
        if (!jgroups.either(src, dst)) return null;
        return malformed(
                p,
                "IPv4 protocol " + protocol + " from " + src + " to " + dst
                        + ", endpoints that carry JGroups over UDP (protocol 17); packet skipped");
    }

    private Transported cutExtension(RawPacket p, boolean cut, int header) {
        return cut
                ? truncated(p, "IPv6 extension header " + header + " cut by the capture")
                : malformed(p, "IPv6 extension header " + header + " runs past the payload length");
    }

    // --- UDP, TCP, and what the capture cut or damaged ---

    /**
     * The UDP/TCP header at {@code buf[off]}, its payload up to {@code end}; {@code cut} when the capture ended
     * before the IP length did. Addresses come from the IP header at {@code hdr[ip]}.
     */
    private Transported transport(
            RawPacket p, byte[] buf, int off, int end, boolean cut, int protocol, byte[] hdr, int ip, boolean v6) {
        int avail = end - off;
        if (protocol == UDP) {
            if (avail < 8) return short_(p, cut, "UDP header", avail, 8);
            int udpLength = u16(buf, off + 4);
            if (udpLength == 0 && v6) udpLength = avail; // jumbogram (RFC 2675)
            if (udpLength < 8) return malformed(p, "UDP length " + udpLength + " is shorter than its header (8)");
            if (udpLength > avail) {
                return cut
                        ? truncated(
                                p,
                                "UDP datagram cut by the capture: " + avail + " of " + udpLength
                                        + " bytes; not delivered")
                        : malformed(p, "UDP length " + udpLength + " exceeds the IP payload (" + avail + ")");
            }
            return new UdpDatagram(
                    endpoint(hdr, ip, v6, true, u16(buf, off)),
                    endpoint(hdr, ip, v6, false, u16(buf, off + 2)),
                    buf,
                    off + 8,
                    udpLength - 8);
        }
        if (avail < 20) return short_(p, cut, "TCP header", avail, 20);
        int dataOffset = (u8(buf, off + 12) >> 4) * 4;
        if (dataOffset < 20) return malformed(p, "TCP data offset " + dataOffset + " is shorter than 20");
        if (dataOffset > avail) return short_(p, cut, "TCP header with options", avail, dataOffset);
        int flags = u8(buf, off + 13);
        if (cut && !snapLengthExplained)
            truncated(
                    p,
                    "TCP segment cut by the capture: its payload is delivered as far as it goes, and the stream"
                            + " misses the rest");
        return new TcpSegment(
                endpoint(hdr, ip, v6, true, u16(buf, off)),
                endpoint(hdr, ip, v6, false, u16(buf, off + 2)),
                Bytes.u32(buf, off + 4),
                flags,
                buf,
                off + dataOffset,
                avail - dataOffset,
                (flags & TcpSegment.ACK) != 0 ? Bytes.u32(buf, off + 8) : -1);
    }

    private Endpoint endpoint(byte[] hdr, int ip, boolean v6, boolean src, int port) {
        return v6 ? endpoints.v6(hdr, ip + (src ? 8 : 24), port) : endpoints.v4(hdr, ip + (src ? 12 : 16), port);
    }

    private Transported short_(RawPacket p, boolean cut, String what, int have, int need) {
        return cut
                ? truncated(p, what + " cut by the capture: " + have + " of " + need + " bytes")
                : malformed(p, what + " needs " + need + " bytes but the IP payload holds " + have);
    }

    private Transported truncated(RawPacket p, String message) {
        problems.problem(p.number(), p.tsNanos(), ProblemKind.TRUNCATED, message + snapLength(p));
        return null;
    }

    /** Why a packet is cut, when the capture cut it: its snap length, and the first time how to capture more. */
    private String snapLength(RawPacket p) {
        int kept = p.data().length;
        if (kept >= p.originalLength()) return "";
        if (snapLengthExplained) return " (snap length " + kept + ")";
        snapLengthExplained = true;
        return "; the capture kept " + kept + " of the packet's " + p.originalLength() + " bytes: it was taken with a"
                + " snap length of " + kept + " bytes, which cuts every longer packet; capture whole packets with"
                + " `tcpdump -s 0` or `tshark -s 0` (their default)";
    }

    private Transported malformed(RawPacket p, String message) {
        problems.problem(p.number(), p.tsNanos(), ProblemKind.MALFORMED, message);
        return null;
    }
}
