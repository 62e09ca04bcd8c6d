package org.jgwire.output;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Observation;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;

/**
 * One short line per record, the default text of {@code jgwire decode}, read as {@code tshark -r} is:
 * {@code #19 07:08:50.540962 A → <all> GMS DELTA_VIEW [A|2] (3) +C, NAKACK2 MSG seq=2 61B}, or
 * {@code #24 07:08:50.668239 B → <all> NAKACK2 MSG seq=1 15B "chat B#1 to all"}: frame, time, sender and destination
 * by name, the headers in a few words ({@link HeaderSummary}), the payload's length and its text when it is text.
 * Records without a sender (errors, gossip, TCP ends) name the frame's endpoints instead. Every field of every header
 * is {@link TextWriter}'s ({@code --verbose}).
 */
public final class SummaryWriter implements RecordWriter {
    /** Lines are kept about this wide: a payload's text is cut to what is left of it. */
    static final int WIDTH = 120;
    /** A payload's text keeps at least this many characters however long the line is already. */
    static final int MIN_TEXT = 24;

    private final Writer out;
    private final Display display;
    private final HeaderSummary headers;
    private final StringBuilder line = new StringBuilder(160);
    private final AsciiChars ascii = new AsciiChars();
    private final TimeFormat timeFormat;
    private final LongSupplier originNanos;

    public SummaryWriter(OutputStream out, Names names) {
        this(out, names, TimeFormat.TIME, () -> -1);
    }

    /**
     * @param originNanos the capture time {@link TimeFormat#RELATIVE} counts from (the first record's), -1 before
     *                    it is known (then the record's own)
     */
    public SummaryWriter(OutputStream out, Names names, TimeFormat timeFormat, LongSupplier originNanos) {
        this.out = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        this.display = new Display(names);
        this.headers = new HeaderSummary(display);
        this.timeFormat = timeFormat;
        this.originNanos = originNanos;
    }

