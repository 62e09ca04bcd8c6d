package org.jgwire.codec.framing;

import java.util.List;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.network.IcmpBounce;
import org.jgwire.codec.network.JGroupsEndpoints;
import org.jgwire.codec.network.UdpDatagram;

/**
 * UDP datagrams to frames, as {@link StreamFramer} cuts streams: a datagram is one transport frame, an MPING discovery
 * message, or other traffic. Without --port, JGroups is recognised by content ({@link FrameDetector}); other UDP
 * traffic is tallied per flow ({@link OtherDatagrams}), never reported, unless it goes to or from an endpoint seen
 * carrying JGroups ({@link JGroupsEndpoints}): there it is a damaged frame, to report. With --port the user said
 * this is JGroups, so a frame that does not look like one is reported. What the frames teach about endpoints is
 * learnt when they are delivered ({@link #delivered}), in capture order. An input without endpoints (hex lines) has
 * only the content to go by ({@link #otherByContent}). One thread.
 */
public final class DatagramFramer {
    /** Takes the frames. */
    public interface Sink {
        /**
         * A transport frame to decode; {@code buf} is the packet's own, which nothing reuses. {@code teaches}: hand it
         * to {@link #delivered} with the frame's records, or null.
         */
        void frame(FrameInfo info, byte[] buf, int off, int len, Teaches teaches);

        /** An MPING datagram, decoded already (only a decode tells it from other traffic); as above. */
        void decoded(FrameInfo info, byte[] buf, int off, int len, List<Record> records, Teaches teaches);

        /** A JGroups datagram an ICMP error bounced: a record of its own, in its turn after the frames before it. */
        void bounced(BounceRecord bounce);

        /** A flow of datagrams that showed nothing JGroups, at the end of the capture. Nothing by default. */
        default void other(OtherFlow flow) {}
    }

    /** Decodes an MPING datagram: one message without version, flags or type short. */
    @FunctionalInterface
    public interface MpingDecoder {
        List<Record> decode(byte[] buf, int off, int len, FrameInfo frame);
    }

    /**
     * The endpoints a delivered frame shows to carry JGroups: a transport frame's when it decodes to a message, an
     * MPING datagram's (decoded cleanly: {@code always}) in any case.
     */
    public record Teaches(Endpoint src, Endpoint dst, boolean always) {}

    /** UDP flows of other traffic listed one by one; datagrams beyond them are counted together. */
    static final int MAX_OTHER_FLOWS = 4096;

    private final boolean portsGiven;
    private final JGroupsEndpoints endpoints;
    private final MpingDecoder mping;
    private final Sink sink;
    private final OtherDatagrams others;

    /** @param portsGiven the user named the ports of JGroups traffic ({@code --port}) */
    public DatagramFramer(boolean portsGiven, JGroupsEndpoints endpoints, MpingDecoder mping, Sink sink) {
        this.portsGiven = portsGiven;
        this.endpoints = endpoints;
        this.mping = mping;
        this.sink = sink;
        this.others = new OtherDatagrams(MAX_OTHER_FLOWS);
    }

    /** A datagram of packet {@code packet}; its bytes are the packet's own. */
    public void datagram(UdpDatagram u, long packet, long ts) {
        byte[] b = u.data();
        boolean plausible = FrameDetector.isPlausibleTransportFrame(b, u.offset(), u.length());
        if (!plausible && FrameDetector.isPlausibleMping(b, u.offset(), u.length()) && mping(u, packet, ts)) return;
        if (!portsGiven && !plausible && !endpoints.either(u.src(), u.dst())) {
            others.other(u.src(), u.dst(), u.length(), packet, ts);
            return;
        }
        Teaches teaches = null;
        if (plausible) {
            others.jgroups(u.src(), u.dst());
            teaches = new Teaches(u.src(), u.dst(), false);
            endpoints.expect(u.src(), u.dst());
        }
        sink.frame(new FrameInfo(packet, ts, u.src(), u.dst(), Transport.UDP), b, u.offset(), u.length(), teaches);
    }

    /**
     * An ICMP error of packet {@code packet} that bounced a datagram: JGroups' when it went from or to an endpoint
     * seen carrying JGroups (as a datagram that does not look like a frame is told), or the user named the ports;
     * anything else is the host's other traffic, which the network layer skipped before ICMP was read.
     */
    public void bounce(IcmpBounce b, long packet, long ts) {
        if (!portsGiven && !endpoints.either(b.src(), b.dst())) return;
        FrameInfo info = new FrameInfo(packet, ts, b.src(), b.dst(), Transport.UDP);
        sink.bounced(new BounceRecord(info, b.reporter(), b.v6(), b.code()));
    }

    /**
     * A datagram of an input that names no endpoints (hex lines): true when its content alone shows it is other
     * traffic, tallied as the flow without endpoints: no plausible frame, no MPING layout, and not even a known
     * version short, since a JGroups datagram cut short (a small snap length) keeps its version and is damage to
     * report. With --port, or when it may be JGroups, false: the caller decodes it, and reports what is wrong.
     */
    public boolean otherByContent(byte[] b, int off, int len, long packet, long ts) {
        if (portsGiven
                || len >= 2 && FrameDetector.isKnownVersion((b[off] & 0xFF) << 8 | b[off + 1] & 0xFF)
                || FrameDetector.isPlausibleTransportFrame(b, off, len)
                || FrameDetector.isPlausibleMping(b, off, len)) return false;
        others.other(null, null, len, packet, ts);
        return true;
    }

    /** The capture ended: the flows of other traffic go to the sink. */
    public void finish() {
        others.finish(sink::other);
    }

    /** The records of a frame that {@code teaches}, delivered in capture order. */
    public void delivered(Teaches teaches, List<Record> records) {
        boolean carried = teaches.always() || !records.isEmpty() && records.get(0) instanceof MessageRecord;
        endpoints.delivered(teaches.src(), teaches.dst(), carried);
    }

    /**
     * An MPING discovery datagram, recognised by its layout (sent to a multicast group, or on a port the user
     * named): true when it is one. Without --port, bytes no jar reads cleanly at an endpoint not known to carry
     * JGroups are not MPING's: they go the way of other datagrams.
     */
    private boolean mping(UdpDatagram u, long packet, long ts) {
        boolean known = portsGiven || endpoints.either(u.src(), u.dst());
        if (!known && !u.dst().isMulticast()) return false;
        FrameInfo info = new FrameInfo(packet, ts, u.src(), u.dst(), Transport.MPING);
        List<Record> records = mping.decode(u.data(), u.offset(), u.length(), info);
        boolean clean = !records.isEmpty() && Record.clean(records);
        if (!clean && !known) return false;
        Teaches teaches = null;
        if (clean) {
            teaches = new Teaches(u.src(), u.dst(), true);
            endpoints.expect(u.src(), u.dst());
        }
        sink.decoded(info, u.data(), u.offset(), u.length(), records, teaches);
        return true;
    }
}
