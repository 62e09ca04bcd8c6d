package org.jgwire.codec.model;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A message's payload, never deserialized.
 *
 * <p>Text and printable runs read from plain ASCII bytes are kept as those bytes ({@link #asciiText},
 * {@link #asciiRuns}), in one array, so that a writer copies them to its output without a {@code String} in
 * between; {@link #text()} and {@link #strings()} make the strings only when someone asks (a filter, the viewer).
 * Shown as a record of the components below (equality and {@code toString} included).
 *
 * <p>Components: {@code length}, payload length in bytes (for an object payload: the bytes of its serialized
 * form); {@code text}, the payload as text when all of it is printable UTF-8 (for an object payload: a primitive's
 * value), else null; {@code head}, the first bytes of the payload (at most {@code Limits.payloadHeadBytes});
 * {@code objectClass}, for an ObjectMessage or a SERIALIZED payload the class name when the wire names it, else
 * null; {@code strings}, when {@code text} is null or cut, the printable runs of the whole payload
 * ({@link PrintableRuns}, bounded by {@code Limits.payloadStringChars}), else empty; {@code object}, for an object
 * payload of a JGroups type read by its own {@code readFrom}, its {@code toString()} (cut at
 * {@code Limits.payloadTextChars}), else null.
 */
public final class Payload {
    public static final Payload EMPTY = new Payload(0, null, new byte[0], null);

    private final int length;
    private final byte[] head;
    private final String objectClass;
    private final String object;

    /** ASCII text and runs: {@code shown[0, textEnd)} is the text (none when -1), runs follow at runsFrom. */
    private final byte[] shown;

    private final int textEnd;
    private final int runsFrom;
    /** Where each run ends in {@link #shown}: run i is {@code [i == 0 ? runsFrom : runEnds[i-1], runEnds[i])}. */
    private final int[] runEnds;

    /** Made on demand from {@link #shown}, or given. Racy but benign: every thread makes equal values. */
    private String text;

    private List<String> strings;

    public Payload(int length, String text, byte[] head, String objectClass, List<String> strings, String object) {
        this(length, head, objectClass, object, null, -1, 0, null);
        this.text = text;
        this.strings = List.copyOf(strings);
    }

    /** A payload without printable runs: text, an empty one, or one whose bytes are not in hand. */
    public Payload(int length, String text, byte[] head, String objectClass) {
        this(length, text, head, objectClass, List.of(), null);
    }

    private Payload(
            int length,
            byte[] head,
            String objectClass,
            String object,
            byte[] shown,
            int textEnd,
            int runsFrom,
            int[] runEnds) {
        this.length = length;
        this.head = head;
        this.objectClass = objectClass;
        this.object = object;
        this.shown = shown;
        this.textEnd = textEnd;
        this.runsFrom = runsFrom;
        this.runEnds = runEnds;
    }

    /**
     * A payload read from {@code buf[off, off+len)}: its printable runs are found there unless {@code text} is all
     * of it.
     */
    public static Payload of(
            int length, String text, byte[] head, String objectClass, byte[] buf, int off, int len, int maxChars) {
        return new Payload(
                length,
                text,
                head,
                objectClass,
                text != null && text.length() == len ? List.of() : PrintableRuns.of(buf, off, len, maxChars),
                null);
    }

    /**
     * A payload read from {@code buf[off, off+len)}, all of it printable ASCII (tab, CR and LF included: the caller
     * checked), whose text is its first {@code textLen} bytes (-1: none, too long); its printable runs are found
     * there unless that text is all of it. One array of the shown bytes is all that is made.
     */
    public static Payload ofPrintableAscii(
            int length, int textLen, byte[] head, String objectClass, byte[] buf, int off, int len, int maxChars) {
        return ofPrintableAscii(length, textLen, head, objectClass, buf, off, len, maxChars, true);
    }

    /**
     * {@link #ofPrintableAscii}, told by {@link PrintableRuns#printableAscii} whether the bytes may hold a tab, CR
     * or LF ({@code controls}); without, they are one run and need no second look.
     */
    public static Payload ofPrintableAscii(
            int length,
            int textLen,
            byte[] head,
            String objectClass,
            byte[] buf,
            int off,
            int len,
            int maxChars,
            boolean controls) {
        if (textLen == len) return new Payload(length, head, objectClass, null, copy(buf, off, len), len, 0, null);
        int run = Math.min(len, maxChars);
        if (run < PrintableRuns.MIN_RUN || controls && PrintableRuns.hasLineBreak(buf, off, off + run))
            return PrintableRuns.payload(length, textLen, head, objectClass, buf, off, len, maxChars);
        // no CR or LF where the budget reaches: one run, the payload's start, with the text inside it
        return new Payload(
                length, head, objectClass, null, copy(buf, off, Math.max(run, textLen)), textLen, 0, new int[] {run});
    }

    /**
     * A payload read from {@code buf[off, off+len)} that is not text (binary): its printable runs, kept as bytes.
     */
    public static Payload ofBinary(
            int length, byte[] head, String objectClass, byte[] buf, int off, int len, int maxChars) {
        return PrintableRuns.payload(length, -1, head, objectClass, buf, off, len, maxChars);
    }

    /** For {@link PrintableRuns}: the text and the runs, already laid out in {@code shown}. */
    static Payload laidOut(
            int length, byte[] head, String objectClass, byte[] shown, int textEnd, int runsFrom, int[] runEnds) {
        return new Payload(length, head, objectClass, null, shown, textEnd, runsFrom, runEnds);
    }

    private static byte[] copy(byte[] buf, int off, int len) {
        return Arrays.copyOfRange(buf, off, off + len);
    }

    public int length() {
        return length;
    }

    public byte[] head() {
        return head;
    }

    public String objectClass() {
        return objectClass;
    }

    public String object() {
        return object;
    }

    public String text() {
        String t = text;
        if (t == null && textEnd >= 0) text = t = new String(shown, 0, textEnd, StandardCharsets.ISO_8859_1);
        return t;
    }

    public List<String> strings() {
        List<String> s = strings;
        if (s == null) {
            if (runEnds == null) s = List.of();
            else {
                String[] runs = new String[runEnds.length];
                for (int i = 0; i < runs.length; i++)
                    runs[i] = new String(shown, runStart(i), runEnds[i] - runStart(i), StandardCharsets.ISO_8859_1);
                s = List.of(runs);
            }
            strings = s;
        }
        return s;
    }

    // --- the bytes, for writers: printable ASCII (tab, and in the text CR and LF, the only controls) ---

    /** Whether the text is held as ASCII bytes: {@link #asciiText} then returns them. */
    public boolean hasAsciiText() {
        return textEnd >= 0;
    }

    /** The array holding the ASCII text at {@code [0, asciiTextLength())} and the runs. */
    public byte[] asciiBytes() {
        return shown;
    }

    public int asciiTextLength() {
        return textEnd;
    }

    /** Whether the runs are held as ASCII bytes ({@link #runStart}, {@link #runEnd}); else see {@link #strings}. */
    public boolean hasAsciiRuns() {
        return shown != null;
    }

    /** How many runs are held as bytes. */
    public int asciiRuns() {
        return runEnds == null ? 0 : runEnds.length;
    }

    public int runStart(int i) {
        return i == 0 ? runsFrom : runEnds[i - 1];
    }

    public int runEnd(int i) {
        return runEnds[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Payload p
                && length == p.length
                && Objects.equals(text(), p.text())
                && Arrays.equals(head, p.head)
                && Objects.equals(objectClass, p.objectClass)
                && strings().equals(p.strings())
                && Objects.equals(object, p.object);
    }

    @Override
    public int hashCode() {
        return Objects.hash(length, text(), Arrays.hashCode(head), objectClass, strings(), object);
    }

    @Override
    public String toString() {
        return "Payload[length=" + length + ", text=" + text() + ", head=" + Arrays.toString(head) + ", objectClass="
                + objectClass + ", strings=" + strings() + ", object=" + object + "]";
    }
}
