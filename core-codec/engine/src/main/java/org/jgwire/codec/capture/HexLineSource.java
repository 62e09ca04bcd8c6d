package org.jgwire.codec.capture;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.ProblemKind;

/**
 * Hex text, one payload per line, as {@code tshark -T fields -e udp.payload} (or {@code -e data},
 * {@code -e tcp.payload}) prints it and as ParseMessages reads it: each line is one datagram, or with {@code tcp}
 * the next bytes of stream 0.
 *
 * <p>A line may hold several fields separated by tabs or commas ({@code -E separator=,}, quoted or not), for example
 * {@code -e frame.number -e frame.time_epoch -e udp.payload}. The hex column is the longest field that is hex and
 * either clearly so (it has a letter a-f, a ':' or more than ten digits, unlike a frame number or a port) or the
 * last field (a MAC address, {@code 00:00:00:00:00:00}, is never taken); once found clearly, it is kept for
 * every line with the same number of fields, so that an empty payload there skips the line and a short one is
 * still read. A field like {@code 1700000000.123456789} (9 to 11 digits before the point) is taken as the
 * {@code frame.time_epoch}. A line without hex is skipped; a line whose hex column is not hex is reported through
 * {@link #drainProblems()} and skipped.
 */
public final class HexLineSource implements CaptureSource, SkipsBadLines {
    private final ReadableByteChannel channel;
    private final LineInput lines;
    private final int stream;
    private final int maxLine;
    private final Problems problems;
    private final int[] fieldStart;
    private final int[] fieldEnd;
    /** The layout found in the first line with a clear hex column: its field count and columns. */
    private int layoutFields = -1;

    private int hexColumn = -1;
    private int timeColumn = -1;

    /**
     * @param in  the text
     * @param tcp the lines are consecutive bytes of one TCP stream (stream 0), not one datagram each
     */
    public HexLineSource(ReadableByteChannel in, boolean tcp) {
        this(in, tcp, Limits.DEFAULTS);
    }

    /** As {@link #HexLineSource(ReadableByteChannel, boolean)}, lines and bad lines bounded by {@code limits}. */
    public HexLineSource(ReadableByteChannel in, boolean tcp, Limits limits) {
        this.channel = in;
        this.maxLine = limits.maxTextLine();
        this.lines = new LineInput(in, maxLine);
        this.stream = tcp ? 0 : -1;
        this.problems = new Problems(limits.maxPendingBadLines());
        this.fieldStart = new int[limits.maxHexFields()];
        this.fieldEnd = new int[limits.maxHexFields()];
    }

    @Override
    public Captured next() throws IOException {
        LineInput in = lines;
        while (in.next()) {
            if (in.tooLong) {
                problems.add(
                        in.number,
                        ProblemKind.LIMIT,
                        -1,
                        "line " + in.number + " is " + in.length + " characters long, more than the maximum (" + maxLine
                                + "); skipped");
                continue;
            }
            PayloadChunk chunk = parse(in.buf, in.start, in.end);
            if (chunk != null) return chunk;
        }
        return null;
    }

    private PayloadChunk parse(byte[] b, int s, int e) {
        int n = split(b, s, e);
        if (n == 1) {
            int fs = fieldStart[0], fe = fieldEnd[0];
            if (fs == fe || b[fs] == '#') return null; // blank line, or a comment
            return chunk(b, fs, fe, -1);
        }
        if (n == layoutFields) {
            if (fieldStart[hexColumn] == fieldEnd[hexColumn]) return null;
            return chunk(b, fieldStart[hexColumn], fieldEnd[hexColumn], timeColumn);
        }
        int col = findHexColumn(b, n);
        return col < 0 ? null : chunk(b, fieldStart[col], fieldEnd[col], findTimeColumn(b, n));
    }

    /** Fields at tabs and commas, trimmed of spaces and one pair of quotes; returns their number. */
    private int split(byte[] b, int s, int e) {
        int n = 0;
        int fs = s;
        for (int i = s; i <= e; i++) {
            if (i == e || b[i] == '\t' || b[i] == ',') {
                if (n == fieldStart.length) { // more fields than any tshark command line has: the rest is one field
                    fieldEnd[n - 1] = trimEnd(b, fieldStart[n - 1], e);
                    break;
                }
                int a = fs, z = i;
                while (a < z && b[a] == ' ') a++;
                while (z > a && b[z - 1] == ' ') z--;
                if (z - a >= 2 && (b[a] == '"' || b[a] == '\'') && b[z - 1] == b[a]) {
                    a++;
                    z--;
                }
                fieldStart[n] = a;
                fieldEnd[n] = z;
                n++;
                fs = i + 1;
            }
        }
        return n;
    }

