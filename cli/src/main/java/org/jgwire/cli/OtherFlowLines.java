package org.jgwire.cli;

import java.io.PrintWriter;
import org.jgwire.codec.OtherTraffic;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.Transport;

/**
 * The flows that were not JGroups ({@code decode --show-other}, {@code stats}): one line of text or one JSON object
 * (docs/json-lines.md, {@code "kind": "other"}) per flow.
 */
public final class OtherFlowLines {
    private OtherFlowLines() {}

    /** {@code other tcp 127.0.0.1:45638<>127.0.0.1:8080 12 packets, 4043 bytes, frames #4 to #16}. */
    public static String text(OtherFlow f) {
        if (f.isRest()) return "other " + name(f) + " (flows past the listed ones) " + counts(f);
        String between = f.transport() == Transport.TCP ? "<>" : ">";
        String flow = f.src() == null ? "(the input names no endpoints)" : ep(f.src()) + between + ep(f.dst());
        return "other " + name(f) + " " + flow + " " + counts(f) + ", frames #" + f.firstPacket() + " to #"
                + f.lastPacket();
    }

    /** One JSON object on one line; endpoints and numbers need no escaping. */
    public static String json(OtherFlow f) {
        StringBuilder b = new StringBuilder("{\"kind\":\"other\",\"transport\":\"")
                .append(name(f))
                .append('"');
        if (f.src() != null) {
            b.append(",\"src_ep\":\"").append(ep(f.src())).append('"');
            b.append(",\"dst_ep\":\"").append(ep(f.dst())).append('"');
        }
        b.append(",\"packets\":").append(f.packets()).append(",\"bytes\":").append(f.bytes());
        if (!f.isRest()) {
            b.append(",\"first_frame\":").append(f.firstPacket()).append(",\"first_ts_ns\":");
            b.append(f.firstTsNanos() < 0 ? "null" : Long.toString(f.firstTsNanos()));
            b.append(",\"last_frame\":").append(f.lastPacket()).append(",\"last_ts_ns\":");
            b.append(f.lastTsNanos() < 0 ? "null" : Long.toString(f.lastTsNanos()));
        }
        return b.append('}').toString();
    }

    /** Every listed flow, as text or JSON lines. */
    public static void write(PrintWriter out, OtherTraffic other, boolean json) {
        for (OtherFlow f : other.flows()) out.println(json ? json(f) : text(f));
    }

    private static String counts(OtherFlow f) {
        return f.packets()
                + (f.packets() == 1 ? " packet, " : " packets, ")
                + f.bytes()
                + (f.bytes() == 1 ? " byte" : " bytes");
    }

    private static String name(OtherFlow f) {
        return f.transport() == Transport.TCP ? "tcp" : "udp";
    }

    private static String ep(Endpoint e) {
        return e.toString(); // ip:port, [v6]:port
    }
}
