package org.jgwire.codec.pipeline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.HeldBytes;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.framing.ChunkStreams;
import org.jgwire.codec.framing.DatagramFramer;
import org.jgwire.codec.framing.FdSockServers;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.network.JGroupsEndpoints;
import org.jgwire.codec.network.NetworkDissector;
import org.jgwire.codec.network.tcp.TcpReassembler;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.codec.stack.Decryptor;
import org.jgwire.codec.stack.DeltaViews;
import org.jgwire.codec.stack.FragmentReassembler;
import org.jgwire.codec.stack.StackStep;

/**
 * The pipeline, wired: the capture read ({@link CaptureLoop}), the network layer, TCP reassembly and framing
 * ({@link DatagramFramer} for datagrams), the version runtime, the stack step (fragment reassembly, then
 * {@link StackStep}), then the last steps before the sink ({@link RecordOutlet}), every record handed to the sink in
 * capture order ({@link FramePipeline}). One decoder per run: it keeps the per-capture state (streams, views,
 * endpoints). With {@link #decodeThreads} above one, the jars decode frames on a pool while this thread reads ahead;
 * the records are the same, in the same order.
 */
public final class Decoder implements AutoCloseable {
    private final DecodeOptions options;
    private final VersionRuntime runtime;
    private final DeltaViews deltaViews;
    private final JGroupsEndpoints jgroupsEndpoints;
    /** FD_SOCK server sockets announced so far: a silent close from one is FD_SOCK's ABNORMAL_TERMINATION. */
    private final FdSockServers fdSockServers = new FdSockServers();

    private final DecodeCounters counters = new DecodeCounters();
    private FrameTap frameTap;
    private Consumer<RawPacket> packetTap;
    private Consumer<MessageRecord> fragmentTap;
    private int decodeThreads = 1;
    /** The order of the decode under way, for {@link #stop}. */
    private volatile FramePipeline order;
    /** Set by {@link #stop}: decode() returns after the current unit. */
    private volatile boolean stopped;

    public Decoder(DecodeOptions options) {
        this.options = options;
        this.runtime = new VersionRuntime(
                options.jgwireHome(),
                options.forcedVersion(),
                options.userJar(),
                options.limits(),
                options.protocolJars());
        this.deltaViews = new DeltaViews(options.limits());
        this.jgroupsEndpoints = new JGroupsEndpoints(options.limits().maxJGroupsEndpoints());
    }

    /** Sees the bytes of every frame just before its records are emitted (the viewer's hex pane keeps them). */
    @FunctionalInterface
    public interface FrameTap {
        /** Called on the decoding thread; {@code buf[off, off + len)} is only valid during the call. */
        void frame(FrameInfo info, byte[] buf, int off, int len);
    }

    /** Sets the frame tap (null for none); call before {@link #decode}. */
    public void tapFrames(FrameTap tap) {
        this.frameTap = tap;
    }

    /**
     * Sees every captured link-layer packet on the selected ports before its frames (the viewer's hex pane shows a
     * frame in its packet, as Wireshark does); called on the decoding thread, the packet's bytes are its own. Inputs
     * without link layers (hex text, follow output) have none. Call before {@link #decode}.
     */
    public void tapPackets(Consumer<RawPacket> tap) {
        this.packetTap = tap;
    }

    /**
     * Ends {@link #decode} after the unit being decoded, without reading more and without reporting what it holds
     * (open TCP streams, fragment sets): for a caller that has all the records it wants ({@code decode -c}).
     */
    public void stop() {
        FramePipeline o = order;
        if (o != null) o.stop();
        stopped = true;
    }

    /**
     * Frames decoded on {@code threads} threads besides this one (1, the default: all on the decoding thread); the
     * records, their order and the summary are the same. For files: frames are decoded ahead of their delivery, so
     * a live input that goes idle would wait for more. Call before {@link #decode}.
     */
    public void decodeThreads(int threads) {
        if (threads < 1) throw new IllegalArgumentException("decode threads must be at least 1, got " + threads);
        this.decodeThreads = threads;
    }

    /** The jars this decoder loads go to the next decoder that needs them ({@link DecodeAhead}). */
    void lendAdapters() {
        runtime.lendAdapters();
    }

    /** Packets read so far; safe to read from another thread (progress display). */
    public long packetsRead() {
        return counters.packets();
    }

    /**
     * With reassembly on, also hands every FRAG2/FRAG3/FRAG4 fragment to {@code tap} as it arrives, in capture order,
     * whether the reassembler takes it in or shows it: for analyses of the traffic on the wire, which then skip
     * fragments in the record stream ({@code FragmentReassembler.isFragment}). Call before {@link #decode}.
     */
    public void fragmentTap(Consumer<MessageRecord> tap) {
        this.fragmentTap = tap;
    }

