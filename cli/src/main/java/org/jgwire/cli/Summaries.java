package org.jgwire.cli;

import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.OtherTraffic;

/** The one-line end-of-run summary printed on stderr. */
public final class Summaries {
    private Summaries() {}

    public static String line(DecodeSummary s) {
        return s.packets() + " packets, " + s.frames() + " frames, " + s.messages() + " messages, " + s.errors()
                + (s.errors() == 1 ? " error" : " errors")
                + (s.versions().isEmpty() ? "" : "; JGroups " + String.join(", ", s.versions()))
                + other(s.other());
    }

    /** "; 12 TCP connections and 40 datagrams were not JGroups", or nothing without other traffic. */
    static String other(OtherTraffic o) {
        if (o.isEmpty()) return "";
        String tcp = o.connections() == 1 ? "1 TCP connection" : o.connections() + " TCP connections";
        String udp = o.datagrams() == 1 ? "1 datagram" : o.datagrams() + " datagrams";
        if (o.datagrams() == 0) return "; " + tcp + (o.connections() == 1 ? " was" : " were") + " not JGroups";
        if (o.connections() == 0) return "; " + udp + (o.datagrams() == 1 ? " was" : " were") + " not JGroups";
        return "; " + tcp + " and " + udp + " were not JGroups";
    }
}