    private static int trimEnd(byte[] b, int a, int z) {
        while (z > a && b[z - 1] == ' ') z--;
        return z;
    }

    /**
     * The longest field that is hex and either clearly so (see {@link #clearlyHex}) or the last field; the last
     * one on a tie; -1 if none. The layout is kept only when the field is clearly hex. With no hex field, a
     * malformed field that looks like hex is reported.
     */
    private int findHexColumn(byte[] b, int n) {
        int best = -1, bestBytes = 0;
        boolean bestClear = false;
        for (int f = 0; f < n; f++) {
            int fs = fieldStart[f], fe = fieldEnd[f];
            int bytes = HexText.count(b, fs, fe);
            if (bytes <= 0 || bytes < bestBytes || bytes == 6 && fe - fs == 17) continue; // eth.src, not a payload
            boolean clear = clearlyHex(b, fs, fe);
            if (clear || f == n - 1) {
                best = f;
                bestBytes = bytes;
                bestClear = clear;
            }
        }
        if (best >= 0) {
            if (bestClear && layoutFields < 0) {
                layoutFields = n;
                hexColumn = best;
                timeColumn = findTimeColumn(b, n);
            }
            return best;
        }
        for (int f = 0; f < n; f++) {
            if (fieldEnd[f] - fieldStart[f] > 10 && clearlyHex(b, fieldStart[f], fieldEnd[f])) {
                chunk(b, fieldStart[f], fieldEnd[f], -1); // reports why it is not hex
                break;
            }
        }
        return -1;
    }

    /** Has a letter a-f, a ':' or more than ten digits, and otherwise only hex digits and separators. */
    private static boolean clearlyHex(byte[] b, int s, int e) {
        boolean letterOrColon = false;
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (c == ':' || (c | 0x20) >= 'a' && (c | 0x20) <= 'f') letterOrColon = true;
            else if (!HexText.isDigit(c) && c != ' ') return false;
        }
        return letterOrColon || e - s > 10;
    }

    private int findTimeColumn(byte[] b, int n) {
        for (int f = 0; f < n; f++) {
            if (EpochTime.parse(b, fieldStart[f], fieldEnd[f]) >= 0) return f;
        }
        return -1;
    }

    private PayloadChunk chunk(byte[] b, int s, int e, int timeCol) {
        long line = lines.number;
        int count = HexText.count(b, s, e);
        if (count < 0) {
            reportNotHex(b, s, e, count, line);
            return null;
        }
        byte[] data = new byte[count];
        HexText.decode(b, s, e, data);
        long ts = timeCol < 0 ? -1 : EpochTime.parse(b, fieldStart[timeCol], fieldEnd[timeCol]);
        return new PayloadChunk(line, ts, stream, data);
    }

    private void reportNotHex(byte[] b, int s, int e, int count, long line) {
        String text = HexText.excerpt(b, s, e, 40);
        if (count == HexText.ODD) {
            int digits = 0;
            for (int i = s; i < e; i++) if (HexText.isDigit(b[i])) digits++;
            problems.add(
                    line,
                    ProblemKind.MALFORMED,
                    lines.offsetOf(s),
                    "line " + line + ": odd number of hex digits (" + digits + ") in '" + text + "'; skipped");
        } else {
            int at = -(count + 2);
            problems.add(
                    line,
                    ProblemKind.MALFORMED,
                    lines.offsetOf(at),
                    "line " + line + ": not hex at column "
                            + (at - lines.start + 1) + " ('" + HexText.excerpt(b, at, at + 1, 1) + "') in '" + text
                            + "'; skipped");
        }
    }

    /** tshark prints the payload of every datagram its filter lets through, JGroups or not. */
    @Override
    public boolean mayHoldOtherTraffic() {
        return stream < 0;
    }

    @Override
    public List<ErrorRecord> drainProblems() {
        return problems.drain();
    }

    @Override
    public long badLines() {
        return problems.total();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    @Override
    public String toString() {
        return stream < 0 ? "hex lines (one datagram each)" : "hex lines (one TCP stream)";
    }
}
