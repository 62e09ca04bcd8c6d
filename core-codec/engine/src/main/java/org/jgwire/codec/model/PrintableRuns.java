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

    /**
     * A payload whose text is its first {@code asciiText} bytes (printable ASCII, -1 for none) with the runs of
     * {@code buf[off, off+len)} as {@link #of} finds them, all in one array: the text first, the runs after it, or
     * the text inside the first run when it is that run's start. Two passes over the bytes: the first measures.
     */
    static Payload payload(
            int length, int asciiText, byte[] head, String objectClass, byte[] buf, int off, int len, int maxChars) {
        int textLen = Math.max(asciiText, 0);
        int runs = 0, chars = 0;
        boolean textInFirstRun = false;
        if (maxChars >= MIN_RUN && len >= MIN_RUN) {
            int left = maxChars, end = off + len, i = off;
            while (i < end && left >= MIN_RUN) {
                while (i < end && !printable(buf[i])) i++;
                int start = i;
                while (i < end && printable(buf[i])) i++;
                int n = i - start;
                if (n < MIN_RUN) continue;
                int kept = Math.min(n, left);
                if (runs == 0) textInFirstRun = start == off && kept >= textLen;
                runs++;
                chars += kept;
                left -= kept;
            }
        }
        int runsFrom = textInFirstRun ? 0 : textLen;
        byte[] shown = new byte[runsFrom + chars];
        if (!textInFirstRun) System.arraycopy(buf, off, shown, 0, textLen);
        int[] ends = runs == 0 ? null : new int[runs];
        if (runs > 0) {
            int left = maxChars, end = off + len, i = off, r = 0, p = runsFrom;
            while (r < runs) {
                while (i < end && !printable(buf[i])) i++;
                int start = i;
                while (i < end && printable(buf[i])) i++;
                int n = i - start;
                if (n < MIN_RUN) continue;
                int kept = Math.min(n, left);
                System.arraycopy(buf, start, shown, p, kept);
                p += kept;
                ends[r++] = p;
                left -= kept;
            }
        }
        return Payload.laidOut(length, head, objectClass, shown, asciiText, runsFrom, ends);
    }

    /** Whether {@code buf[from, to)} holds a CR or LF (what ends a run in printable ASCII text). */
    static boolean hasLineBreak(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) if (buf[i] == '\n' || buf[i] == '\r') return true;
        return false;
    }

    static boolean printable(byte b) {
        return b >= 0x20 && b < 0x7F || b == '\t';
    }
}
