package org.jgwire.codec.stack;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;

/**
 * The fragments of one original message seen so far. Holds only the bytes that arrived (never allocates from a
 * count or length the header claims), keyed by fragment id.
 */
final class FragmentSet {
    final FragmentHeader first;
    final NodeKey key;
    /** Fragment bytes by frag_id; FRAG3 fragments also keep their offset. */
    private final TreeMap<Integer, byte[]> parts = new TreeMap<>();

    private final TreeMap<Integer, Integer> offsets = new TreeMap<>();
    final List<Long> frames = new ArrayList<>();
    /** The fragment records, shown as they are when the set cannot be completed. */
    final List<MessageRecord> held = new ArrayList<>();

    MessageRecord base; // the fragment with frag_id 0: its headers are the original's (FRAG2.assembleMessage)
    FrameInfo last;
    long bytes;

    /**
     * Identifies a set: sender, protocol, the fragmentation id ({@code FragHeader.id}) and the path (the frame's
     * receiving endpoint): a multicast over TCP is one copy per member, TUNNEL shows each message twice, and each
     * copy is reassembled on its own.
     */
    record NodeKey(String src, String protocol, long id, String path) {
        MessageKey message() {
            return new MessageKey(src, protocol, id);
        }
    }

    /** The original message whatever the path. */
    record MessageKey(String src, String protocol, long id) {}

    FragmentSet(NodeKey key, FragmentHeader first) {
        this.key = key;
        this.first = first;
    }

    boolean has(int fragId) {
        return parts.containsKey(fragId);
    }

    void add(FragmentHeader h, MessageRecord m, byte[] data) {
        parts.put(h.fragId(), data);
        if (h.frag3()) offsets.put(h.fragId(), h.offset());
        frames.add(m.frame().packet());
        held.add(m);
        if (h.fragId() == 0) base = m;
        last = m.frame();
        bytes += data.length;
    }

    boolean complete() {
        return parts.size() == first.numFrags();
    }

    int received() {
        return parts.size();
    }

    /** The ids not yet seen, for the report of an incomplete set (at most {@code max} of them). */
    String missing(int max) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (int i = 0; i < first.numFrags() && n < max; i++) {
            if (parts.containsKey(i)) continue;
            if (n++ > 0) b.append(", ");
            b.append(i);
        }
        if (first.numFrags() - parts.size() > max) b.append(", ...");
        return b.toString();
    }

    /**
     * The original bytes: FragHeader fragments concatenated in frag_id order; Frag3Header fragments copied at their
     * offsets into {@code original_length} bytes. Null when FRAG3 offsets do not tile the original.
     */
    byte[] assemble() {
        if (!first.frag3()) {
            byte[] out = new byte[(int) bytes];
            int p = 0;
            for (byte[] part : parts.values()) {
                System.arraycopy(part, 0, out, p, part.length);
                p += part.length;
            }
            return out;
        }
        if (first.originalLength() != bytes) return null;
        byte[] out = new byte[first.originalLength()];
        for (Map.Entry<Integer, byte[]> e : parts.entrySet()) {
            int off = offsets.get(e.getKey());
            byte[] part = e.getValue();
            if (off < 0 || off > out.length - part.length) return null;
            System.arraycopy(part, 0, out, off, part.length);
        }
        return out;
    }
}
