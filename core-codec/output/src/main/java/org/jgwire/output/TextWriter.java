package org.jgwire.output;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongSupplier;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.ViewInfo;

/**
 * One line per record for people:
 * {@code #12 04:06:35.123456 udp 127.0.0.1:7800>228.8.8.8:45588 5.5.7 A -> <all> BYTES [OOB] NAKACK2{MSG seqno=5}
 * TP{cluster=c} 12B "hello" view A|3 [A, B, C]}.
 */
public final class TextWriter implements RecordWriter {
    private final Writer out;
    private final Display display;
    private final StringBuilder line = new StringBuilder(256);
    private final AsciiChars ascii = new AsciiChars();

    private final TimeFormat timeFormat;
    private final LongSupplier originNanos;

    public TextWriter(OutputStream out, Names names) {
        this(out, names, TimeFormat.TIME, () -> -1);
    }

    /**
     * @param originNanos the capture time {@link TimeFormat#RELATIVE} counts from (the first record's), -1 before
     *                    it is known (then the record's own)
     */
    public TextWriter(OutputStream out, Names names, TimeFormat timeFormat, LongSupplier originNanos) {
        this.out = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        this.display = new Display(names);
        this.timeFormat = timeFormat;
        this.originNanos = originNanos;
    }

    @Override
    public void write(Record r) {
        line.setLength(0);
        frame(r.frame());
        if (r instanceof MessageRecord m) message(m);
        else if (r instanceof ErrorRecord e)
            line.append("ERROR ")
                    .append(e.problem().jsonName())
                    .append(e.offset() >= 0 ? " @" + e.offset() : "")
                    .append(": ")
                    .append(e.message());
        else if (r instanceof GossipRecord g) gossip(g);
        else if (r instanceof StreamEndRecord end)
            line.append("connection ended: ").append(end.how().text());
        else if (r instanceof BounceRecord b)
            line.append("BOUNCED by ")
                    .append(b.reporter())
                    .append(": ICMP ")
                    .append(b.reason())
                    .append(" (type ")
                    .append(b.icmpType())
                    .append(" code ")
                    .append(b.code())
                    .append("), a copy of a datagram sent before: not decoded");
        line.append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void frame(FrameInfo f) {
        line.append('#').append(f.packet()).append(' ');
        if (f.tsNanos() >= 0) {
            long origin = timeFormat == TimeFormat.RELATIVE ? originNanos.getAsLong() : -1;
            timeFormat
                    .append(line, f.tsNanos(), origin >= 0 ? origin : f.tsNanos())
                    .append(' ');
        }
        line.append(f.transport().jsonName()).append(' ');
        if (f.src() != null || f.dst() != null)
            line.append(f.src()).append('>').append(f.dst()).append(' ');
    }

    private void message(MessageRecord m) {
        if (m.isSignal()) { // a signal (FD_SOCK's NORMAL_TERMINATION): the frame's sockets say who sent it
            line.append(m.type());
            if (m.isAbnormalTermination()) {
                String member = display.address(m.src());
                line.append(" of ")
                        .append(member)
                        .append(": connection to its FD_SOCK server socket closed without a signal, ")
                        .append("its pinger will suspect ")
                        .append(member);
            } else { // the members whose FD_SOCK server sockets it left or reached, where they were announced
                if (m.src() != null)
                    line.append(" from ").append(display.address(m.src())).append(", which leaves");
                if (m.dest() != null)
                    line.append(" to ").append(display.address(m.dest())).append(", no longer pinged by this socket");
            }
            return;
        }
        if (m.version() != null) line.append(m.version()).append(' ');
        else line.append("? "); // an MPING datagram: the wire says no version (decoded with m.decodedWith())
        line.append(m.src() != null ? display.address(m.src()) : "?")
                .append(" -> ")
                .append(m.dest() != null ? display.address(m.dest()) : "<all>")
                .append(' ');
        line.append(m.type());
        if (!m.flagNames().isEmpty()) line.append(' ').append(m.flagNames());
        if (m.batchIndex() >= 0)
            line.append(" (")
                    .append(m.batchIndex() + 1)
                    .append('/')
                    .append(m.batchSize())
                    .append(')');
        for (HeaderRecord h : m.headers()) header(h);
        payload(m.payload());
        if (m.view() != null) view(m.view());
        if (m.isReassembled())
            line.append(" [reassembled from ")
                    .append(m.reassembledFrom().size())
                    .append(" fragments]");
        if (!m.transformed().isEmpty())
            line.append(" [").append(String.join("; ", m.transformed())).append(']');
    }

    /** A binary payload's printable runs in brief: the first three, each cut at 24 characters, and how many more. */
    private void strings(List<String> strings) {
        int shown = Math.min(strings.size(), 3);
        for (int i = 0; i < shown; i++) {
            String s = strings.get(i);
            line.append(" \"")
                    .append(s.length() <= 24 ? s : s.substring(0, 24) + "...")
                    .append('"');
        }
        if (strings.size() > shown)
            line.append(" (+").append(strings.size() - shown).append(" strings)");
    }

    /** Length, then text, or class and object, or printable runs; ASCII bytes are appended without a String. */
    private void payload(Payload p) {
        line.append(' ').append(p.length()).append('B');
        if (p.hasAsciiText()) {
            line.append(" \"")
                    .append(ascii.of(p.asciiBytes(), 0, p.asciiTextLength()))
                    .append('"');
            return;
        }
        if (p.text() != null) line.append(" \"").append(p.text()).append('"');
        else if (p.objectClass() != null) {
            line.append(' ').append(p.objectClass());
            if (p.object() != null) line.append(" \"").append(p.object()).append('"');
        }
        if (p.hasAsciiRuns()) asciiRuns(p); // text is null
        else if (p.text() == null) strings(p.strings());
    }

    /** {@link #strings} from the payload's bytes. */
    private void asciiRuns(Payload p) {
        int n = p.asciiRuns(), shown = Math.min(n, 3);
        for (int i = 0; i < shown; i++) {
            int from = p.runStart(i), to = p.runEnd(i);
            line.append(" \"").append(ascii.of(p.asciiBytes(), from, Math.min(to, from + 24)));
            line.append(to - from <= 24 ? "\"" : "...\"");
        }
        if (n > shown) line.append(" (+").append(n - shown).append(" strings)");
    }

    private void header(HeaderRecord h) {
        line.append(' ').append(h.protocol()).append('{');
        boolean first = true;
        Object type = h.field("type");
        if (type != null) {
            value(type);
            first = false;
        }
        for (HeaderField f : h.fields()) {
            if (f.value() == null || f.name().equals("type")) continue;
            if (!first) line.append(' ');
            line.append(f.name()).append('=');
            value(f.value());
            first = false;
        }
        line.append('}');
    }

    private void value(Object v) {
        if (v instanceof NodeAddress a) line.append(display.address(a));
        else if (v instanceof List<?> list) {
            line.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) line.append(", ");
                value(list.get(i));
            }
            line.append(']');
        } else line.append(v);
    }

    private void view(ViewInfo v) {
        line.append(" view ").append(display.viewId(v)).append(' ').append(display.members(v.members()));
        if (v.isDelta())
            line.append(" (delta: left ")
                    .append(display.members(v.left()))
                    .append(", joined ")
                    .append(display.members(v.joined()))
                    .append(v.unresolved() ? ", unresolved: base view " + v.refId() + " not seen)" : ")");
    }

    private void gossip(GossipRecord g) {
        line.append("GOSSIP ").append(g.type());
        if (g.group() != null) line.append(" group=").append(g.group());
        if (g.address() != null) line.append(' ').append(display.address(g.address()));
        g.discovery().forEach(d -> line.append(' ')
                .append(d.logicalName())
                .append('=')
                .append(d.address() != null ? d.address().id() : "?"));
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
