package org.jgwire.codec.framing;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.Transport;

/**
 * Tells a JGroups TCP connection from other traffic of the host (HTTP, a database, monitoring), between its two
 * directions' framers and the sink. A connection is JGroups once either framer shows it ({@link
 * StreamFramer#showedJGroups}: a handshake, a frame start, a close mark, a signal); until then the problems and
 * stream ends its framers report are held back, and handed on in order once it does. A connection that carried bytes
 * and ended both ways without showing JGroups is other traffic: what it held is dropped and the sink gets an {@link
 * OtherFlow}. One without a byte proves nothing either way and is reported as it always was. Frames and signals pass
 * at once; nothing is held for a JGroups connection.
 */
public final class ConnectionTriage implements FrameSink {
    /** Problems held for one connection at most; later ones are counted, and reported as a count if it is JGroups. */
    static final int MAX_HELD = 64;

    private final FrameSink sink;
    private final StreamFramer[] framers = new StreamFramer[2];
    private int directions, ended;
    private boolean jgroups;
    /** Problems and ends reported before the connection showed what it is; null while there are none. */
    private List<Record> held;
    /** Problems past {@link #MAX_HELD}, and the last of them. */
    private long notHeld;

    private ErrorRecord lastNotHeld;

    public ConnectionTriage(FrameSink sink) {
        this.sink = sink;
    }

    /** The framer of one more direction of this connection (two at most); it reports to this triage. */
    public void add(StreamFramer framer) {
        if (directions == 2) throw new IllegalStateException("a connection has two directions");
        framers[directions++] = framer;
    }

    /** Whether the other direction of this connection may still join it. */
    public boolean takesDirection() {
        return directions < 2 && ended < directions;
    }

    /** Whether the connection showed JGroups so far. */
    public boolean isJGroups() {
        if (!jgroups && (shows(framers[0]) || shows(framers[1]))) {
            jgroups = true;
            release();
        }
        return jgroups;
    }

    @Override
    public void frame(FrameInfo info, FrameKind kind, int handshakeVersion, byte[] buf, int off, int len) {
        if (!jgroups) isJGroups();
        sink.frame(info, kind, handshakeVersion, buf, off, len);
    }

    @Override
    public void signal(FrameInfo info, String signal) {
        if (!jgroups) isJGroups();
        sink.signal(info, signal);
    }

    @Override
    public void closedSilently(FrameInfo info) {
        sink.closedSilently(info);
    }

    @Override
    public void problem(ErrorRecord problem) {
        if (isJGroups()) sink.problem(problem);
        else hold(problem);
    }

    @Override
    public void ended(StreamEndRecord end) {
        if (isJGroups()) sink.ended(end);
        else hold(end);
        if (++ended < directions || jgroups) return;
        if (bytes() == 0) release();
        else {
            held = null;
            notHeld = 0;
            sink.other(flow());
        }
    }

    private long bytes() {
        long n = 0;
        for (int i = 0; i < directions; i++) n += framers[i].bytesSeen();
        return n;
    }

    /** The connection as other traffic: its first sender first, packets and bytes of both directions. */
    private OtherFlow flow() {
        StreamFramer first = null, last = null;
        long packets = 0, bytes = 0;
        for (int i = 0; i < directions; i++) {
            StreamFramer f = framers[i];
            if (f.dataPackets() == 0) continue;
            packets += f.dataPackets();
            bytes += f.bytesSeen();
            if (first == null || f.firstDataPacket() < first.firstDataPacket()) first = f;
            if (last == null || f.lastDataPacket() > last.lastDataPacket()) last = f;
        }
        return new OtherFlow(
                Transport.TCP,
                first.src(),
                first.dst(),
                packets,
                bytes,
                first.firstDataPacket(),
                first.firstDataTsNanos(),
                last.lastDataPacket(),
                last.lastDataTsNanos());
    }

    private static boolean shows(StreamFramer f) {
        return f != null && f.showedJGroups();
    }

    private void hold(Record r) {
        if (held == null) held = new ArrayList<>(4);
        if (held.size() >= MAX_HELD && r instanceof ErrorRecord e) { // memory stays bounded on a long connection
            notHeld++;
            lastNotHeld = e;
        } else held.add(r);
    }

    private void release() {
        if (held == null) return;
        List<Record> records = held;
        held = null;
        for (Record r : records) {
            if (r instanceof StreamEndRecord e) sink.ended(e);
            else sink.problem((ErrorRecord) r);
        }
        if (notHeld > 0)
            sink.problem(new ErrorRecord(
                    lastNotHeld.frame(),
                    lastNotHeld.problem(),
                    lastNotHeld.offset(),
                    notHeld + " more problems before the connection showed JGroups, the last: "
                            + lastNotHeld.message()));
        notHeld = 0;
        lastNotHeld = null;
    }
}
