package org.jgwire.codec.stack;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jgwire.codec.HeldBytes;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * Reassembles messages that FRAG2, FRAG3 or FRAG4 split into fragments, as the receiving protocol does:
 *
 * <ul>
 *   <li>a payload split into byte ranges (FRAG2, FRAG3, and FRAG4 for a message with a byte array): the original
 *       is the fragment with {@code frag_id} 0 (whose headers are the original's: {@code msg.copy(false, i == 0)}
 *       in {@code FRAG2/FRAG4.fragment}) with the whole payload, its fragment header removed;</li>
 *   <li>a serialized message (FRAG4's {@code FragmentedMessage}, type in {@code FragHeader.original_type}; FRAG2
 *       and FRAG3 5.x with {@code needs_deserialization}, type short first, {@code Util.messageToBuffer}): the
 *       bytes are decoded by the jar of the fragments' version through {@link SerializedMessageDecoder}.</li>
 * </ul>
 *
 * <p>The reassembled record takes the place of the fragments in the output, at the fragment that completed it;
 * its {@link MessageRecord#reassembledFrom()} lists the fragments' packets. Each copy of a message (one per path:
 * sender, fragmentation id and receiving endpoint) is reassembled on its own. A fragment that adds nothing (a
 * retransmitted copy, one of a set already completed or dropped) passes through as it is. Every fragment, whatever
 * becomes of it, also goes to the fragment tap, in capture order, for analyses of the traffic on the wire.
 *
 * <p>Bounded by {@link Limits#maxFragmentSets()} and {@link Limits#maxFragmentBytes()}: beyond them the oldest set
 * is dropped with a {@code limit} error record and its fragments are shown as they are. {@link #finish} reports every
 * set still open as {@code incomplete}, followed by its fragments; a set whose message was reassembled from another
 * copy (retransmitted fragments on another path) is not an error: its fragments are just shown. One instance per
 * capture; not thread-safe.
 *
 * <p>The three FRAG protocols' sets, their bounds and their eviction share one table of open sets and one byte count.
 */
public final class FragmentReassembler {
    /** Decodes a message serialized on its own: {@code VersionRuntime::decodeMessage}. */
    @FunctionalInterface
    public interface SerializedMessageDecoder {
        List<Record> decode(JGroupsVersion version, int type, byte[] buf, int off, int len, FrameInfo frame);

        /**
         * The view a GMS message of {@code gmsType} carries in a reassembled payload ({@code
         * VersionRuntime::decodeView}); null when none. Throws IllegalArgumentException saying why it cannot be read.
         */
        default ViewInfo decodeView(JGroupsVersion version, String gmsType, byte[] buf, int off, int len) {
            return null;
        }
    }

    private static final int CLOSED_KEYS = 4096;

    private final Limits limits;
    private final SerializedMessageDecoder decoder;
    private final Consumer<MessageRecord> fragmentTap;
    private final LinkedHashMap<FragmentSet.NodeKey, FragmentSet> open = new LinkedHashMap<>();
    private final LinkedHashMap<FragmentSet.NodeKey, Boolean> closed = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<FragmentSet.NodeKey, Boolean> e) {
            return size() > CLOSED_KEYS;
        }
    };
    private final LinkedHashMap<FragmentSet.MessageKey, Boolean> completed = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<FragmentSet.MessageKey, Boolean> e) {
            return size() > CLOSED_KEYS;
        }
    };
    private long heldBytes;
    /** The budget shared with the other reassemblers, told of every change of {@link #heldBytes}. */
    private final HeldBytes budget;

    private long reassembled, incomplete, dropped;

    /**
     * @param decoder     decodes serialized originals (FRAG4, 5.x FRAG2/FRAG3 with {@code needs_deserialization})
     * @param fragmentTap gets every fragment, in capture order, whether it is consumed or passed through; may be null
     */
    public FragmentReassembler(Limits limits, SerializedMessageDecoder decoder, Consumer<MessageRecord> fragmentTap) {
        this(limits, decoder, fragmentTap, new HeldBytes(limits.maxHeldBytes()));
    }

    /** As above, the fragment bytes held counting against {@code budget}, shared with the other reassemblers. */
    public FragmentReassembler(
            Limits limits, SerializedMessageDecoder decoder, Consumer<MessageRecord> fragmentTap, HeldBytes budget) {
        this.budget = budget;
        this.limits = limits;
        this.decoder = decoder;
        this.fragmentTap = fragmentTap != null ? fragmentTap : m -> {};
    }

    // --- fragments in, messages out ---

    /**
     * Takes one decoded record with the bytes of the frame it came from ({@code frameOff} = where the record's
     * offsets count from) and hands to {@code out} what should be shown now: the record itself when it is not a
     * fragment, nothing while its set is open, the original message when the fragment completes it, and errors.
     */
    public void accept(Record r, byte[] frame, int frameOff, Consumer<Record> out) {
        accept(r, frame, frameOff, RecordSink.of(out));
    }

    /**
     * As {@link #accept(Record, byte[], int, Consumer)}, handing on with each record the bytes it was read from: the
     * frame for a record shown as it is, the reassembled bytes for an original (see {@link RecordSink}).
     */
    public void accept(Record r, byte[] frame, int frameOff, RecordSink sink) {
        if (!(r instanceof MessageRecord m) || m.src() == null) {
            sink.accept(r, frame, frameOff);
            return;
        }
        FragmentHeader h = FragmentHeader.of(m);
        if (h == null) {
            sink.accept(r, frame, frameOff);
            return;
        }
        Consumer<Record> out = x -> sink.accept(x, null, 0);
        fragmentTap.accept(m);
        var key = new FragmentSet.NodeKey(
                m.src().id(), h.protocol(), h.id(), String.valueOf(m.frame().dst()));
        if (closed.containsKey(key)) {
            sink.accept(r, frame, frameOff);
            return;
        }
        byte[] data = fragmentBytes(m, frame, frameOff);
        String bad = data == null
                ? "its payload bytes cannot be located in the frame"
                : h.numFrags() < 1
                        ? "num_frags " + h.numFrags() + " is not positive"
                        : h.fragId() < 0 || h.fragId() >= h.numFrags()
                                ? "frag_id " + h.fragId() + " is outside 0.." + (h.numFrags() - 1)
                                : null;
        FragmentSet set = open.get(key);
        if (bad == null && set != null && set.first.numFrags() != h.numFrags())
            bad = "num_frags " + h.numFrags() + " differs from the set's " + set.first.numFrags();
        if (bad != null) {
            out.accept(new ErrorRecord(
                    m.frame(),
                    ProblemKind.MALFORMED,
                    m.offset(),
                    describe(key) + ": fragment not reassembled: " + bad));
            sink.accept(r, frame, frameOff);
            return;
        }
        if (set != null && set.has(h.fragId())) {
            sink.accept(r, frame, frameOff); // a retransmitted copy
            return;
        }
        if (data.length > limits.maxFragmentBytes()) {
            drop(
                    set != null ? set : new FragmentSet(key, h),
                    "its fragments exceed the maximum bytes held (" + limits.maxFragmentBytes()
                            + ", --max-fragment-bytes)",
                    m.frame(),
                    out);
            sink.accept(r, frame, frameOff);
            return;
        }
        if (set == null) {
            while (open.size() >= limits.maxFragmentSets()) {
                FragmentSet oldest = open.values().iterator().next();
                drop(
                        oldest,
                        "open fragment sets exceed the maximum (" + limits.maxFragmentSets() + ", --max-fragment-sets)",
                        m.frame(),
                        out);
            }
            set = new FragmentSet(key, h);
            open.put(key, set);
        }
        while (heldBytes + data.length > limits.maxFragmentBytes() && open.containsKey(key)) {
            FragmentSet oldest = open.values().iterator().next();
            drop(
                    oldest,
                    "fragment bytes held exceed the maximum (" + limits.maxFragmentBytes() + ", --max-fragment-bytes)",
                    m.frame(),
                    out);
        }
        if (!open.containsKey(key)) { // this set itself was the oldest
            sink.accept(r, frame, frameOff);
            return;
        }
        set.add(h, m, data);
        held(data.length);
        if (set.complete()) complete(set, sink);
    }

    /** Reports every set still open as incomplete, and forgets it. Call once at the end of the capture. */
    public void finish(Consumer<Record> out) {
        finish(RecordSink.of(out));
    }

    /** As {@link #finish(Consumer)}, into a sink (the fragments shown have no bytes in hand any more). */
    public void finish(RecordSink sink) {
        Consumer<Record> out = x -> sink.accept(x, null, 0);
        for (Iterator<FragmentSet> it = open.values().iterator(); it.hasNext(); ) {
            FragmentSet s = it.next();
            it.remove();
            held(-s.bytes);
            if (!completed.containsKey(s.key.message())) {
                incomplete++;
                out.accept(new ErrorRecord(
                        s.last,
                        ProblemKind.INCOMPLETE,
                        -1,
                        describe(s.key) + ": " + s.received()
                                + " of " + s.first.numFrags() + " fragments at the end of the capture (frames "
                                + frames(s)
                                + "; missing frag_id " + s.missing(8) + ")"));
            }
            s.held.forEach(out);
        }
    }

    // --- counts and the held-bytes budget ---

    /** Messages reassembled so far. */
    public long reassembledCount() {
        return reassembled;
    }

    /** Sets reported incomplete by {@link #finish}. */
    public long incompleteCount() {
        return incomplete;
    }

    /** Sets dropped at a limit. */
    public long droppedCount() {
        return dropped;
    }

    /** Sets open now. */
    public int openSets() {
        return open.size();
    }

    /** Fragment bytes held now. */
    public long heldBytes() {
        return heldBytes;
    }

    /** The packet of the first fragment of the oldest open set, Long.MAX_VALUE when none is open. */
    public long oldestPacket() {
        if (open.isEmpty()) return Long.MAX_VALUE;
        List<Long> frames = open.values().iterator().next().frames;
        return frames.isEmpty() ? Long.MAX_VALUE : frames.get(0);
    }

    /** Drops the oldest open set at {@code at}, saying {@code why}, and shows its fragments; false when none. */
    public boolean dropOldest(FrameInfo at, String why, Consumer<Record> out) {
        if (open.isEmpty()) return false;
        drop(open.values().iterator().next(), why, at, out);
        return true;
    }

    private void held(long n) {
        heldBytes += n;
        budget.add(n);
    }

    private void drop(FragmentSet s, String why, FrameInfo at, Consumer<Record> out) {
        if (open.remove(s.key) != null) held(-s.bytes);
        closed.put(s.key, Boolean.FALSE);
        dropped++;
        out.accept(new ErrorRecord(
                at,
                ProblemKind.LIMIT,
                -1,
                describe(s.key) + ": set of " + s.received() + " of " + s.first.numFrags()
                        + " fragments dropped (frames " + frames(s) + "): " + why));
        s.held.forEach(out);
    }

    // --- a complete set decoded ---

    private void complete(FragmentSet s, RecordSink sink) {
        Consumer<Record> out = x -> sink.accept(x, null, 0);
        open.remove(s.key);
        held(-s.bytes);
        closed.put(s.key, Boolean.TRUE);
        completed.put(s.key.message(), Boolean.TRUE);
        byte[] bytes = s.assemble();
        MessageRecord base = s.base;
        if (bytes == null) {
            out.accept(new ErrorRecord(
                    s.last,
                    ProblemKind.MALFORMED,
                    -1,
                    describe(s.key)
                            + ": FRAG3 fragment offsets do not tile original_length " + s.first.originalLength()
                            + " (frames " + frames(s) + ")"));
            return;
        }
        reassembled++;
        List<Long> frames = List.copyOf(s.frames);
        if (s.first.needsDeserialization()) {
            // Util.messageToBuffer: type short, then Message.writeTo
            if (bytes.length < 2) {
                out.accept(new ErrorRecord(
                        s.last,
                        ProblemKind.TRUNCATED,
                        -1,
                        describe(s.key) + ": serialized original of " + bytes.length + " bytes ends before its type"));
                return;
            }
            int type = (bytes[0] << 8 | bytes[1] & 0xFF);
            decoded(
                    base,
                    decoder.decode(base.version(), type, bytes, 2, bytes.length - 2, s.last),
                    s,
                    frames,
                    bytes,
                    2,
                    sink);
        } else if ("FRAG".equals(base.type())) {
            // FRAG4 FragmentedMessage: original_type in the header, then Message.writeTo
            decoded(
                    base,
                    decoder.decode(base.version(), s.first.originalType(), bytes, 0, bytes.length, s.last),
                    s,
                    frames,
                    bytes,
                    0,
                    sink);
        } else {
            List<HeaderRecord> headers = new ArrayList<>(base.headers());
            int frag = s.first.index() < headers.size() && isFrag(headers.get(s.first.index()))
                    ? s.first.index()
                    : indexOfFrag(headers);
            if (frag >= 0) headers.remove(frag);
            ViewInfo view = null;
            String gmsType = gmsType(headers);
            if (gmsType != null && bytes.length > 0)
                try {
                    view = decoder.decodeView(base.version(), gmsType, bytes, 0, bytes.length);
                } catch (IllegalArgumentException e) {
                    sink.accept(
                            new ErrorRecord(
                                    s.last,
                                    ProblemKind.MALFORMED,
                                    -1,
                                    describe(s.key) + ": the view in the reassembled GMS " + gmsType + " payload: "
                                            + e.getMessage()),
                            null,
                            0);
                }
            sink.acceptRebuilt(
                    MessageRecord.builder(s.last)
                            .version(base.version())
                            .decodedWith(base.decodedWith())
                            .type(base.type())
                            .flags(base.flags(), base.flagNames())
                            .src(base.src())
                            .dest(base.dest())
                            .multicast(base.multicast())
                            .cluster(base.cluster())
                            .headers(List.copyOf(headers))
                            .payload(PayloadBytes.of(bytes, limits))
                            .view(view)
                            .discovery(base.discovery())
                            .range(-1, -1)
                            .reassembledFrom(frames)
                            .build(),
                    bytes);
        }
    }

    /** The records the jar made of a serialized original, placed where the last fragment was. */
    private static void decoded(
            MessageRecord base,
            List<Record> records,
            FragmentSet s,
            List<Long> frames,
            byte[] bytes,
            int bytesOff,
            RecordSink out) {
        for (Record r : records) {
            if (r instanceof MessageRecord m) {
                out.accept(
                        m.toBuilder()
                                .frame(s.last)
                                .src(m.src() != null ? m.src() : base.src())
                                .dest(m.dest() != null ? m.dest() : base.dest())
                                .multicast(base.multicast())
                                .cluster(m.cluster() != null ? m.cluster() : base.cluster())
                                .reassembledFrom(frames)
                                .transformed(List.of())
                                .wirePayload(null)
                                .build(),
                        bytes,
                        bytesOff);
            } else if (r instanceof ErrorRecord e) {
                out.accept(
                        new ErrorRecord(
                                s.last,
                                e.problem(),
                                e.offset(),
                                "reassembled from frames " + frames(s) + ": " + e.message()),
                        null,
                        0);
            } else {
                out.accept(r, null, 0);
            }
        }
    }

    /** The type of the message's GMS header (e.g. {@code "VIEW"}), or null without one. */
    private static String gmsType(List<HeaderRecord> headers) {
        for (HeaderRecord h : headers) {
            Object type = "GMS".equals(h.protocol()) ? h.field("type") : null;
            if (type != null) return type.toString();
        }
        return null;
    }

    // --- reading a fragment ---

    private static boolean isFrag(HeaderRecord h) {
        return h.protocol().startsWith("FRAG");
    }

    private static int indexOfFrag(List<HeaderRecord> headers) {
        for (int i = 0; i < headers.size(); i++) if (isFrag(headers.get(i))) return i;
        return -1;
    }

    /**
     * A fragment's bytes: its payload, which every message type a FRAG protocol sends writes last
     * ({@code Message.writeTo} 3.6/4.x: {@code i32 length + bytes} after the headers; 5.x {@code BytesMessage} and
     * {@code FragmentedMessage.writePayload} likewise), so the last {@code payload.length} bytes of the message.
     */
    private static byte[] fragmentBytes(MessageRecord m, byte[] frame, int frameOff) {
        int n = m.payload().length();
        if (m.length() < 0 || m.offset() < 0 || n > m.length() || frame == null) return null;
        int start = frameOff + m.offset() + m.length() - n;
        if (start < 0 || start + n > frame.length) return null;
        byte[] out = new byte[n];
        System.arraycopy(frame, start, out, 0, n);
        return out;
    }

    private static String describe(FragmentSet.NodeKey k) {
        return k.protocol() + " message " + k.id() + " from " + k.src() + " to " + k.path();
    }

    /** Whether a message is a fragment this class reassembles (a FRAG2/FRAG3/FRAG4 header). */
    public static boolean isFragment(MessageRecord m) {
        return FragmentHeader.of(m) != null;
    }

    private static String frames(FragmentSet s) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (long f : s.frames) {
            if (n > 0) b.append(", ");
            if (n++ == 8) return b.append("...").toString();
            b.append(f);
        }
        return n == 0 ? "none" : b.toString();
    }
}
