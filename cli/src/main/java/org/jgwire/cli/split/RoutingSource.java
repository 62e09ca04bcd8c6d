package org.jgwire.cli.split;

import java.io.IOException;
import java.util.List;
import org.jgwire.codec.capture.CaptureFormatException;
import org.jgwire.codec.capture.CaptureInterface;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;

/**
 * A capture source that hands every packet to a {@link SplitRouter} as the decoder reads it: the capture is read
 * once, for the parts and for the names together.
 */
public final class RoutingSource implements CaptureSource {
    /** Link-layer packets without an interface of their own (a live capture) are written with this snap length. */
    private static final int DEFAULT_SNAPLEN = 262144;

    private final CaptureSource in;
    private final SplitRouter router;
    private CaptureFormatException damage;

    public RoutingSource(CaptureSource in, SplitRouter router) {
        this.in = in;
        this.router = router;
    }

    @Override
    public Captured next() throws IOException {
        Captured c;
        try {
            c = in.next();
        } catch (CaptureFormatException e) {
            damage = e;
            throw e;
        }
        if (c instanceof RawPacket p) {
            CaptureInterface on = in.lastInterface();
            router.accept(p, on != null ? on : CaptureInterface.nanos(p.linkType(), DEFAULT_SNAPLEN));
        } else if (c != null)
            throw new IllegalArgumentException("split copies the packets of pcap and pcapng captures; this input "
                    + "has payloads without their packets (hex lines, follow output or raw frames)");
        return c;
    }

    /** Where the capture was found damaged (the parts hold every packet before it), or null. */
    public CaptureFormatException damage() {
        return damage;
    }

    @Override
    public CaptureInterface lastInterface() {
        return in.lastInterface();
    }

    @Override
    public List<ErrorRecord> drainProblems() {
        return in.drainProblems();
    }

    @Override
    public boolean mayHoldOtherTraffic() {
        return in.mayHoldOtherTraffic();
    }

    @Override
    public Endpoint sender(int stream) {
        return in.sender(stream);
    }

    @Override
    public Endpoint receiver(int stream) {
        return in.receiver(stream);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
