package org.jgwire.codec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.jgwire.codec.capture.CaptureFormatException;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.capture.PayloadChunk;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.framing.ChunkStreams;
import org.jgwire.codec.framing.ConcatenatedFrames;
import org.jgwire.codec.framing.FdSockServers;
import org.jgwire.codec.framing.FrameDetector;
import org.jgwire.codec.framing.FrameKind;
import org.jgwire.codec.framing.FrameSink;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.network.JGroupsEndpoints;
import org.jgwire.codec.network.NetworkDissector;
import org.jgwire.codec.network.TcpSegment;
import org.jgwire.codec.network.Transported;
import org.jgwire.codec.network.UdpDatagram;
import org.jgwire.codec.network.tcp.TcpReassembler;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.codec.stack.Decryptor;
import org.jgwire.codec.stack.DeltaViews;
import org.jgwire.codec.stack.FragmentReassembler;
import org.jgwire.codec.stack.StackStep;

/**
 * The pipeline: capture source, network layer, TCP reassembly and framing, the version runtime, the stack step
 * (fragment reassembly, then {@link StackStep}), then analysis
 * (logical names, view history), handing every record to the sink in capture order. One decoder per run: it
 * keeps the per-capture state (streams, names, views). With {@link #decodeThreads} above one, the jars decode
 * frames on a pool ({@link FramePipeline}) while this thread reads ahead; the records are the same, in the same
 * order.
 *
 * <p>One class past 300 lines: every step of the pipeline is wired here, and the order in which what each step
 * learns reaches the next is one concern.
 */
public final class Decoder implements AutoCloseable {
    private final DecodeOptions options;
    private final VersionRuntime runtime;
    private final DeltaViews deltaViews;
    private final Set<Integer> ports;
    private final JGroupsEndpoints jgroupsEndpoints;
    /** FD_SOCK server sockets announced so far: a silent close from one is FD_SOCK's ABNORMAL_TERMINATION. */
    private final FdSockServers fdSockServers = new FdSockServers();

    private Consumer<Record> sink;
    private FrameTap frameTap;
    private final Consumer<Record> emitter = this::emit;
    private Consumer<MessageRecord> fragmentTap;
    private FragmentReassembler fragments;
    private StackStep stack;
    /** Written by the decoding thread only; volatile so a progress display may read it. */
    private volatile long packets;
    /** Set by {@link #stop}: decode() returns after the current unit. */
    private volatile boolean stopped;

    private long frames, messages, errors;
    private final TreeSet<String> versions = new TreeSet<>();
    private JGroupsVersion lastVersion;

    private int decodeThreads = 1;
    /** The pool decoding frames ahead, when {@link #decodeThreads} is above one. */
    private FramePipeline pipeline;
    /** The unit (packet read) whose frames are being delivered, and the one during which {@link #stop} came. */
    private long deliveringUnit = -1, stopUnit = -1;
    /** Past the last packet: frames of open streams and fragments still held are delivered. */
    private boolean finishing;