    /**
     * Decodes a whole capture file (its kind detected from the content) with a decoder of its own, closed after; for
     * the commands that check or compare captures.
     */
    public static DecodeSummary decodeFile(Path capture, DecodeOptions options, Consumer<Record> sink)
            throws IOException {
        try (CaptureSource source = InputOpener.open(capture.toString(), InputHints.AUTO, options.limits());
                Decoder decoder = new Decoder(options)) {
            return decoder.decode(source, sink);
        }
    }

    /** Decodes the whole source; damage in the input becomes error records and never stops the run. */
    public DecodeSummary decode(CaptureSource source, Consumer<Record> sink) throws IOException {
        Limits limits = options.limits();
        // up to 16 MB of frames in flight: a 64 KB datagram per thread many times over, a flat share of the heap
        FramePipeline order = new FramePipeline(decodeThreads, 16 << 20);
        RecordOutlet outlet = new RecordOutlet(order, deltaViews, fdSockServers, counters, sink);
        // one budget on bytes held for reassembly: TCP segments ahead of holes, IP fragments, FRAG fragments
        HeldBytes held = new HeldBytes(limits.maxHeldBytes());
        FragmentReassembler fragments =
                options.reassemble() ? new FragmentReassembler(limits, new RuntimeMessages(), fragmentTap, held) : null;
        if (fragments != null) held.register(new HeldFragments(fragments, outlet));
        StackStep stack = new StackStep(
                limits,
                runtime::decodeMessage,
                new Decryptor(runtime::readEncryptHeader, runtime::readView, runtime::keyBlockLength, options.keys()),
                outlet);
        FrameDelivery delivery =
                new FrameDelivery(runtime, order, counters, frameTap, fragments, stack, fdSockServers, outlet);
        order.deliverTo(delivery);
        DatagramFramer datagrams =
                new DatagramFramer(!options.ports().isEmpty(), jgroupsEndpoints, runtime::decodeMping, delivery);
        delivery.datagrams(datagrams);
        jgroupsEndpoints.decodingAhead(decodeThreads > 1 ? new EndpointsAhead(order) : null);
        TcpReassembler tcp = new TcpReassembler(limits, delivery, held);
        if (options.ports().isEmpty()) tcp.sortOutOtherTraffic(); // named ports are JGroups': damage is reported
        CaptureLoop.Stages stages = new CaptureLoop.Stages(
                new NetworkDissector(limits, delivery::inTurn, jgroupsEndpoints, held),
                tcp,
                datagrams,
                new ChunkStreams(limits, delivery, source::sender, source::receiver),
                delivery,
                () -> {
                    if (fragments != null) fragments.finish(stack);
                });
        CaptureLoop loop = new CaptureLoop(
                source, stages, order, counters, held, options, runtime, frameTap, packetTap, outlet, () -> stopped);
        this.order = order;
        try (order) {
            return loop.run();
        } finally {
            this.order = null;
        }
    }

    /** The frames decoded ahead, as the endpoints that carry JGroups see them. */
    private final class EndpointsAhead implements JGroupsEndpoints.Ahead {
        private final FramePipeline order;

        EndpointsAhead(FramePipeline order) {
            this.order = order;
        }

        @Override
        public void catchUp() {
            order.drain();
        }

        @Override
        public void inTurn(Runnable lookup) {
            order.inTurn(counters.packets(), lookup);
        }
    }

    /** Serialized originals and the views in reassembled payloads, read by the jar of their version. */
    private final class RuntimeMessages implements FragmentReassembler.SerializedMessageDecoder {
        @Override
        public List<Record> decode(JGroupsVersion version, int type, byte[] buf, int off, int len, FrameInfo frame) {
            return runtime.decodeMessage(version, type, buf, off, len, frame);
        }

        @Override
        public ViewInfo decodeView(JGroupsVersion version, String gmsType, byte[] buf, int off, int len) {
            return runtime.decodeView(version, gmsType, buf, off, len);
        }
    }

    /** The fragment sets' side of the budget: the oldest set dropped, its fragments shown as they are. */
    private record HeldFragments(FragmentReassembler fragments, Consumer<Record> outlet) implements HeldBytes.Holder {
        @Override
        public long oldestPacket() {
            return fragments.oldestPacket();
        }

        @Override
        public boolean evictOldest(long packet, long tsNanos, String why) { // after a drain (CaptureLoop.overBudget)
            return fragments.dropOldest(new FrameInfo(packet, tsNanos, null, null, Transport.NONE), why, outlet);
        }
    }

    @Override
    public void close() {
        runtime.close();
    }
}
