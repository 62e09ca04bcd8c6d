package org.jgwire.codec.model;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The printable runs of a binary payload, as {@code strings(1)} finds them: at least {@link #MIN_RUN} bytes in a row
 * that are printable ASCII (space to {@code ~}) or tab, in payload order, within a budget of characters.
 */
public final class PrintableRuns {
    /** strings(1)'s default minimum length. */
    public static final int MIN_RUN = 4;

    private PrintableRuns() {}

    /**
     * The runs of {@code buf[off, off+len)}, at most {@code maxChars} characters together: runs are kept in order
     * until the budget is spent, and the last one is cut to what is left (when that is at least {@link #MIN_RUN}).
     */
    public static List<String> of(byte[] buf, int off, int len, int maxChars) {
        if (maxChars < MIN_RUN || len < MIN_RUN) return List.of();
        List<String> out = null;
        int left = maxChars;
        int end = off + len;
        int i = off;
        while (i < end && left >= MIN_RUN) {
            while (i < end && !printable(buf[i])) i++;
            int start = i;
            while (i < end && printable(buf[i])) i++;
            int n = i - start;
            if (n < MIN_RUN) continue;
            int kept = Math.min(n, left);
            if (out == null) out = new ArrayList<>(4);
            out.add(new String(buf, start, kept, StandardCharsets.ISO_8859_1));
            left -= kept;
        }
        return out == null ? List.of() : List.copyOf(out);
    }

    static boolean printable(byte b) {
        return b >= 0x20 && b < 0x7F || b == '\t';
    }
}
