package org.jgwire.adapter.jg5;

import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.model.HeaderField;

/**
 * The fields and text of the last header body seen per magic id. Many headers repeat byte for byte from one
 * message to the next (TpHeader's cluster name, heartbeats, FC credits requests), and a header's fields and
 * {@code toString()} depend only on its body, so a repeat costs a byte comparison instead of reflection and
 * string formatting (TpHeader.toString uses String.format in 5.5). A magic id whose bodies keep changing
 * (sequence numbers) stops being memoised after a streak of misses.
 */
final class HeaderMemo {
    private static final int MAX_BODY = 64;
    private static final int GIVE_UP_AFTER = 32;

    private final Entry[] entries = new Entry[1 << 16];

    private static final class Entry {
        byte[] body = new byte[0];
        List<HeaderField> fields;
        String text;
        int misses;
    }

    /** The remembered entry when {@code body} repeats the last one of this magic id, else null. */
    Object[] lookup(short magic, byte[] buf, int off, int len) {
        Entry e = entries[magic & 0xFFFF];
        if (e == null || e.fields == null || len != e.body.length) return null;
        if (!Arrays.equals(e.body, 0, len, buf, off, off + len)) return null;
        e.misses = 0;
        return new Object[] {e.fields, e.text};
    }

    /** Remembers a freshly read header; returns the fields as they should be shared (unmodifiable). */
    List<HeaderField> remember(short magic, byte[] buf, int off, int len, List<HeaderField> fields, String text) {
        if (len > MAX_BODY) return fields;
        int i = magic & 0xFFFF;
        Entry e = entries[i];
        if (e == null) entries[i] = e = new Entry();
        if (e.misses > GIVE_UP_AFTER) return fields;
        e.misses++;
        List<HeaderField> shared = List.copyOf(fields);
        e.body = Arrays.copyOfRange(buf, off, off + len);
        e.fields = shared;
        e.text = text;
        return shared;
    }
}
