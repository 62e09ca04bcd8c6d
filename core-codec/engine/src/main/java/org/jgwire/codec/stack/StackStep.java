package org.jgwire.codec.stack;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.runtime.EncryptHeaderFields;
import org.jgwire.codec.stack.FragmentReassembler.SerializedMessageDecoder;

/**
 * The receive-side stack step after fragment reassembly: what the protocols of the stack do to a message on its way
 * up, applied in the order they do it. A message's headers are in the order the protocols added them on the way down
 * (the top protocol first: {@code Headers.putHeader} appends), so the protocols act on the way up in reverse header
 * order. Each one this step knows leaves a line in {@link MessageRecord#transformed()}:
 *
 * <ul>
 *   <li>COMPRESS ({@code CompressHeader}): the payload inflated ({@link Inflation}); the one on the wire is kept as
 *       {@link MessageRecord#wirePayload()}. In 5.x, {@code needs_deserialization} means the inflated bytes are a
 *       whole message ({@code Util.messageToBuffer}), decoded by the jar into records of their own;</li>
 *   <li>SEQUENCER ({@code SequencerHeader} FORWARD, FLUSH, WRAPPED_BCAST): the payload is the original message
 *       ({@code SEQUENCER.forward}/{@code broadcast}: {@code Util.messageToBuffer} in 5.x, the message's
 *       {@code writeTo} in 3.6/4.x, which {@code unwrapAndDeliver} reads back), decoded by the jar of the frame and
 *       shown after the message that carried it;</li>
 *   <li>SYM_ENCRYPT, ASYM_ENCRYPT ({@code EncryptHeader}): the payload decrypted ({@link Decryptor}) with the key
 *       of the header's version when the user gave it; the decrypted bytes are the payload, or a whole message
 *       (5.x {@code needs_deserialization}, 3.6 {@code encrypt_entire_message}) decoded by the jar. Without the
 *       key the message is shown as it travelled, with a line saying so; a key given but not matching, or a failed
 *       decryption, is one error record per distinct problem;</li>
 *   <li>FORK ({@code ForkHeader}): the fork stack and fork channel the message is delivered to.</li>
 * </ul>
 *
 * <p>A message that carries another one keeps its place and its wire form; the messages it carried follow it,
 * their offsets counting from the frame's first byte when they lie in the frame, else from the first byte of the
 * bytes they were decoded from (inflated bytes). What cannot be undone becomes an error record after the message, which
 * is then shown as it travelled. Nesting is bounded by {@link Limits#maxNesting()}, inflated sizes by
 * {@link Limits#maxFragmentBytes()}. One instance per capture; not thread-safe.
 */
public final class StackStep implements RecordSink {
    private static final String UNREAD_HEADER =
            "the jar of its version read no EncryptHeader it knows (3.6's old ENCRYPT is not decrypted)";

    private final Limits limits;
    private final SerializedMessageDecoder decoder;
    private final Consumer<Record> out;
    private final Decryptor decryptor;
    /** Distinct decryption problems remembered; beyond them every one is reported (the map stays bounded). */
    private static final int MAX_REPORTED = 1024;
    /** Decryption problems reported already, with the frame of their error record. */
    private final Map<String, Long> reported = new HashMap<>();

    /**
     * @param decoder decodes a message serialized on its own with the jar of a version ({@code
     *                VersionRuntime::decodeMessage})
     * @param out     gets every record, transformed or not, in order
     */
    public StackStep(Limits limits, SerializedMessageDecoder decoder, Decryptor decryptor, Consumer<Record> out) {
        this.limits = limits;
        this.decoder = decoder;
        this.decryptor = decryptor;
        this.out = out;
    }

    /** A stack step that decrypts nothing. */
    public StackStep(Limits limits, SerializedMessageDecoder decoder, Consumer<Record> out) {
        this(limits, decoder, Decryptor.none(), out);
    }

    @Override
    public void accept(Record r, byte[] buf, int off) {
        if (r instanceof MessageRecord m && actsOn(m)) up(m, MessageBytes.of(m, buf, off), buf, off, -1, 0);
        else out.accept(r);
    }

    /**
     * Whether a header of {@code m} is of a protocol this step acts on: most messages have none and go on as they
     * are, without locating their payload.
     */
    private static boolean actsOn(MessageRecord m) {
        List<HeaderRecord> headers = m.headers();
        for (int i = 0; i < headers.size(); i++) {
            HeaderClass c = headers.get(i).headerClass();
            if (c == HeaderClass.COMPRESS
                    || c == HeaderClass.SEQUENCER
                    || c == HeaderClass.FORK
                    || c == HeaderClass.ENCRYPT) return true;
        }
        return false;
    }

