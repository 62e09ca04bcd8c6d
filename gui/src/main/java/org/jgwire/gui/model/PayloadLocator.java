package org.jgwire.gui.model;

import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Payload;

/**
 * Where a message's payload lies in its frame. Records give the payload's length and first bytes, not its offset:
 * the payload is where those bytes really are inside the message, outside its headers. 5.x writes it after the
 * headers (BaseMessage.writeTo then writePayload), 3.x/4.x before them (Message.writeTo), so the end of the
 * message is tried first, then the first place after the message start that matches.
 */
final class PayloadLocator {
    private PayloadLocator() {}

    /** The payload's first byte in the frame, or -1 when it cannot be placed with certainty. */
    static int locate(MessageRecord m, byte[] frame) {
        return locate(m, m.payload(), frame);
    }

    /** Where {@code p}, the message's payload or the one it had on the wire, starts in the frame, or -1. */
    static int locate(MessageRecord m, Payload p, byte[] frame) {
        if (frame == null || p.length() <= 0 || p.head().length == 0 || m.length() <= 0) return -1;
        int msgEnd = m.offset() + m.length();
        int atEnd = msgEnd - p.length();
        if (atEnd >= m.offset() && matches(frame, atEnd, p.head()) && outsideHeaders(m, atEnd, p.length()))
            return atEnd;
        if (p.head().length < 4 && p.length() > p.head().length) return -1; // too short to be sure where it is
        for (int at = m.offset(); at + p.length() <= msgEnd; at++) {
            if (matches(frame, at, p.head()) && outsideHeaders(m, at, p.length())) return at;
        }
        return -1;
    }

    private static boolean matches(byte[] frame, int at, byte[] head) {
        if (at < 0 || at + head.length > frame.length) return false;
        for (int i = 0; i < head.length; i++) if (frame[at + i] != head[i]) return false;
        return true;
    }

    private static boolean outsideHeaders(MessageRecord m, int at, int len) {
        for (HeaderRecord h : m.headers()) {
            if (at < h.offset() + h.length() && h.offset() < at + len) return false;
        }
        return true;
    }
}
