package org.jgwire.codec.stack;

import org.jgwire.codec.Limits;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;

/**
 * COMPRESS ({@code CompressHeader}): the payload inflated ({@link Inflation}) to at most
 * {@link Limits#maxFragmentBytes()}; the one on the wire is kept as {@link MessageRecord#wirePayload()}. In 5.x,
 * {@code needs_deserialization} means the inflated bytes are a whole message ({@code Util.messageToBuffer}), decoded
 * by the jar into records of their own. A payload that cannot be inflated whole leaves the message as it travelled,
 * followed by an error record.
 */
final class CompressStep implements ReceiveStep {
    private final Limits limits;

    CompressStep(Limits limits) {
        this.limits = limits;
    }

    @Override
    public Ascent up(Ascent up, HeaderRecord h) {
        MessageRecord m = up.message();
        MessageBytes bytes = up.bytes();
        Object size = h.field("original_size");
        if (!(size instanceof Number n) || !bytes.available()) {
            up.deliver(m);
            up.deliver(StackStep.problem(
                    m,
                    ProblemKind.MALFORMED,
                    "COMPRESS payload not inflated: "
                            + (bytes.available() ? "no original_size in its header" : "its bytes are not in hand")));
            return null;
        }
        Inflation.Result r =
                Inflation.inflate(bytes.buf(), bytes.start(), bytes.length(), n.intValue(), limits.maxFragmentBytes());
        if (r.bytes() == null) {
            up.deliver(m);
            up.deliver(StackStep.problem(m, ProblemKind.MALFORMED, "COMPRESS payload not inflated: " + r.problem()));
            return null;
        }
        String step = "COMPRESS inflated " + bytes.length() + "->" + r.bytes().length;
        MessageRecord inflated = m.transformedBy(step, PayloadBytes.of(r.bytes(), limits));
        if (r.problem() != null) {
            up.deliver(inflated);
            up.deliver(StackStep.problem(m, ProblemKind.LIMIT, "COMPRESS: " + r.problem()));
            return null;
        }
        if (Boolean.TRUE.equals(h.field("needs_deserialization"))) {
            // COMPRESS.uncompress 5.x: the inflated bytes are a whole message (Util.messageFromByteArray)
            up.deliver(inflated);
            up.unwrap(inflated, MessageBytes.payload(r.bytes()), h, step + " into a serialized message");
            return null;
        }
        return up.with(inflated, MessageBytes.payload(r.bytes()));
    }
}