    @Override
    public void acceptRebuilt(MessageRecord m, byte[] payload) {
        up(m, MessageBytes.payload(payload), null, 0, -1, 0);
    }

    /**
     * Applies the protocols of {@code m}'s headers, the lowest one first, and hands on what they deliver. A message
     * unwrapped by a protocol goes on up from that protocol: its header of that protocol ({@code unwrappedBy}, -1 for
     * none) is not acted on again (SEQUENCER's original carries its own SequencerHeader, which
     * {@code unwrapAndDeliver} only reads the seqno of). {@code hbuf[hbase]} is the byte the offsets of {@code m}'s
     * headers count from (null when not in hand: a reassembled message).
     */
    private void up(MessageRecord m, MessageBytes bytes, byte[] hbuf, int hbase, int unwrappedBy, int depth) {
        for (int i = m.headers().size() - 1; i >= 0; i--) {
            HeaderRecord h = m.headers().get(i);
            if (h.protocolId() == unwrappedBy) continue;
            HeaderClass c = h.headerClass();
            if (c == HeaderClass.COMPRESS) {
                Inflated inflated = compress(m, h, bytes, depth);
                if (inflated == null) return; // shown already, with what it carried
                m = inflated.message();
                bytes = MessageBytes.payload(inflated.bytes());
            } else if (c == HeaderClass.SEQUENCER) {
                String type = SequencerTypes.name(h.field("type"));
                if (SequencerTypes.wraps(type)) {
                    out.accept(m);
                    String step = "SEQUENCER unwrapped from " + type + " seqno=" + h.field("seqno")
                            + (Boolean.TRUE.equals(h.field("flush_ack")) ? " flush_ack" : "");
                    unwrap(m, bytes, h, step, depth);
                    return;
                }
            } else if (c == HeaderClass.ENCRYPT) {
                Inflated decrypted = decrypt(m, h, bytes, hbuf, hbase, depth);
                if (decrypted == null) return; // shown already
                if (decrypted.bytes() != null) bytes = MessageBytes.payload(decrypted.bytes());
                m = decrypted.message();
            } else if (c == HeaderClass.FORK) {
                m = m.transformedBy(
                        "FORK delivered to fork stack " + h.field("fork_stack_id") + ", fork channel "
                                + h.field("fork_channel_id"),
                        null);
            }
        }
        out.accept(m);
    }

    private record Inflated(MessageRecord message, byte[] bytes) {}

    /**
     * COMPRESS: the message with its payload inflated, or null when it is shown here already (it carried a
     * serialized message, or its payload could not be inflated whole).
     */
    private Inflated compress(MessageRecord m, HeaderRecord h, MessageBytes bytes, int depth) {
        Object size = h.field("original_size");
        if (!(size instanceof Number n) || !bytes.available()) {
            out.accept(m);
            out.accept(problem(
                    m,
                    ProblemKind.MALFORMED,
                    "COMPRESS payload not inflated: "
                            + (bytes.available() ? "no original_size in its header" : "its bytes are not in hand")));
            return null;
        }
        Inflation.Result r =
                Inflation.inflate(bytes.buf(), bytes.start(), bytes.length(), n.intValue(), limits.maxFragmentBytes());
        if (r.bytes() == null) {
            out.accept(m);
            out.accept(problem(m, ProblemKind.MALFORMED, "COMPRESS payload not inflated: " + r.problem()));
            return null;
        }
        String step = "COMPRESS inflated " + bytes.length() + "->" + r.bytes().length;
        MessageRecord inflated = m.transformedBy(step, PayloadBytes.of(r.bytes(), limits));
        if (r.problem() != null) {
            out.accept(inflated);
            out.accept(problem(m, ProblemKind.LIMIT, "COMPRESS: " + r.problem()));
            return null;
        }
        if (Boolean.TRUE.equals(h.field("needs_deserialization"))) {
            // COMPRESS.uncompress 5.x: the inflated bytes are a whole message (Util.messageFromByteArray)
            out.accept(inflated);
            unwrap(inflated, MessageBytes.payload(r.bytes()), h, step + " into a serialized message", depth);
            return null;
        }
        return new Inflated(inflated, r.bytes());
    }

