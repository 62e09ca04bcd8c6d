package org.jgwire.codec.stack;

import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/**
 * A message on its way up the stack, as a {@link ReceiveStep} gets it.
 *
 * @param stack   the stack step that takes what the steps hand on
 * @param message the message as the protocols below left it
 * @param bytes   where its payload's bytes are
 * @param hbuf    the bytes its headers' offsets count from, at {@code hbuf[hbase]}; null when not in hand (a
 *                reassembled message)
 * @param depth   how many messages it was carried in ({@link org.jgwire.codec.Limits#maxNesting()} bounds it)
 */
record Ascent(StackStep stack, MessageRecord message, MessageBytes bytes, byte[] hbuf, int hbase, int depth) {
    /** The message transformed, its payload where it was. */
    Ascent with(MessageRecord m) {
        return new Ascent(stack, m, bytes, hbuf, hbase, depth);
    }

    /** The message transformed, its payload now in {@code b}. */
    Ascent with(MessageRecord m, MessageBytes b) {
        return new Ascent(stack, m, b, hbuf, hbase, depth);
    }

    /** Hands a record on, in order, past the rest of the stack (a step that returns null hands on its message). */
    void deliver(Record r) {
        stack.deliver(r);
    }

    /**
     * Decodes the message serialized in {@code bytes}, which {@code wrapper} carried, and takes it up the stack from
     * the protocol of {@code by} (whose header the wrapped message is not acted on for again); {@code step} is its
     * line in {@link MessageRecord#transformed()}.
     */
    void unwrap(MessageRecord wrapper, MessageBytes bytes, HeaderRecord by, String step) {
        stack.unwrap(wrapper, bytes, by, step, depth);
    }
}
