package org.jgwire.codec.stack;

import org.jgwire.codec.model.MessageRecord;

/**
 * Where a message's payload bytes are: {@code buf[start, start + length)}, with {@code buf[base]} the byte the
 * message's offsets count from. {@code buf} null when they are not in hand (a record whose frame is gone).
 */
record MessageBytes(byte[] buf, int base, int start, int length) {
    static final MessageBytes NONE = new MessageBytes(null, 0, 0, 0);

    boolean available() {
        return buf != null;
    }

    /** A payload held whole, apart from any frame (reassembled, inflated): offsets count from its first byte. */
    static MessageBytes payload(byte[] payload) {
        return payload == null ? NONE : new MessageBytes(payload, 0, 0, payload.length);
    }

    /**
     * The payload of a message that lies in {@code buf} with its offsets counting from {@code buf[base]}: the last
     * {@code payload.length} bytes of the message for the types that write a byte array last ({@code BYTES} and
     * {@code NIO} in 5.x: {@code i32 length + bytes}; 3.6/4.x {@code Message.writeTo} likewise), none for the others.
     */
    static MessageBytes of(MessageRecord m, byte[] buf, int base) {
        if (buf == null || m.offset() < 0 || m.length() < 0 || m.wirePayload() != null) return NONE;
        if (!(m.type().equals("BYTES") || m.type().equals("NIO") || m.type().equals("MESSAGE"))) return NONE;
        int n = m.payload().length();
        int start = base + m.offset() + m.length() - n;
        if (n > m.length() || start < 0 || start + n > buf.length) return NONE;
        return new MessageBytes(buf, base, start, n);
    }
}
