package org.jgwire.codec.model;

/**
 * A JGroups datagram bounced: an ICMP destination-unreachable error (ICMPv4 type 3, ICMPv6 type 1) that quotes a
 * UDP datagram to or from an endpoint carrying JGroups. The quote is a copy of a datagram sent before, so nothing
 * in it is decoded or counted as a message: the record says who sent what to where, and why it came back.
 *
 * @param frame    the ICMP packet; its endpoints are the quoted datagram's ({@code src} sent it to {@code dst}), its
 *                 transport {@link Transport#UDP}
 * @param reporter the IP address that sent the ICMP error (for a closed port, the host of {@code dst})
 * @param v6       ICMPv6 (type 1) rather than ICMPv4 (type 3)
 * @param code     the ICMP code: why it came back ({@link #reason})
 */
public record BounceRecord(FrameInfo frame, String reporter, boolean v6, int code) implements Record {
    /** ICMPv4 destination unreachable, code 3; ICMPv6 destination unreachable, code 4. */
    public static final int PORT_UNREACHABLE_V4 = 3, PORT_UNREACHABLE_V6 = 4;

    private static final String[] V4 = {
        "net unreachable",
        "host unreachable",
        "protocol unreachable",
        "port unreachable",
        "fragmentation needed",
        "source route failed",
        "destination network unknown",
        "destination host unknown",
        "source host isolated",
        "network administratively prohibited",
        "host administratively prohibited",
        "network unreachable for TOS",
        "host unreachable for TOS",
        "communication administratively prohibited",
        "host precedence violation",
        "precedence cutoff in effect"
    };
    private static final String[] V6 = {
        "no route to destination",
        "communication administratively prohibited",
        "beyond scope of source address",
        "address unreachable",
        "port unreachable",
        "source address failed ingress/egress policy",
        "reject route to destination",
        "error in source routing header"
    };

    @Override
    public String kind() {
        return "bounce";
    }

    /** Whether nothing listened on the destination port (or a firewall answered as if so). */
    public boolean portUnreachable() {
        return code == (v6 ? PORT_UNREACHABLE_V6 : PORT_UNREACHABLE_V4);
    }

    /** The code in words, as RFC 792/1812 (ICMPv4) and RFC 4443 (ICMPv6) name it. */
    public String reason() {
        String[] names = v6 ? V6 : V4;
        return code >= 0 && code < names.length ? names[code] : "code " + code;
    }

    /** The ICMP message's type: 3 (ICMPv4) or 1 (ICMPv6). */
    public int icmpType() {
        return v6 ? 1 : 3;
    }
}
