package org.jgwire.codec.pipeline;

import java.util.List;
import java.util.function.Consumer;
import org.jgwire.codec.framing.DatagramFramer;
import org.jgwire.codec.framing.FdSockServers;
import org.jgwire.codec.framing.FrameSink;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.codec.stack.FragmentReassembler;
import org.jgwire.codec.stack.StackStep;

/**
 * Frames from the framers to the jars and on, in capture order ({@link FramePipeline}): the jar of each frame is
 * chosen as it is read, its records go through fragment reassembly (when on) and the stack step once the frames
 * before it are delivered. What the framers and the network layer find between frames (problems, the ends of
 * streams, FD_SOCK signals) takes its turn after them.
 */
final class FrameDelivery implements FramePipeline.Delivery, FrameSink, DatagramFramer.Sink {
    private final VersionRuntime runtime;
    private final FramePipeline order;
    private final DecodeCounters counters;
    private final Decoder.FrameTap frameTap;
    private final FragmentReassembler fragments;
    private final StackStep stack;
    private final FdSockServers fdSockServers;
    private final Consumer<Record> outlet;
    private DatagramFramer datagrams;

    /** @param fragments fragment reassembly, or null when fragments are shown as they are */
    FrameDelivery(
            VersionRuntime runtime,
            FramePipeline order,
            DecodeCounters counters,
            Decoder.FrameTap frameTap,
            FragmentReassembler fragments,
            StackStep stack,
            FdSockServers fdSockServers,
            Consumer<Record> outlet) {
        this.runtime = runtime;
        this.order = order;
        this.counters = counters;
        this.frameTap = frameTap;
        this.fragments = fragments;
        this.stack = stack;
        this.fdSockServers = fdSockServers;
        this.outlet = outlet;
    }

    /** The framer whose datagrams' deliveries teach it the endpoints that carry JGroups. */
    void datagrams(DatagramFramer datagrams) {
        this.datagrams = datagrams;
    }

    /**
     * Decodes a frame and delivers its records, now or (frames decoded ahead) once the items before it are.
     *
     * @param owned the bytes are the packet's own, which nothing reuses; other buffers are copied to decode ahead
     * @param ctx   what the delivery needs besides the records: a datagram's {@link DatagramFramer.Teaches}, or null
     */
    void decode(
            FrameKind kind,
            int handshakeVersion,
            byte[] buf,
            int off,
            int len,
            FrameInfo info,
            boolean owned,
            Object ctx) {
        if (frameTap != null) frameTap.frame(info, buf, off, len);
        VersionRuntime.ChosenDecode decode = runtime.choose(kind, buf, off, len, info, handshakeVersion);
        order.frame(decode, buf, off, len, owned, counters.packets(), ctx);
    }

    @Override
    public void deliver(List<Record> records, byte[] buf, int off, Object ctx) {
        counters.frame();
        records(records, buf, off);
        if (ctx instanceof DatagramFramer.Teaches t) datagrams.delivered(t, records);
    }

    /** The records of the frame at {@code buf[off]}, through fragment reassembly when it is on, then the stack step. */
    void records(List<Record> records, byte[] buf, int off) {
        if (fragments != null) for (Record r : records) fragments.accept(r, buf, off, stack);
        else for (Record r : records) stack.accept(r, buf, off);
    }

    /** A record found outside a frame: emitted after the records of the frames read before it. */
    void inTurn(Record r) {
        order.inTurn(counters.packets(), () -> outlet.accept(r));
    }

    @Override
    public void frame(FrameInfo info, byte[] buf, int off, int len, DatagramFramer.Teaches teaches) {
        decode(FrameKind.TRANSPORT, -1, buf, off, len, info, true, teaches);
    }

    @Override
    public void decoded(
            FrameInfo info, byte[] buf, int off, int len, List<Record> records, DatagramFramer.Teaches teaches) {
        if (frameTap != null) frameTap.frame(info, buf, off, len);
        order.decided(records, buf, off, counters.packets(), teaches);
    }

    /** Frames from TCP streams and chunk streams: their buffers are reused. */
    @Override
    public void frame(FrameInfo info, FrameKind kind, int handshakeVersion, byte[] buf, int off, int len) {
        decode(kind, handshakeVersion, buf, off, len, info, false, null);
    }

    @Override
    public void signal(FrameInfo info, String signal) {
        // in turn: the I_HAVE_SOCK headers of the frames before it are learnt first
        order.inTurn(counters.packets(), () -> outlet.accept(fdSockServers.signal(info, signal)));
    }

    @Override
    public void closedSilently(FrameInfo info) {
        order.inTurn(counters.packets(), () -> {
            MessageRecord abnormal = fdSockServers.abnormalTermination(info);
            if (abnormal != null) outlet.accept(abnormal);
        });
    }

    @Override
    public void problem(ErrorRecord problem) {
        inTurn(problem);
    }

    @Override
    public void bounced(BounceRecord bounce) {
        inTurn(bounce);
    }

    @Override
    public void ended(StreamEndRecord end) {
        inTurn(end);
    }

    @Override
    public void other(OtherFlow flow) {
        order.inTurn(counters.packets(), () -> counters.other(flow));
    }
}
