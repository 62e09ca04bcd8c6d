package org.jgwire.codec.model;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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

    /** Per byte value: 1 when printable ({@link #printable}), else 0. */
    private static final int[] PRINTABLE = new int[256];

    static {
        for (int b = 0; b < 256; b++) PRINTABLE[b] = printable((byte) b) ? 1 : 0;
    }

    /** Where the runs of one payload are gathered before its one array is made: reused by the thread. */
    private static final class Scratch {
        int[] starts = new int[16], lengths = new int[16];
        int runs;

        void add(int start, int length) {
            if (runs == starts.length) {
                starts = Arrays.copyOf(starts, 2 * runs);
                lengths = Arrays.copyOf(lengths, 2 * runs);
            }
            starts[runs] = start;
            lengths[runs++] = length;
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /**
     * A payload whose text is its first {@code asciiText} bytes (printable ASCII, -1 for none) with the runs of
     * {@code buf[off, off+len)} as {@link #of} finds them, all in one array: the text first, the runs after it, or
     * the text inside the first run when it is that run's start. The scan has no branch per byte that depends on
     * the byte (binary payloads are printable a third of the time, which a branch cannot predict).
     */
    static Payload payload(
            int length, int asciiText, byte[] head, String objectClass, byte[] buf, int off, int len, int maxChars) {
        int textLen = Math.max(asciiText, 0);
        Scratch found = SCRATCH.get();
        found.runs = 0;
        int chars = 0;
        if (maxChars >= MIN_RUN && len >= MIN_RUN) {
            int left = maxChars, end = off + len, run = 0;
            for (int i = off; i < end; i++) {
                int printable = PRINTABLE[buf[i] & 0xFF];
                int before = run;
                run = (run + 1) & -printable;
                if ((before >= MIN_RUN) & (printable == 0)) { // a run ended at i
                    int kept = Math.min(before, left);
                    found.add(i - before, kept);
                    chars += kept;
                    left -= kept;
                    if (left < MIN_RUN) break;
                }
            }
            if (run >= MIN_RUN && left >= MIN_RUN) { // one reaching the end
                int kept = Math.min(run, left);
                found.add(end - run, kept);
                chars += kept;
            }
        }
        int runs = found.runs;
        boolean textInFirstRun = runs > 0 && found.starts[0] == off && found.lengths[0] >= textLen;
        int runsFrom = textInFirstRun ? 0 : textLen;
        byte[] shown = new byte[runsFrom + chars];
        if (!textInFirstRun) System.arraycopy(buf, off, shown, 0, textLen);
        int[] ends = runs == 0 ? null : new int[runs];
        for (int r = 0, p = runsFrom; r < runs; r++) {
            System.arraycopy(buf, found.starts[r], shown, p, found.lengths[r]);
            p += found.lengths[r];
            ends[r] = p;
        }
        return Payload.laidOut(length, head, objectClass, shown, asciiText, runsFrom, ends);
    }

    /** Whether {@code buf[from, to)} holds a CR or LF (what ends a run in printable ASCII text), a word at a time. */
    static boolean hasLineBreak(byte[] buf, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) WORDS.get(buf, i);
            if ((zeroByte(w ^ 0x0A0A0A0A0A0A0A0AL) | zeroByte(w ^ 0x0D0D0D0D0D0D0D0DL)) != 0) return true;
        }
        for (; i < to; i++) if (buf[i] == '\n' || buf[i] == '\r') return true;
        return false;
    }

    /**
     * Whether {@code buf[off, off+len)} is all printable ASCII, tab, CR and LF included (what a payload's text may
     * hold): checked eight bytes at a time, a word with a control character byte by byte.
     */
    public static boolean isPrintableAscii(byte[] buf, int off, int len) {
        return printableAscii(buf, off, len) != NOT_PRINTABLE;
    }

    /** {@link #printableAscii}: not all printable ASCII. */
    public static final int NOT_PRINTABLE = -1;
    /** {@link #printableAscii}: printable ASCII without tab, CR or LF, so one run from start to end. */
    public static final int NO_CONTROLS = 0;
    /** {@link #printableAscii}: printable ASCII with a tab, CR or LF. */
    public static final int SOME_CONTROLS = 1;

    /** {@link #isPrintableAscii}, telling too whether a tab, CR or LF is there (a line break ends a run). */
    public static int printableAscii(byte[] buf, int off, int len) {
        int i = off, end = off + len;
        boolean controls = false;
        for (; i + 8 <= end; i += 8) {
            long w = (long) WORDS.get(buf, i);
            // One test for non-ASCII, DEL and control characters: a byte with its high bit set is non-ASCII; with
            // the high bits clear, a subtraction sets a byte's high bit exactly when it is below what is subtracted
            // (or a lower byte borrowed, which only happens above a byte that is flagged anyway). A word flagged
            // with none of the first two holds a control character: looked at byte by byte.
            if (((w | (w - 0x2020202020202020L) | ((w ^ 0x7F7F7F7F7F7F7F7FL) - 0x0101010101010101L)) & HIGH_BITS)
                    != 0) {
                if (!textBytes(buf, i, i + 8)) return NOT_PRINTABLE;
                controls = true;
            }
        }
        for (int k = i; k < end; k++) if (buf[k] >= 0 && buf[k] < 0x20) controls = true;
        if (!textBytes(buf, i, end)) return NOT_PRINTABLE;
        return controls ? SOME_CONTROLS : NO_CONTROLS;
    }

    private static boolean textBytes(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            byte b = buf[i];
            if (!printable(b) && b != '\n' && b != '\r') return false;
        }
        return true;
    }

    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;

    /** Nonzero when a byte of {@code w} is zero. */
    private static long zeroByte(long w) {
        return (w - 0x0101010101010101L) & ~w & HIGH_BITS;
    }

    static boolean printable(byte b) {
        return b >= 0x20 && b < 0x7F || b == '\t';
    }
}