    /** The message serialized in {@code wrapper}'s payload, decoded by the jar and taken up the stack in turn. */
    private void unwrap(MessageRecord wrapper, MessageBytes bytes, HeaderRecord by, String step, int depth) {
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
                up(
                        placed,
                        MessageBytes.of(placed, bytes.buf(), bytes.base()),
                        bytes.buf(),
                        bytes.base(),
                        by.protocolId(),
                        depth + 1);
            } else if (r instanceof ErrorRecord e) {
                out.accept(new ErrorRecord(
                        wrapper.frame(),
                        e.problem(),
                        e.offset() >= 0 ? e.offset() + shift : e.offset(),
                        step + ": " + e.message()));
            } else out.accept(r);
        }
    }

    /**
     * SYM_ENCRYPT/ASYM_ENCRYPT: the message with its payload decrypted ({@code bytes} null: nothing was encrypted,
     * a key exchange), or null when it is shown here already (it carried a serialized message, or stays encrypted).
     */
    private Inflated decrypt(MessageRecord m, HeaderRecord h, MessageBytes bytes, byte[] hbuf, int hbase, int depth) {
        // Encrypt._decrypt: a message without payload is passed on as it is
        if (m.payload() == null || m.payload().length() == 0) return new Inflated(m, null);
        EncryptHeaderFields f = decryptor.fields(m, h, hbuf, hbase);
        if (f != null && f.installKeys()) {
            Inflated rest = installKeys(m, h, bytes, f.version() == null);
            // no key version: sent before the sender had a key (a JOIN_REQ), in clear
            if (rest.bytes() == null || f.version() == null || rest.bytes().length == 0) return rest;
            // ASYM_ENCRYPT.up: what follows the keys was encrypted as any message (Encrypt.up decrypts it)
            m = rest.message();
            bytes = MessageBytes.payload(rest.bytes());
        } else if (f != null && !f.encrypted()) return new Inflated(m, null); // a key exchange (ASYM_ENCRYPT)
        String what = h.protocol() + ": " + m.payload().length() + " bytes encrypted"
                + (f != null ? " with key version " + Decryptor.hex(f.version()) : "");
        if (!decryptor.hasKeys()) {
            out.accept(m.transformedBy(what + ", not decrypted (no key given)", null));
            return null;
        }
        Decryptor.Result r = m.isReassembled()
                ? new Decryptor.Result(
                        null,
                        "its fragments were encrypted one by one (FRAG sits above " + h.protocol()
                                + "); --no-reassemble shows each fragment decrypted")
                : f == null || !bytes.available()
                        ? new Decryptor.Result(null, f == null ? UNREAD_HEADER : "its payload's bytes are not in hand")
                        : decryptor.decrypt(f, bytes.buf(), bytes.start(), bytes.length());
        if (r.bytes() == null) {
            Long first = reported.get(r.problem());
            out.accept(m.transformedBy(
                    what + ", not decrypted: " + r.problem()
                            + (first != null ? " (reported at frame " + first + ")" : ""),
                    null));
            if (first == null) {
                if (reported.size() < MAX_REPORTED)
                    reported.put(r.problem(), m.frame().packet());
                out.accept(problem(m, ProblemKind.MALFORMED, h.protocol() + " not decrypted: " + r.problem()));
            }
            return null;
        }
        String step = h.protocol() + " decrypted " + bytes.length() + "->" + r.bytes().length + " (key version "
                + Decryptor.hex(f.version()) + ")";
        if (f.wholeMessage()) {
            // Encrypt._decrypt: Util.messageFromBuffer (5.x) / Util.streamableFromBuffer (3.6) of the plaintext
            MessageRecord carrier = m.transformedBy(step + " into a serialized message", null);
            out.accept(carrier);
            unwrap(carrier, MessageBytes.payload(r.bytes()), h, step, depth);
            return null;
        }
        MessageRecord decrypted =
                decryptor.withView(m.transformedBy(step, PayloadBytes.of(r.bytes(), limits)), r.bytes());
        return new Inflated(decrypted, r.bytes());
    }

    /**
     * ASYM_ENCRYPT INSTALL_KEYS ({@code removeKeysFromMessageAndInstall}): the members' keys are taken off the
     * payload; what follows is the message's own payload: encrypted when the header has a key version, else in clear
     * (a view then read by the jar). Keys that cannot be walked leave the message as it travelled.
     */
    private Inflated installKeys(MessageRecord m, HeaderRecord h, MessageBytes bytes, boolean clear) {
        byte[] rest = bytes.available() ? decryptor.afterKeys(m, bytes.buf(), bytes.start(), bytes.length()) : null;
        if (rest == null) return new Inflated(m, null);
        MessageRecord taken = m.transformedBy(
                h.protocol() + " INSTALL_KEYS: " + (bytes.length() - rest.length) + " bytes of member keys taken off",
                PayloadBytes.of(rest, limits));
        return new Inflated(clear && rest.length > 0 ? decryptor.withView(taken, rest) : taken, rest);
    }

    private static ErrorRecord problem(MessageRecord m, ProblemKind kind, String message) {
        return new ErrorRecord(m.frame(), kind, m.offset(), message);
    }
}
