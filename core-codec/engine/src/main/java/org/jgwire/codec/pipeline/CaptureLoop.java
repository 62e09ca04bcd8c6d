package org.jgwire.codec.pipeline;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.HeldBytes;
import org.jgwire.codec.capture.CaptureFormatException;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.PayloadChunk;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.framing.ChunkStreams;
import org.jgwire.codec.framing.ConcatenatedFrames;
import org.jgwire.codec.framing.DatagramFramer;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.network.IcmpBounce;
import org.jgwire.codec.network.NetworkDissector;
import org.jgwire.codec.network.TcpSegment;
import org.jgwire.codec.network.Transported;
import org.jgwire.codec.network.UdpDatagram;
import org.jgwire.codec.network.tcp.TcpReassembler;
import org.jgwire.codec.runtime.VersionRuntime;

/**
 * Reads a capture to its end: each packet or chunk to the stage that takes it (the network layer, then the datagram
 * framer or TCP reassembly; chunk streams; datagrams back to back), the held-bytes budget kept between packets, and
 * at the end the streams and fragment sets still open reported. Each packet read is a unit of {@link FramePipeline}.
 */
final class CaptureLoop {
    /** The stages of one decode. */
    record Stages(
            NetworkDissector network,
            TcpReassembler tcp,
            DatagramFramer datagrams,
            ChunkStreams chunkStreams,
            FrameDelivery delivery,
            Runnable finishFragments) {}

    private final CaptureSource source;
    private final Stages stages;
    private final FramePipeline order;
    private final DecodeCounters counters;
    private final HeldBytes held;
    private final long maxHeld;
    private final Set<Integer> ports;
    private final VersionRuntime runtime;
    private final Decoder.FrameTap frameTap;
    private final Consumer<RawPacket> packetTap;
    private final Consumer<Record> outlet;
    private final BooleanSupplier stopped;
    /** Datagrams of the input may be other traffic, told by content ({@link CaptureSource#mayHoldOtherTraffic}). */
    private final boolean otherByContent;

    private ConcatenatedFrames backToBack; // a raw input's buffer, made only for one

    CaptureLoop(
            CaptureSource source,
            Stages stages,
            FramePipeline order,
            DecodeCounters counters,
            HeldBytes held,
            DecodeOptions options,
            VersionRuntime runtime,
            Decoder.FrameTap frameTap,
            Consumer<RawPacket> packetTap,
            Consumer<Record> outlet,
            BooleanSupplier stopped) {
        this.source = source;
        this.stages = stages;
        this.order = order;
        this.counters = counters;
        this.held = held;
        this.maxHeld = options.limits().maxHeldBytes();
        this.ports = options.ports();
        this.runtime = runtime;
        this.frameTap = frameTap;
        this.packetTap = packetTap;
        this.outlet = outlet;
        this.stopped = stopped;
        this.otherByContent = source.mayHoldOtherTraffic();
    }

    DecodeSummary run() throws IOException {
        long lastPacket = 0, lastTs = -1;
        try {
            for (Captured c; !stopped.getAsBoolean() && (c = source.next()) != null; ) {
                reportProblems(counters.packets() + 1);
                counters.packet();
                lastPacket = c.number();
                lastTs = c.tsNanos();
                if (c instanceof RawPacket p) packet(p);
                else chunk((PayloadChunk) c);
                overBudget(c); // between packets: no reassembler is in the middle of an update
            }
        } catch (CaptureFormatException e) {
            FrameInfo at = new FrameInfo(lastPacket + 1, -1, null, null, Transport.NONE);
            ErrorRecord error = new ErrorRecord(at, e.kind(), e.offset(), e.getMessage());
            order.inTurn(counters.packets() + 1, () -> outlet.accept(error));
        }
        order.drain(); // the frames of the units read: a stop during them ends the decode as on one thread
        if (stopped.getAsBoolean()) {
            if (order.stopUnit() >= 0) counters.stoppedAt(order.stopUnit());
            return counters.summary();
        }
        order.finishing();
        reportProblems(counters.packets());
        stages.network().finish();
        stages.tcp().finish(lastPacket, lastTs);
        stages.datagrams().finish();
        stages.chunkStreams().end(lastPacket, lastTs);
        if (backToBack != null) backToBack.end();
        order.drain();
        stages.finishFragments().run();
        return counters.summary();
    }

    private void packet(RawPacket p) {
        Transported t = stages.network().dissect(p);
        if (t == null || !portSelected(t)) return;
        if (packetTap != null) packetTap.accept(p);
        if (t instanceof UdpDatagram u) stages.datagrams().datagram(u, p.number(), p.tsNanos());
        else if (t instanceof IcmpBounce b) stages.datagrams().bounce(b, p.number(), p.tsNanos());
        else stages.tcp().segment((TcpSegment) t, p.number(), p.tsNanos());
    }

    private void chunk(PayloadChunk chunk) {
        byte[] b = chunk.data();
        if (chunk.isDatagram()) {
            if (otherByContent && stages.datagrams().otherByContent(b, 0, b.length, chunk.number(), chunk.tsNanos()))
                return;
            FrameInfo info = new FrameInfo(chunk.number(), chunk.tsNanos(), null, null, Transport.NONE);
            stages.delivery().decode(FrameKind.TRANSPORT, -1, b, 0, b.length, info, false, null);
        } else if (chunk.isBackToBack()) {
            if (backToBack == null) backToBack = new ConcatenatedFrames(new BackToBackReader(), stages.delivery());
            backToBack.data(b, 0, b.length);
        } else {
            stages.chunkStreams().data(chunk.stream(), b, chunk.number(), chunk.tsNanos());
        }
    }

    private boolean portSelected(Transported t) {
        return ports.isEmpty()
                || ports.contains(t.src().port())
                || ports.contains(t.dst().port());
    }

    /**
     * Gives up the oldest held bytes when the budget is exceeded. With frames in flight, the fragments they hold
     * are not counted yet: the check is exact once they are delivered, which is needed only when they could tip it.
     */
    private void overBudget(Captured c) {
        if (held.total() + order.bytesInFlight() <= maxHeld) return;
        order.drain();
        order.inTurn(
                counters.packets(),
                () -> { // what is given up belongs to this unit
                    if (held.total() > maxHeld) held.enforce(c.number(), c.tsNanos());
                });
    }

    /** What the source found while reading (text inputs skip lines that are not hex), each in its place. */
    private void reportProblems(long unit) {
        List<ErrorRecord> problems = source.drainProblems();
        if (!problems.isEmpty()) order.inTurn(unit, () -> problems.forEach(outlet));
    }

    /** Datagrams back to back: each decoded once, over the bytes that follow it too, to find where it ends. */
    private final class BackToBackReader implements ConcatenatedFrames.FrameReader {
        @Override
        public List<Record> decode(FrameInfo info, byte[] buf, int off, int avail) {
            return runtime.decode(FrameKind.TRANSPORT, buf, off, avail, info);
        }

        @Override
        public void frame(FrameInfo info, byte[] buf, int off, int len, List<Record> records) {
            order.drain();
            counters.frame();
            if (frameTap != null) frameTap.frame(info, buf, off, len);
            stages.delivery().records(records, buf, off);
        }
    }
}