    public Decoder(DecodeOptions options) {
        this.options = options;
        this.runtime =
                new VersionRuntime(options.jgwireHome(), options.forcedVersion(), options.userJar(), options.limits());
        this.deltaViews = new DeltaViews(options.limits());
        this.ports = options.ports();
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
     * Ends {@link #decode} after the unit being decoded, without reading more and without reporting what it holds
     * (open TCP streams, fragment sets): for a caller that has all the records it wants ({@code decode -c}).
     */
    public void stop() {
        stopUnit = pipeline != null && !finishing ? deliveringUnit : -1;
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
        return packets;
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
        this.sink = sink;
        deliveringUnit = stopUnit = -1;
        finishing = false;
        // one budget on bytes held for reassembly: TCP segments ahead of holes, IP fragments, FRAG fragments
        HeldBytes held = new HeldBytes(options.limits().maxHeldBytes());
        this.fragments = options.reassemble()
                ? new FragmentReassembler(options.limits(), new RuntimeMessages(), fragmentTap, held)
                : null;
        if (fragments != null) held.register(new HeldFragments());
        this.stack = new StackStep(
                options.limits(),
                runtime::decodeMessage,
                new Decryptor(runtime::readEncryptHeader, runtime::readView, runtime::keyBlockLength, options.keys()),
                emitter);
        FrameSink frameSink = new RuntimeFrameSink();
        // up to 16 MB of frames in flight: a 64 KB datagram per thread many times over, a flat share of the heap
        if (decodeThreads > 1) pipeline = new FramePipeline(decodeThreads, 16 << 20, this::delivered);
        jgroupsEndpoints.beforeLookups(pipeline != null ? pipeline::drain : null);
        NetworkDissector network = new NetworkDissector(options.limits(), this::emitInOrder, jgroupsEndpoints, held);
        TcpReassembler tcp = new TcpReassembler(options.limits(), frameSink, held);
        ChunkStreams chunkStreams = new ChunkStreams(options.limits(), frameSink, source::sender, source::receiver);
        try {
            return run(source, network, tcp, chunkStreams, held, frameSink);
        } finally {
            if (pipeline != null) pipeline.close();
            pipeline = null;
        }
    }

    private DecodeSummary run(
            CaptureSource source,
            NetworkDissector network,
            TcpReassembler tcp,
            ChunkStreams chunkStreams,
            HeldBytes held,
            FrameSink frameSink)
            throws IOException {
        ConcatenatedFrames backToBack = null; // a raw input's buffer, made only for one
        long lastPacket = 0, lastTs = -1;
        try {
            for (Captured c; !stopped && (c = source.next()) != null; ) {
                reportProblems(source, packets + 1);
                packets++;
                lastPacket = c.number();
                lastTs = c.tsNanos();
                if (c instanceof RawPacket p) {
                    Transported t = network.dissect(p);
                    if (t != null && portSelected(t)) {
                        if (t instanceof UdpDatagram u) datagram(u, p.number(), p.tsNanos()); // bytes: the packet's
                        else tcp.segment((TcpSegment) t, p.number(), p.tsNanos());
                    }
                } else {
                    PayloadChunk chunk = (PayloadChunk) c;
                    if (chunk.isDatagram()) {
                        decodeFrame(
                                FrameKind.TRANSPORT,
                                -1,
                                chunk.data(),
                                0,
                                chunk.data().length,
                                new FrameInfo(chunk.number(), chunk.tsNanos(), null, null, Transport.NONE),
                                null,
                                false);
                    } else if (chunk.isBackToBack()) {
                        if (backToBack == null) backToBack = new ConcatenatedFrames(new BackToBackReader(), frameSink);
                        backToBack.data(chunk.data(), 0, chunk.data().length);
                    } else {
                        chunkStreams.data(chunk.stream(), chunk.data(), chunk.number(), chunk.tsNanos());
                    }
                }
                // between packets: no reassembler is in the middle of an update
                overBudget(held, c);
            }
        } catch (CaptureFormatException e) {
            drain();
            deliveringUnit = packets + 1;
            emitError(
                    new FrameInfo(lastPacket + 1, -1, null, null, Transport.NONE),
                    e.kind(),
                    e.offset(),
                    e.getMessage());
        }
        drain(); // the frames of the units read: a stop during them ends the decode as on one thread
        if (stopped) return stoppedSummary();
        finishing = true; // a stop from here on lets the decode finish, as on one thread
        reportProblems(source, packets);
        network.finish();
        tcp.finish(lastPacket, lastTs);
        chunkStreams.end(lastPacket, lastTs);
        if (backToBack != null) backToBack.end();
        drain();
        if (fragments != null) fragments.finish(stack);
        return new DecodeSummary(packets, frames, messages, errors, new TreeSet<>(versions));
    }

    /**
     * Ends a stopped decode. With frames decoded ahead, those of the units after the one during which the sink
     * stopped are delivered to nobody: the summary counts what a decode on one thread would have.
     */
    private DecodeSummary stoppedSummary() {
        if (pipeline != null) {
            drain();
            if (stopUnit >= 0) packets = stopUnit;
        }
        return new DecodeSummary(packets, frames, messages, errors, new TreeSet<>(versions));
    }

    /**
     * Gives up the oldest held bytes when the budget is exceeded. With frames in flight, the fragments they hold
     * are not counted yet: the check is exact once they are delivered, which is needed only when they could tip it.
     */
    private void overBudget(HeldBytes held, Captured c) {
        long max = options.limits().maxHeldBytes();
        if (held.total() + (pipeline != null ? pipeline.bytesInFlight() : 0) <= max) return;
        drain();
        deliveringUnit = packets; // what is given up belongs to this unit
        if (held.total() > max) held.enforce(c.number(), c.tsNanos());
    }

    /** What the source found while reading (text inputs skip lines that are not hex), each in its place. */
    private void reportProblems(CaptureSource source, long unit) {
        List<ErrorRecord> problems = source.drainProblems();
        if (problems.isEmpty()) return;
        drain();
        deliveringUnit = unit;
        for (ErrorRecord e : problems) emit(e);
    }

    private void drain() {
        if (pipeline != null) pipeline.drain();
    }

    private boolean portSelected(Transported t) {
        return ports.isEmpty()
                || ports.contains(t.src().port())
                || ports.contains(t.dst().port());
    }

    private void datagram(UdpDatagram u, long packet, long ts) {
        // Without --port, JGroups is recognised by content; other UDP traffic is skipped silently, unless it goes to
        // or from an endpoint seen carrying JGroups: there it is a damaged frame, to report. With --port the user
        // said this is JGroups, so a frame that does not look like one is reported.
        boolean plausible = FrameDetector.isPlausibleTransportFrame(u.data(), u.offset(), u.length());
        if (!plausible && FrameDetector.isPlausibleMping(u.data(), u.offset(), u.length()) && mping(u, packet, ts))
            return;
        if (ports.isEmpty() && !plausible && !jgroupsEndpoints.either(u.src(), u.dst())) return;
        decodeFrame(
                FrameKind.TRANSPORT,
                -1,
                u.data(),
                u.offset(),
                u.length(),
                new FrameInfo(packet, ts, u.src(), u.dst(), Transport.UDP),
                plausible ? new Endpoint[] {u.src(), u.dst()} : null,
                true);
    }

    /**
     * An MPING discovery datagram, recognised by its layout (sent to a multicast group, or on a port the user
     * named): true when it was decoded here. Without --port, bytes no jar reads cleanly at an endpoint not known to
     * carry JGroups are not MPING's: they go the way of other datagrams.
     */
    private boolean mping(UdpDatagram u, long packet, long ts) {
        drain(); // what the frames before it taught (their endpoints, the last transport version) decides this one
        boolean known = !ports.isEmpty() || jgroupsEndpoints.either(u.src(), u.dst());
        if (!known && !u.dst().isMulticast()) return false;
        FrameInfo info = new FrameInfo(packet, ts, u.src(), u.dst(), Transport.MPING);
        List<Record> records = runtime.decodeMping(u.data(), u.offset(), u.length(), info);
        boolean clean = !records.isEmpty() && records.stream().noneMatch(r -> r instanceof ErrorRecord);
        if (!clean && !known) return false;
        if (frameTap != null) frameTap.frame(info, u.data(), u.offset(), u.length());
        if (!enterUnit(packets)) return true;
        frames++;
        deliver(records, u.data(), u.offset());
        if (clean) jgroupsEndpoints.carried(u.src(), u.dst());
        return true;
    }

    /**
     * Decodes a frame and delivers its records, now or (frames decoded ahead) once the frames before it are.
     *
     * @param udp   a plausible datagram's endpoints, remembered as carrying JGroups when it decodes to a message
     * @param owned the bytes are the packet's own, which nothing reuses (a datagram's: {@link RawPacket#data}, or an
     *              IP reassembly's); other buffers (streams, text inputs) are copied before decoding ahead
     */
    private void decodeFrame(
            FrameKind kind,
            int handshakeVersion,
            byte[] buf,
            int off,
            int len,
            FrameInfo info,
            Endpoint[] udp,
            boolean owned) {
        if (frameTap != null) frameTap.frame(info, buf, off, len);
        VersionRuntime.ChosenDecode decode = runtime.choose(kind, buf, off, len, info, handshakeVersion);
        if (pipeline != null && pipeline.takes(len)) {
            if (owned) pipeline.submit(decode, buf, off, len, packets, udp);
            else pipeline.submit(decode, Arrays.copyOfRange(buf, off, off + len), 0, len, packets, udp);
            return;
        }
        drain();
        if (!enterUnit(packets)) return;
        frames++;
        deliver(decode.decode(buf, off, len), buf, off, udp);
    }

    /** A frame decoded on the pool, its turn come. */
    private void delivered(FramePipeline.InFlight f, List<Record> records) {
        if (!enterUnit(f.unit())) return;
        frames++;
        deliver(records, f.buf(), f.off(), (Endpoint[]) f.context());
    }

    private void deliver(List<Record> records, byte[] buf, int off, Endpoint[] udp) {
        deliver(records, buf, off);
        if (udp != null && !records.isEmpty() && records.get(0) instanceof MessageRecord)
            jgroupsEndpoints.carried(udp[0], udp[1]);
    }

    /** The records of the frame at {@code buf[off]}, through fragment reassembly when it is on, then the stack step. */
    private void deliver(List<Record> records, byte[] buf, int off) {
        if (fragments != null) for (Record r : records) fragments.accept(r, buf, off, stack);
        else for (Record r : records) stack.accept(r, buf, off);
    }

    /** A record found outside a frame's delivery: after the records of the frames read before it. */
    private void emitInOrder(Record r) {
        if (pipeline != null) {
            pipeline.drain();
            if (!finishing) deliveringUnit = packets;
        }
        emit(r);
    }

    /**
     * Whether what comes of a unit is delivered: not when frames decoded ahead belong to a unit after the one during
     * which the sink stopped the decode (a decode on one thread would not have read it).
     */
    private boolean enterUnit(long unit) {
        if (stopped && stopUnit >= 0 && unit != stopUnit) return false;
        deliveringUnit = unit;
        return true;
    }

    private void emit(Record r) {
        if (stopped && stopUnit >= 0 && deliveringUnit != stopUnit) return; // read ahead of the stopping unit
        if (r instanceof ErrorRecord e) r = ErrorTexts.plain(e);
        Record out = deltaViews.expand(r);
        if (out instanceof MessageRecord m) {
            messages++;
            fdSockServers.learn(m);
            if (m.version() != lastVersion && m.version() != null) { // one instance per version: usually no set work
                lastVersion = m.version();
                versions.add(lastVersion.toString());
            }
        } else if (out instanceof ErrorRecord) {
            errors++;
        }
        sink.accept(out);
    }

    private void emitError(FrameInfo info, ProblemKind kind, long offset, String message) {
        emit(new ErrorRecord(info, kind, offset, message));
    }

    /** Frames from TCP streams and hex streams go through the runtime like datagrams. */
    private final class RuntimeFrameSink implements FrameSink {
        @Override
        public void frame(FrameInfo info, FrameKind kind, int handshakeVersion, byte[] buf, int off, int len) {
            decodeFrame(kind, handshakeVersion, buf, off, len, info, null, false);
        }

        @Override
        public void signal(FrameInfo info, String signal) {
            drain(); // the I_HAVE_SOCK headers of the frames before it are learnt first
            emitInOrder(fdSockServers.signal(info, signal));
        }

        @Override
        public void closedSilently(FrameInfo info) {
            drain(); // the I_HAVE_SOCK headers of the frames before it are learnt first
            MessageRecord abnormal = fdSockServers.abnormalTermination(info);
            if (abnormal != null) emitInOrder(abnormal);
        }

        @Override
        public void problem(ErrorRecord problem) {
            emitInOrder(problem);
        }

        @Override
        public void ended(StreamEndRecord end) {
            emitInOrder(end);
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
    private final class HeldFragments implements HeldBytes.Holder {
        @Override
        public long oldestPacket() {
            return fragments.oldestPacket();
        }

        @Override
        public boolean evictOldest(long packet, long tsNanos, String why) { // after a drain (overBudget)
            return fragments.dropOldest(new FrameInfo(packet, tsNanos, null, null, Transport.NONE), why, emitter);
        }
    }

    /** Datagrams back to back: each decoded once, over the bytes that follow it too, to find where it ends. */
    private final class BackToBackReader implements ConcatenatedFrames.FrameReader {
        @Override
        public List<Record> decode(FrameInfo info, byte[] buf, int off, int avail) {
            return runtime.decode(FrameKind.TRANSPORT, buf, off, avail, info);
        }

        @Override
        public void frame(FrameInfo info, byte[] buf, int off, int len, List<Record> records) {
            drain();
            frames++;
            if (frameTap != null) frameTap.frame(info, buf, off, len);
            deliver(records, buf, off);
        }
    }

    @Override
    public void close() {
        runtime.close();
    }
}
