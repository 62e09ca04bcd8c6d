package org.jgwire.codec.runtime;

import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.HeaderField;

/**
 * The fields and text of the last header body seen per magic id, for the adapters. Many headers repeat byte for
 * byte from one message to the next (TpHeader's cluster name, heartbeats, FC credit requests), and a header's
 * fields and {@code toString()} depend only on its body, so a repeat costs a byte comparison instead of reflection
 * and string formatting (TpHeader.toString uses String.format in 5.5). A magic id whose bodies keep changing
 * (sequence numbers) stops being memoised after a streak of misses. Not thread-safe: one per decoding thread.
 */
public final class HeaderBodyMemo {
    private static final int GIVE_UP_AFTER = 32;

    /**
     * What a header body was read as.
     *
     * @param header     the header object read from the body (the jar's class; never changed after reading, so
     *                   it may stand for every repeat), or null
     * @param bodyLength the body's length in bytes
     */
    public record Remembered(List<HeaderField> fields, String text, Object header, int bodyLength) {}

    private final Entry[] entries = new Entry[1 << 16];
    private final int maxBody;

    /** Remembering bodies of at most {@code maxBody} bytes ({@link Limits#maxMemoBody()}). */
    public HeaderBodyMemo(int maxBody) {
        this.maxBody = maxBody;
    }

    private static final class Entry {
        byte[] body = new byte[0];
        Remembered remembered;
        int misses;
    }

    /**
     * What the body {@code buf[off, off+len)} was read as, when it repeats the last one of this magic id; else null.
     */
    public Remembered lookup(int magic, byte[] buf, int off, int len) {
        Entry e = entries[magic & 0xFFFF];
        return e != null && e.body.length == len ? lookupAt(magic, buf, off, off + len) : null;
    }

    /**
     * What the body starting at {@code buf[off]} (and ending by {@code end}) was read as, when its bytes repeat the
     * last body of this magic id; else null. Found before the header is read: a header class reads the same bytes
     * the same way, so a repeat has the same length and needs no reading at all.
     */
    public Remembered lookupAt(int magic, byte[] buf, int off, int end) {
        Entry e = entries[magic & 0xFFFF];
        // given up on (its bodies keep changing): not even compared any more
        if (e == null || e.remembered == null || e.misses > GIVE_UP_AFTER) return null;
        int len = e.body.length;
        if (len > end - off || !Arrays.equals(e.body, 0, len, buf, off, off + len)) return null;
        e.misses = 0;
        return e.remembered;
    }

    /** Remembers a freshly read header; returns the fields as they should be shared (unmodifiable). */
    public List<HeaderField> remember(int magic, byte[] buf, int off, int len, List<HeaderField> fields, String text) {
        return remember(magic, buf, off, len, fields, text, null);
    }

    /** As {@link #remember(int, byte[], int, int, List, String)}, with the header object read from the body. */
    public List<HeaderField> remember(
            int magic, byte[] buf, int off, int len, List<HeaderField> fields, String text, Object header) {
        if (len > maxBody) return fields;
        int i = magic & 0xFFFF;
        Entry e = entries[i];
        if (e == null) entries[i] = e = new Entry();
        if (e.misses > GIVE_UP_AFTER) return fields;
        e.misses++;
        List<HeaderField> shared = List.copyOf(fields);
        e.body = Arrays.copyOfRange(buf, off, off + len);
        e.remembered = new Remembered(shared, text, header, len);
        return shared;
    }
}
