package org.jgwire.codec.stack;

import java.util.List;
import java.util.function.Consumer;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.stack.FragmentReassembler.SerializedMessageDecoder;

/**
 * The receive-side stack step after fragment reassembly: what the protocols of the stack do to a message on its way
 * up, applied in the order they do it. A message's headers are in the order the protocols added them on the way down
 * (the top protocol first: {@code Headers.putHeader} appends), so the protocols act on the way up in reverse header
 * order. Each protocol this step knows is one {@link ReceiveStep}, found in {@link ReceiveSteps} by the class of its
 * header (COMPRESS, SEQUENCER, SYM_ENCRYPT/ASYM_ENCRYPT, FORK), and leaves a line in
 * {@link MessageRecord#transformed()}.
 *
 * <p>A message that carries another one keeps its place and its wire form; the messages it carried follow it,
 * their offsets counting from the frame's first byte when they lie in the frame, else from the first byte of the
 * bytes they were decoded from (inflated bytes). What cannot be undone becomes an error record after the message, which
 * is then shown as it travelled. Nesting is bounded by {@link Limits#maxNesting()}, inflated sizes by
 * {@link Limits#maxFragmentBytes()}. One instance per capture; not thread-safe.
 */
public final class StackStep implements RecordSink {
    private final Limits limits;
    private final SerializedMessageDecoder decoder;
    private final Consumer<Record> out;
    private final ReceiveSteps steps;

    /**
     * @param decoder decodes a message serialized on its own with the jar of a version ({@code
     *                VersionRuntime::decodeMessage})
     * @param out     gets every record, transformed or not, in order
     */
    public StackStep(Limits limits, SerializedMessageDecoder decoder, Decryptor decryptor, Consumer<Record> out) {
        this.limits = limits;
        this.decoder = decoder;
        this.out = out;
        this.steps = ReceiveSteps.standard(limits, decryptor);
    }

    /** A stack step that decrypts nothing. */
    public StackStep(Limits limits, SerializedMessageDecoder decoder, Consumer<Record> out) {
        this(limits, decoder, Decryptor.none(), out);
    }

    @Override
    public void accept(Record r, byte[] buf, int off) {
        // a message without a version (MPING's) goes on as it travelled: what a step unwraps needs the version's jar
        if (r instanceof MessageRecord m && m.version() != null && actsOn(m))
            up(new Ascent(this, m, MessageBytes.of(m, buf, off), buf, off, 0), -1);
        else out.accept(r);
    }

    /**
     * Whether a header of {@code m} is of a protocol this step acts on: most messages have none and go on as they
     * are, without locating their payload.
     */
    private boolean actsOn(MessageRecord m) {
        List<HeaderRecord> headers = m.headers();
        for (int i = 0; i < headers.size(); i++) if (steps.of(headers.get(i).headerClass()) != null) return true;
        return false;
    }

    @Override
    public void acceptRebuilt(MessageRecord m, byte[] payload) {
        up(new Ascent(this, m, MessageBytes.payload(payload), null, 0, 0), -1);
    }

    /**
     * Applies the protocols of the message's headers, the lowest one first, and hands on what they deliver. A message
     * unwrapped by a protocol goes on up from that protocol: its header of that protocol ({@code unwrappedBy}, -1 for
     * none) is not acted on again (SEQUENCER's original carries its own SequencerHeader).
     */
    private void up(Ascent up, int unwrappedBy) {
        for (int i = up.message().headers().size() - 1; i >= 0; i--) {
            HeaderRecord h = up.message().headers().get(i);
            if (h.protocolId() == unwrappedBy) continue;
            ReceiveStep step = steps.of(h.headerClass());
            if (step == null) continue;
            up = step.up(up, h);
            if (up == null) return; // shown already, with what it carried
        }
        out.accept(up.message());
    }

    void deliver(Record r) {
        out.accept(r);
    }

    /** The message serialized in {@code wrapper}'s payload, decoded by the jar and taken up the stack in turn. */
    void unwrap(MessageRecord wrapper, MessageBytes bytes, HeaderRecord by, String step, int depth) {
        if (!bytes.available()) {
            out.accept(problem(wrapper, ProblemKind.MALFORMED, step + ": the wrapped message's bytes are not in hand"));
            return;
        }
        if (depth >= limits.maxNesting()) {
            out.accept(problem(
                    wrapper, ProblemKind.LIMIT, step + ": messages wrapped deeper than " + limits.maxNesting()));
            return;
        }
        WrappedMessage w = WrappedMessage.locate(wrapper.version(), bytes);
        if (w.problem() != null) {
            out.accept(problem(wrapper, ProblemKind.TRUNCATED, step + ": " + w.problem()));
            return;
        }
        List<Record> inner =
                decoder.decode(wrapper.version(), w.type(), bytes.buf(), w.start(), w.length(), wrapper.frame());
        int shift = w.start() - bytes.base(); // the decoder counts from w.start(); the records, from bytes.base()
        for (Record r : inner) {
            if (r instanceof MessageRecord m) {
                MessageRecord placed = WrappedMessage.place(m, wrapper, shift).transformedBy(step, null);
                MessageBytes payload = MessageBytes.of(placed, bytes.buf(), bytes.base());
                up(new Ascent(this, placed, payload, bytes.buf(), bytes.base(), depth + 1), by.protocolId());
            } else if (r instanceof ErrorRecord e) {
                out.accept(new ErrorRecord(
                        wrapper.frame(),
                        e.problem(),
                        e.offset() >= 0 ? e.offset() + shift : e.offset(),
                        step + ": " + e.message()));
            } else out.accept(r);
        }
    }

    /** An error record about {@code m}, at its offset. */
    static ErrorRecord problem(MessageRecord m, ProblemKind kind, String message) {
        return new ErrorRecord(m.frame(), kind, m.offset(), message);
    }
}
