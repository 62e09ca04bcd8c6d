package org.jgwire.codec.stack;

import org.jgwire.codec.model.HeaderRecord;

/**
 * SEQUENCER ({@code SequencerHeader} FORWARD, FLUSH, WRAPPED_BCAST): the payload is the original message
 * ({@code SEQUENCER.forward}/{@code broadcast}: {@code Util.messageToBuffer} in 5.x, the message's {@code writeTo} in
 * 3.6/4.x, which {@code unwrapAndDeliver} reads back), decoded by the jar of the frame and shown after the message
 * that carried it. The original carries its own SequencerHeader, which {@code unwrapAndDeliver} only reads the seqno
 * of: it is not acted on again.
 */
final class SequencerStep implements ReceiveStep {
    @Override
    public Ascent up(Ascent up, HeaderRecord h) {
        String type = SequencerTypes.name(h.field("type"));
        if (!SequencerTypes.wraps(type)) return up;
        up.deliver(up.message());
        String step = "SEQUENCER unwrapped from " + type + " seqno=" + h.field("seqno")
                + (Boolean.TRUE.equals(h.field("flush_ack")) ? " flush_ack" : "");
        up.unwrap(up.message(), up.bytes(), h, step);
        return null;
    }
}
