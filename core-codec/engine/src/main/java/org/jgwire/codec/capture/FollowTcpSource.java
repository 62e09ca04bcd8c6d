package org.jgwire.codec.capture;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.ProblemKind;

/**
 * The output of {@code tshark -qz follow,tcp,raw,N}: a block opened by a line of '=', with a header
 * ({@code Follow: tcp,raw}, {@code Filter: ...}, {@code Node 0: ip:port}, {@code Node 1: ip:port}), then one hex line
 * per segment, those sent by node 1 indented with a tab, closed by another line of '='.
 *
 * <p>Node 0's bytes are stream 0 and node 1's stream 1. Several {@code -z follow} options print several blocks, one
 * after the other: block {@code k} gives streams {@code 2k} and {@code 2k+1}. {@code follow,udp,raw} is read too,
 * each line then being one datagram (stream -1). A bad hex line is reported through {@link #drainProblems()} and
 * skipped; a follow mode other than {@code raw} (hex, ascii, yaml...) cannot be read and fails.
 */
public final class FollowTcpSource implements CaptureSource, SkipsBadLines {
    private enum State {
        OUTSIDE,
        HEADER,
        DATA
    }

    private final ReadableByteChannel channel;
    private final LineInput lines;
    private final Problems problems;
    private final int maxLine;
    /** Node 0 and 1 of each block read so far. */
    private final List<Endpoint[]> nodes = new ArrayList<>();

    private State state = State.OUTSIDE;
    private boolean udp;

    public FollowTcpSource(ReadableByteChannel in) {
        this(in, Limits.DEFAULTS);
    }

    /** As {@link #FollowTcpSource(ReadableByteChannel)}, lines and bad lines bounded by {@code limits}. */
    public FollowTcpSource(ReadableByteChannel in, Limits limits) {
        this.channel = in;
        this.maxLine = limits.maxTextLine();
        this.lines = new LineInput(in, maxLine);
        this.problems = new Problems(limits.maxPendingBadLines());
    }

    /**
     * {@code Node 0} for stream 0, {@code Node 1} for 1, and so on for later blocks; null when its header has not been
     * read yet or named no endpoint.
     */
    @Override
    public Endpoint sender(int stream) {
        int block = stream >> 1;
        return stream < 0 || block >= nodes.size() ? null : nodes.get(block)[stream & 1];
    }

    /** The other node of the same block (streams {@code 2k} and {@code 2k+1} are the two sides of one connection). */
    @Override
    public Endpoint receiver(int stream) {
        return stream < 0 ? null : sender(stream ^ 1);
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
            byte[] b = in.buf;
            int s = in.start, e = in.end;
            if (startsWith(b, s, e, "===")) {
                if (state == State.OUTSIDE) {
                    state = State.HEADER;
                    nodes.add(new Endpoint[2]);
                    udp = false;
                } else {
                    state = State.OUTSIDE;
                }
                continue;
            }
            if (state == State.HEADER && header(b, s, e)) continue;
            if (state == State.HEADER) state = State.DATA;
            if (state == State.OUTSIDE) {
                if (!blank(b, s, e)) {
                    problems.add(
                            in.number,
                            ProblemKind.MALFORMED,
                            in.offsetOf(s),
                            "line " + in.number + " is outside a follow block: '" + HexText.excerpt(b, s, e, 40)
                                    + "'; skipped");
                }
                continue;
            }
            int side = 0;
            if (s < e && b[s] == '\t') {
                side = 1;
                s++;
            }
            if (blank(b, s, e)) continue;
            int count = HexText.count(b, s, e);
            if (count < 0) {
                problems.add(
                        in.number,
                        ProblemKind.MALFORMED,
                        in.offsetOf(s),
                        "line " + in.number + ": "
                                + (count == HexText.ODD ? "odd number of hex digits" : "not hex") + " in '"
                                + HexText.excerpt(b, s, e, 40) + "'; skipped");
                continue;
            }
            byte[] data = new byte[count];
            HexText.decode(b, s, e, data);
            int stream = udp ? -1 : ((nodes.size() - 1) << 1) + side;
            return new PayloadChunk(in.number, -1, stream, data);
        }
        return null;
    }

    /** Reads a header line; false when the line is not one (the data starts). */
    private boolean header(byte[] b, int s, int e) throws CaptureFormatException {
        if (startsWith(b, s, e, "Follow:")) {
            String mode = text(b, s + 7, e).trim();
            int comma = mode.indexOf(',');
            String proto = comma < 0 ? mode : mode.substring(0, comma);
            String format = comma < 0 ? "" : mode.substring(comma + 1);
            if (!format.equals("raw") || !(proto.equals("tcp") || proto.equals("udp"))) {
                throw new CaptureFormatException(
                        "line " + lines.number + ": cannot read 'follow," + mode
                                + "' output; run tshark with -z follow,tcp,raw,<stream>",
                        lines.offsetOf(s));
            }
            udp = proto.equals("udp");
            return true;
        }
        if (startsWith(b, s, e, "Filter:")) return true;
        if (startsWith(b, s, e, "Node 0:") || startsWith(b, s, e, "Node 1:")) {
            nodes.get(nodes.size() - 1)[b[s + 5] - '0'] =
                    parseEndpoint(text(b, s + 7, e).trim());
            return true;
        }
        return indexOf(b, s, e, ':') >= 0; // a header line of a later tshark; hex lines have no ':'
    }

    private static int indexOf(byte[] b, int s, int e, char c) {
        for (int i = s; i < e; i++) {
            if (b[i] == c) return i;
        }
        return -1;
    }

    /** {@code 127.0.0.1:7800}, {@code [::1]:7800} or {@code ::1:7800}. */
    static Endpoint parseEndpoint(String text) {
        int colon = text.lastIndexOf(':');
        if (colon < 0) return text.isEmpty() ? null : new Endpoint(text, -1);
        String ip = text.substring(0, colon);
        if (ip.startsWith("[") && ip.endsWith("]")) ip = ip.substring(1, ip.length() - 1);
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException ex) {
            return new Endpoint(text, -1);
        }
        return new Endpoint(ip.isEmpty() ? null : ip, port);
    }

    private static boolean startsWith(byte[] b, int s, int e, String prefix) {
        if (e - s < prefix.length()) return false;
        for (int i = 0; i < prefix.length(); i++) {
            if (b[s + i] != prefix.charAt(i)) return false;
        }
        return true;
    }

    private static boolean blank(byte[] b, int s, int e) {
        for (int i = s; i < e; i++) {
            if (b[i] != ' ' && b[i] != '\t') return false;
        }
        return true;
    }

    private static String text(byte[] b, int s, int e) {
        return new String(b, s, e - s, StandardCharsets.ISO_8859_1);
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
        Endpoint a = sender(0), b = sender(1);
        return "follow," + (udp ? "udp" : "tcp") + ",raw" + (a == null ? "" : " " + a + " <-> " + b);
    }
}
