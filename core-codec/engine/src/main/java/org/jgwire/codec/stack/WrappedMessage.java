package org.jgwire.codec.stack;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;

/**
 * A message serialized into another one's payload: in 5.x {@code Util.messageToBuffer} (type short, then
 * {@code Message.writeTo}), in 3.6/4.x {@code Util.streamableToBuffer(msg)} ({@code Util.writeStreamable}: a presence
 * byte, then {@code Message.writeTo}).
 *
 * @param type   the 5.x message type short, -1 for 3.6/4.x
 * @param start  where {@code writeTo}'s bytes begin
 * @param length how many
 */
record WrappedMessage(int type, int start, int length, String problem) {
    static WrappedMessage locate(JGroupsVersion version, MessageBytes bytes) {
        if (version.major() != 3 && version.major() != 4) {
            if (bytes.length() < 2)
                return new WrappedMessage(-1, 0, 0, bytes.length() + " bytes end before the message type");
            byte[] b = bytes.buf();
            int type = (short) ((b[bytes.start()] & 0xFF) << 8 | b[bytes.start() + 1] & 0xFF);
            return new WrappedMessage(type, bytes.start() + 2, bytes.length() - 2, null);
        }
        if (bytes.length() < 1 || bytes.buf()[bytes.start()] != 1)
            return new WrappedMessage(-1, 0, 0, "no message: " + (bytes.length() < 1 ? "no bytes" : "a null one"));
        return new WrappedMessage(-1, bytes.start() + 1, bytes.length() - 1, null);
    }

    /**
     * A message the jar decoded from a wrapper's payload, placed where the wrapper is: its frame, version and position
     * in the frame's list, its offsets moved by {@code shift} to count from where the wrapper's do; the sender and
     * cluster of the wrapper when it has none of its own. A wrapped message with no destination is a multicast.
     */
    static MessageRecord place(MessageRecord m, MessageRecord wrapper, int shift) {
        List<HeaderRecord> headers = new ArrayList<>(m.headers().size());
        for (HeaderRecord h : m.headers())
            headers.add(new HeaderRecord(
                    h.protocolId(),
                    h.protocol(),
                    h.magicId(),
                    h.headerClass(),
                    h.fields(),
                    h.text(),
                    h.offset() >= 0 ? h.offset() + shift : h.offset(),
                    h.length()));
        return m.toBuilder()
                .frame(wrapper.frame())
                .version(wrapper.version())
                .src(m.src() != null ? m.src() : wrapper.src())
                .multicast(m.dest() == null)
                .cluster(m.cluster() != null ? m.cluster() : wrapper.cluster())
                .batch(wrapper.batchIndex(), wrapper.batchSize())
                .headers(List.copyOf(headers))
                .range(m.offset() >= 0 ? m.offset() + shift : m.offset(), m.length())
                .reassembledFrom(wrapper.reassembledFrom())
                .build();
    }
}