    @Override
    public void write(Record r) {
        line.setLength(0);
        FrameInfo f = r.frame();
        List<Observation> seen = r instanceof MessageRecord m ? m.observations() : List.of();
        line.append('#').append(f.packet()).append(' ');
        if (f.tsNanos() >= 0) {
            long origin = timeFormat == TimeFormat.RELATIVE ? originNanos.getAsLong() : -1;
            timeFormat
                    .append(line, f.tsNanos(), origin >= 0 ? origin : f.tsNanos())
                    .append(' ');
        }
        if (r instanceof MessageRecord m) {
            if (m.isSignal()) signal(m);
            else message(m);
            if (!seen.isEmpty()) observations(seen);
        } else {
            endpoints(f);
            if (r instanceof ErrorRecord e)
                line.append("ERROR ")
                        .append(e.problem().jsonName())
                        .append(e.offset() >= 0 ? " @" + e.offset() : "")
                        .append(": ")
                        .append(e.message());
            else if (r instanceof GossipRecord g) gossip(g);
            else if (r instanceof StreamEndRecord end)
                line.append("connection ended: ").append(end.how().text());
            else if (r instanceof BounceRecord b)
                line.append("bounced: ICMP ")
                        .append(b.reason())
                        .append(" from ")
                        .append(b.reporter());
        }
        line.append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Where a message of merged captures was seen (its frame number counts the merged messages), each sighting after
     * the first with its delay: {@code  [A.pcapng#44, B.pcapng#7 +0.027 ms, C.pcapng#5 +0.031 ms]}.
     */
    private void observations(List<Observation> seen) {
        long first = seen.get(0).tsNanos();
        line.append(" [");
        for (int i = 0; i < seen.size(); i++) {
            Observation o = seen.get(i);
            if (i > 0) line.append(", ");
            line.append(o.capture()).append('#').append(o.packet());
            if (i > 0) line.append(String.format(Locale.ROOT, " %+.3f ms", (o.tsNanos() - first) / 1e6));
        }
        line.append(']');
    }

    /** {@code 127.0.0.1:7800 → 127.0.0.1:7801 } when the frame names them. */
    private void endpoints(FrameInfo f) {
        if (f.src() != null || f.dst() != null)
            line.append(f.src()).append(" \u2192 ").append(f.dst()).append(' ');
    }

    private void message(MessageRecord m) {
        line.append(m.src() != null ? display.address(m.src()) : "?")
                .append(" \u2192 ")
                .append(m.dest() != null ? display.address(m.dest()) : "<all>")
                .append(' ');
        if (headers.append(line, m)) line.append(' ');
        if (m.isReassembled())
            line.append("(").append(m.reassembledFrom().size()).append(" fragments) ");
        // what the stack did on the way up is --verbose's, but for a payload left encrypted: it is not the message's
        for (String step : m.transformed())
            if (step.contains(", not decrypted")) {
                line.append("(not decrypted) ");
                break;
            }
        payload(m.payload());
    }

    /** FD_SOCK's signals: the members whose server sockets the stream reached, where known, else the sockets. */
    private void signal(MessageRecord m) {
        if (m.isAbnormalTermination()) {
            String member = display.address(m.src());
            line.append(member)
                    .append(' ')
                    .append(m.type())
                    .append(": FD_SOCK server socket closed without a signal, its pinger will suspect ")
                    .append(member);
            return;
        }
        if (m.src() == null && m.dest() == null) endpoints(m.frame());
        else
            line.append(name(m.src())).append(" \u2192 ").append(name(m.dest())).append(' ');
        line.append(m.type());
    }

    private String name(NodeAddress a) {
        return a != null ? display.address(a) : "?";
    }

    /** Length; then the text, quoted and cut to the line's width, or an object payload's class; never binary. */
    private void payload(Payload p) {
        line.append(p.length()).append('B');
        int room = Math.max(MIN_TEXT, WIDTH - line.length() - 3);
        if (p.hasAsciiText()) {
            line.append(" \"");
            quoted(ascii.of(p.asciiBytes(), 0, p.asciiTextLength()), room);
            line.append('"');
            return;
        }
        String text = p.text(); // of an object payload: a primitive's value (a String's), its class then says no more
        if (text != null) {
            line.append(" \"");
            quoted(text, room);
            line.append('"');
        } else if (p.objectClass() != null) { // its simple name: MethodCall, MutableDigest
            String c = p.objectClass();
            line.append(' ').append(c, c.lastIndexOf('.') + 1, c.length());
        }
    }

    /**
     * {@code text} as one line: backslash, quote and control characters escaped as in JSON, cut after {@code room}
     * characters with {@code ...}.
     */
    private void quoted(CharSequence text, int room) {
        int n = text.length(), end = n <= room ? n : Math.max(1, room - 3);
        int clean = 0;
        while (clean < end && plain(text.charAt(clean))) clean++;
        line.append(text, 0, clean);
        for (int i = clean; i < end; i++) {
            char c = text.charAt(i);
            if (plain(c)) line.append(c);
            else if (c == '\n') line.append("\\n");
            else if (c == '\r') line.append("\\r");
            else if (c == '\t') line.append("\\t");
            else if (c == '"' || c == '\\') line.append('\\').append(c);
            else line.append(String.format("\\u%04x", (int) c));
        }
        if (end < n) line.append("...");
    }

    private static boolean plain(char c) {
        return c >= ' ' && c != '"' && c != '\\' && c != 0x7f && (c < 0x80 || c > 0x9f);
    }

    /** GossipRouter traffic: type, group and member by name (the name=UUID pairs it carries are --verbose's). */
    private void gossip(GossipRecord g) {
        line.append("GOSSIP ").append(g.type());
        if (g.group() != null) line.append(" group=").append(g.group());
        if (g.address() != null) line.append(' ').append(display.address(g.address()));
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
