package org.jgwire.codec.merge;

import java.util.Collection;
import java.util.Map;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;

/**
 * What makes a message the same message in two captures: only what it carries itself, as both hosts read the same
 * bytes (sender and destination, type, flags, every header field with its sequence numbers, the payload's length and
 * first bytes, where it lies in its frame), never the time or the packet number. A 64-bit hash of it: a message sent
 * again unchanged (a retransmission, a heartbeat) has the same identity, and the merge tells such copies apart by
 * time. Values a header holds are hashed by their content; an object of a kind not listed counts by its class alone,
 * so that nothing that could differ between two reads of the same bytes enters.
 */
public final class MessageIdentity {
    private static final long PRIME = 0x100000001b3L;
    private static final long START = 0xcbf29ce484222325L;

    private long h = START;

    private MessageIdentity() {}

    public static long of(MessageRecord m) {
        MessageIdentity id = new MessageIdentity();
        id.address(m.src());
        id.address(m.dest());
        id.text(m.type());
        id.number(m.flags());
        id.number(m.multicast() ? 1 : 0);
        id.number(m.offset());
        id.number(m.length());
        for (HeaderRecord hr : m.headers()) {
            id.number(hr.protocolId());
            for (HeaderField f : hr.fields()) id.value(f.value());
        }
        Payload p = m.payload();
        id.number(p.length());
        id.bytes(p.head());
        return mix(id.h);
    }

    private void number(long v) {
        for (int i = 0; i < 8; i++) {
            h ^= (v >>> (8 * i)) & 0xff;
            h *= PRIME;
        }
    }

    private void text(String s) {
        if (s == null) {
            number(-1);
            return;
        }
        number(s.length());
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= PRIME;
        }
    }

    private void bytes(byte[] b) {
        if (b == null) {
            number(-1);
            return;
        }
        number(b.length);
        for (byte x : b) {
            h ^= x & 0xff;
            h *= PRIME;
        }
    }

    private void address(NodeAddress a) {
        text(a == null ? null : a.id());
    }

    private void value(Object v) {
        if (v == null) number(-7);
        else if (v instanceof Number n) number(n.longValue() ^ Double.doubleToLongBits(n.doubleValue()));
        else if (v instanceof CharSequence || v instanceof Boolean || v instanceof Character || v instanceof Enum<?>)
            text(v.toString());
        else if (v instanceof byte[] b) bytes(b);
        else if (v instanceof NodeAddress a) address(a);
        else if (v instanceof Collection<?> c) {
            number(c.size());
            for (Object o : c) value(o);
        } else if (v instanceof Map<?, ?> map) {
            number(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                value(e.getKey());
                value(e.getValue());
            }
        } else text(v.getClass().getName());
    }

    /** The final mix of a 64-bit hash (Stafford's variant 13), so that nearby inputs spread over all bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
