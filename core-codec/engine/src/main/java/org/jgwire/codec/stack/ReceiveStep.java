package org.jgwire.codec.stack;

import org.jgwire.codec.model.HeaderRecord;

/**
 * What one protocol does to a message on its way up the stack, as its {@code Protocol.up()} does it: one class per
 * protocol, registered in {@link ReceiveSteps} under the header classes it acts on. Each transformation it applies
 * leaves a line in {@link org.jgwire.codec.model.MessageRecord#transformed()}.
 */
interface ReceiveStep {
    /**
     * Acts on {@code up.message()} for its header {@code h}.
     *
     * @return the message to take on up (the same, or transformed: {@link Ascent#with}), or null when this step has
     *     handed on the message and whatever it delivered already ({@link Ascent#deliver}, {@link Ascent#unwrap})
     */
    Ascent up(Ascent up, HeaderRecord h);
}
