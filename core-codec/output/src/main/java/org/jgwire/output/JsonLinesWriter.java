package org.jgwire.output;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Observation;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;

/**
 * One JSON object per line; the schema is in docs/json-lines.md. Addresses are shown by the logical names learned
 * from the records written so far (and those the table started with); while the writer is in use, the table changes
 * only through it (it keeps the addresses' shown forms until a record teaches a name).
 *
 * <p>This is the hot path of {@code decode --format jsonl}, so the bytes are written straight into a byte array:
 * keys are UTF-8 constants with their punctuation, repeated values come pre-encoded from {@link EncodedStrings},
 * and the part of a line that only depends on its frame is copied from the frame's previous line. The bytes are
 * those the Jackson streaming writer this replaced wrote ({@link JsonText}): strings that need escaping are still
 * written by Jackson.
 *
 * <p>Why not jackson-core's {@code JsonGenerator}, with {@code SerializedString} keys and repeated values: tried,
 * writing the same bytes, it took about twice the CPU (tests/bench/README.md). A generator writes every token again;
 * this writer copies what a frame, a message list or a header body that repeats wrote before ({@link KeptBytes},
 * {@link HeaderKeys}).
 *
 * <p>The mapping of records onto the schema is one method per object of docs/json-lines.md, over a few byte
 * primitives that each make their own room in the buffer.
 */
public final class JsonLinesWriter implements RecordWriter {
    /** Bytes held before they are passed on, when not writing into an {@link OutputBuffer} directly. */
    private static final int FLUSH_AT = 1 << 16;

    private static final byte[] KIND = key("{", "kind"),
            FRAME = key(",", "frame"),
            TS = key(",", "ts"),
            TS_NS = key(",", "ts_ns"),
            TRANSPORT = key(",", "transport"),
            SRC_EP = key(",", "src_ep"),
            DST_EP = key(",", "dst_ep"),
            VERSION = key(",", "version"),
            DECODED_WITH = key(",", "decoded_with"),
            TYPE = key(",", "type"),
            FLAGS = key(",", "flags"),
            FLAG_NAMES = key(",", "flag_names"),
            SRC = key(",", "src"),
            SRC_ADDR = key(",", "src_addr"),
            DEST = key(",", "dest"),
            DEST_ADDR = key(",", "dest_addr"),
            MULTICAST_TRUE = ascii(",\"multicast\":true"),
            MULTICAST_FALSE = ascii(",\"multicast\":false"),
            CLUSTER = key(",", "cluster"),
            BATCH_INDEX = key(",", "batch_index"),
            BATCH_SIZE = key(",", "batch_size"),
            HEADERS = key(",", "headers"),
            OFFSET = key(",", "offset"),
            LENGTH = key(",", "length"),
            PAYLOAD_LENGTH = ascii(",\"payload\":{\"length\":"),
            TEXT = key(",", "text"),
            CLASS = key(",", "class"),
            STRINGS = key(",", "strings"),
            OBJECT = key(",", "object"),
            HEX = key(",", "hex"),
            VIEW_ID = ascii(",\"view\":{\"id\":"),
            VIEW_KIND = key(",", "kind"),
            MEMBERS = key(",", "members"),
            REF_ID = key(",", "ref_id"),
            LEFT = key(",", "left"),
            JOINED = key(",", "joined"),
            UNRESOLVED_TRUE = ascii(",\"unresolved\":true"),
            SUBGROUPS = key(",", "subgroups"),
            NAMES = key(",", "names"),
            ADDR_FIRST = key("{", "addr"),
            NAME = key(",", "name"),
            PHYSICAL = key(",", "physical"),
            COORD_TRUE = ascii(",\"coord\":true"),
            SOURCE = key(",", "source"),
            PROBLEM = key(",", "problem"),
            MESSAGE = key(",", "message"),
            HOW = key(",", "how"),
            REPORTER = key(",", "reporter"),
            ICMP = key(",", "icmp"),
            ICMP_TYPE = key(",", "icmp_type"),
            ICMP_CODE = key(",", "icmp_code"),
            GROUP = key(",", "group"),
            ADDR = key(",", "addr"),
            ADDR_ADDR = key(",", "addr_addr"),
            REASSEMBLED_FROM = key(",", "reassembled_from"),
            TRANSFORMED = key(",", "transformed"),
            OBSERVATIONS = key(",", "observations"),
            OBS_CAPTURE = key("{", "capture"),
            OBS_FRAME = key(",", "frame"),
            OBS_TS_NS = key(",", "ts_ns"),
            OBS_SENT = ascii(",\"direction\":\"sent\"}"),
            OBS_RECEIVED = ascii(",\"direction\":\"received\"}"),
            WIRE_PAYLOAD_LENGTH = ascii(",\"wire_payload\":{\"length\":"),
            NULL = ascii("null"),
            TRUE = ascii("true"),
            FALSE = ascii("false"),
            EMPTY_ARRAY = ascii("[]");
    private static final byte[][] TRANSPORTS = new byte[Transport.values().length][];

    static {
        for (Transport t : Transport.values()) TRANSPORTS[t.ordinal()] = JsonText.quoted(t.jsonName());
    }

    private final OutputBuffer buf;
    /** Where {@link #buf} goes when full, or null when the caller's stream is the buffer itself. */
    private final OutputStream out;

    /** The names shown: the names stage's table, or a copy of it; read, never learnt into. */
    private final NameTable names;
    /** {@link NameTable#changes} when {@link #shown} and the kept key bytes were made. */
    private long namesSeen;

    private final Display display;
    /** Encodings do not depend on the names: kept per thread, across the writers of successive batches. */
    private static final ThreadLocal<EncodedStrings> ENCODED = ThreadLocal.withInitial(EncodedStrings::new);

    private final EncodedStrings encoded = ENCODED.get();
    private final JacksonStrings jackson = new JacksonStrings();
    /** An address's display form, quoted, as of the current names. */
    private final IdentityMemo<NodeAddress, byte[]> shown = new IdentityMemo<>();

    /** Per position in a message's header list: that header's keys as last written (headers repeat by position). */
    private final HeaderKeys[] headerKeys = new HeaderKeys[8];

    /** The field keys of {@link #fieldsJsonBytes} for a header past the eighth. */
    private final HeaderKeys fieldsKeys = new HeaderKeys();

    /** The keys {@code version} to {@code cluster} of the last message (see {@link #samePrefix}). */
    private MessageRecord prefixOf;

    private final KeptBytes prefix = new KeptBytes();

    /** The start of the last line (kind and frame keys), reused while lines come from the same frame. */
    private FrameInfo memoFrame;

    private String memoKind;
    private final KeptBytes memo = new KeptBytes();

    public JsonLinesWriter(OutputStream out, NameTable names) {
        if (out instanceof OutputBuffer direct) {
            this.buf = direct;
            this.out = null;
        } else {
            this.buf = new OutputBuffer(FLUSH_AT + 4096);
            this.out = out;
        }
        this.names = names;
        this.namesSeen = names.changes();
        this.display = new Display(names);
        for (int i = 0; i < headerKeys.length; i++) headerKeys[i] = new HeaderKeys();
    }

    static byte[] key(String before, String name) {
        return ascii(before + "\"" + name + "\":");
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void write(Record r) {
        noticeNames();
        start(r);
        if (r instanceof MessageRecord m) message(m);
        else if (r instanceof ErrorRecord e) error(e);
        else if (r instanceof GossipRecord g) gossip(g);
        else if (r instanceof StreamEndRecord end) {
            raw(HOW);
            repeated(end.how().text());
        } else if (r instanceof BounceRecord b) bounce(b);
        raw((byte) '}');
        raw((byte) '\n');
        if (out != null && buf.size >= FLUSH_AT) {
            try {
                buf.writeTo(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            buf.reset();
        }
    }

    /** Forgets what shows addresses when the names stage learnt a name since the last record. */
    private void noticeNames() {
        if (names.changes() == namesSeen) return;
        namesSeen = names.changes();
        shown.clear();
        prefixOf = null;
        for (HeaderKeys k : headerKeys) k.forgetFields();
        fieldsKeys.forgetFields();
    }

    /**
     * A header's fields as the object a line writes under {@code "fields"}, for a table's JSON column
     * ({@link org.jgwire.output.table.RecordTable}), in UTF-8: the same bytes, written at the buffer's end and taken
     * back. {@code index}: the header's place in its message, whose keys are kept as the lines keep them.
     */
    public byte[] fieldsJsonBytes(HeaderRecord h, int index) {
        noticeNames();
        HeaderKeys keys = index < headerKeys.length ? headerKeys[index] : fieldsKeys;
        int from = buf.size;
        raw((byte) '{');
        fieldsBody(h.fields(), keys);
        raw((byte) '}');
        byte[] json = Arrays.copyOfRange(buf.bytes, from, buf.size);
        buf.size = from;
        return json;
    }

    // --- primitives: each makes its own room ---

    private void raw(byte b) {
        buf.ensure(1);
        buf.bytes[buf.size++] = b;
    }

    private void raw(byte[] b) {
        buf.ensure(b.length);
        System.arraycopy(b, 0, buf.bytes, buf.size, b.length);
        buf.size += b.length;
    }

    private void number(long v) {
        buf.ensure(20);
        buf.size = JsonText.decimal(v, buf.bytes, buf.size);
    }

    /** A string as Jackson's {@code writeString(String)} writes it. */
    private void string(String s) {
        if (s == null) raw(NULL);
        else if (!JsonText.plainString(s, buf)) jackson.write(s, buf);
    }

    /** A value that repeats (names, types, addresses): encoded once. */
    private void repeated(String s) {
        if (s == null) raw(NULL);
        else raw(encoded.of(s));
    }

    private void address(NodeAddress a) {
        byte[] b = shown.get(a);
        if (b == null) {
            b = encoded.of(display.address(a));
            shown.put(a, b);
        }
        raw(b);
    }

    // --- a record's start ---

    /**
     * {@code {"kind":...,"frame":...,"ts":...,"ts_ns":...,"transport":...,"src_ep":...,"dst_ep":...}} without the
     * brace.
     */
    private void start(Record r) {
        FrameInfo f = r.frame();
        String kind = r.kind();
        if (f == memoFrame && kind == memoKind) {
            memo.writeTo(buf);
            return;
        }
        int from = buf.size;
        raw(KIND);
        repeated(kind);
        raw(FRAME);
        number(f.packet());
        raw(TS);
        if (f.tsNanos() < 0) raw(NULL);
        else epochSeconds(f.tsNanos());
        raw(TS_NS); // exact: a double (jq, Python's json) keeps ts to about a microsecond only
        if (f.tsNanos() < 0) raw(NULL);
        else number(f.tsNanos());
        raw(TRANSPORT);
        raw(TRANSPORTS[f.transport().ordinal()]);
        if (f.src() != null) {
            raw(SRC_EP);
            raw(encoded.of(f.src()));
        }
        if (f.dst() != null) {
            raw(DST_EP);
            raw(encoded.of(f.dst()));
        }
        memo.keep(buf, from);
        memoFrame = f;
        memoKind = kind;
    }

    /** Epoch seconds with nanoseconds, e.g. {@code 1700000000.123456789}. */
    private void epochSeconds(long tsNanos) {
        buf.ensure(32);
        long secs = tsNanos / 1_000_000_000L;
        buf.size = JsonText.decimal(secs, buf.bytes, buf.size);
        byte[] b = buf.bytes;
        b[buf.size] = '.';
        long nanos = tsNanos % 1_000_000_000L;
        for (int i = 9; i >= 1; i--) {
            b[buf.size + i] = (byte) ('0' + nanos % 10);
            nanos /= 10;
        }
        buf.size += 10;
    }

    // --- a message ---

    /**
     * Whether {@code m}'s keys from {@code version} to {@code cluster} read as {@code prev}'s: the messages of one
     * message list share them (same strings and addresses, by identity), as long as no name was learned between.
     */
    private static boolean samePrefix(MessageRecord prev, MessageRecord m) {
        return prev != null
                && prev.frame() == m.frame()
                && prev.version() == m.version()
                && prev.decodedWith() == m.decodedWith()
                && prev.type() == m.type()
                && prev.flags() == m.flags()
                && prev.flagNames() == m.flagNames()
                && prev.src() == m.src()
                && prev.dest() == m.dest()
                && prev.multicast() == m.multicast()
                && prev.cluster() == m.cluster();
    }

    private void message(MessageRecord m) {
        if (samePrefix(prefixOf, m)) prefix.writeTo(buf);
        else {
            int from = buf.size;
            messagePrefix(m);
            prefix.keep(buf, from);
            prefixOf = m;
        }
        rest(m);
    }

    /** {@code "version"} to {@code "cluster"}. */
    private void messagePrefix(MessageRecord m) {
        raw(VERSION);
        repeated(m.version() != null ? m.version().toString() : null); // one text per version: encoded once
        raw(DECODED_WITH);
        repeated(m.decodedWith());
        raw(TYPE);
        repeated(m.type());
        raw(FLAGS);
        number(m.flags());
        raw(FLAG_NAMES);
        List<String> flagNames = m.flagNames();
        if (flagNames.isEmpty()) raw(EMPTY_ARRAY);
        else {
            raw((byte) '[');
            for (int i = 0; i < flagNames.size(); i++) {
                if (i > 0) raw((byte) ',');
                repeated(flagNames.get(i));
            }
            raw((byte) ']');
        }
        addressWithId(SRC, SRC_ADDR, m.src());
        addressWithId(DEST, DEST_ADDR, m.dest());
        raw(m.multicast() ? MULTICAST_TRUE : MULTICAST_FALSE);
        if (m.cluster() != null) {
            raw(CLUSTER);
            repeated(m.cluster());
        }
    }

    /** {@code "batch_index"} to the end. */
    private void rest(MessageRecord m) {
        if (m.batchIndex() >= 0) {
            raw(BATCH_INDEX);
            number(m.batchIndex());
            raw(BATCH_SIZE);
            number(m.batchSize());
        }
        raw(HEADERS);
        raw((byte) '[');
        List<HeaderRecord> headers = m.headers();
        for (int i = 0; i < headers.size(); i++) {
            if (i > 0) raw((byte) ',');
            header(headers.get(i), i);
        }
        raw((byte) ']');
        payload(PAYLOAD_LENGTH, m.payload());
        if (m.view() != null) view(m.view());
        if (!m.discovery().isEmpty()) discovery(m.discovery());
        if (m.isReassembled()) {
            raw(REASSEMBLED_FROM);
            raw((byte) '[');
            List<Long> packets = m.reassembledFrom();
            for (int i = 0; i < packets.size(); i++) {
                if (i > 0) raw((byte) ',');
                number(packets.get(i));
            }
            raw((byte) ']');
        }
        if (!m.transformed().isEmpty()) {
            raw(TRANSFORMED);
            raw((byte) '[');
            for (int i = 0; i < m.transformed().size(); i++) {
                if (i > 0) raw((byte) ',');
                string(m.transformed().get(i));
            }
            raw((byte) ']');
        }
        if (m.wirePayload() != null) payload(WIRE_PAYLOAD_LENGTH, m.wirePayload());
        if (!m.observations().isEmpty()) observations(m.observations());
    }

    /** Where a message of several merged captures was seen: capture, frame, time (merged), sent or received. */
    private void observations(List<Observation> seen) {
        raw(OBSERVATIONS);
        raw((byte) '[');
        for (int i = 0; i < seen.size(); i++) {
            Observation o = seen.get(i);
            if (i > 0) raw((byte) ',');
            raw(OBS_CAPTURE);
            repeated(o.capture());
            raw(OBS_FRAME);
            number(o.packet());
            raw(OBS_TS_NS);
            number(o.tsNanos());
            raw(o.sent() ? OBS_SENT : OBS_RECEIVED);
        }
        raw((byte) ']');
    }

    private void addressWithId(byte[] key, byte[] idKey, NodeAddress a) {
        raw(key);
        if (a == null) {
            raw(NULL);
            return;
        }
        address(a);
        raw(idKey);
        repeated(a.id());
    }

    // --- headers and their values ---

    private void header(HeaderRecord h, int index) {
        HeaderKeys keys = index < headerKeys.length ? headerKeys[index] : new HeaderKeys();
        raw(keys.start(h, encoded));
        fieldsBody(h.fields(), keys);
        raw((byte) '}');
        raw(OFFSET);
        number(h.offset());
        raw(LENGTH);
        number(h.length());
        raw((byte) '}');
    }

    /** A header's fields inside the braces of its {@code "fields"} object: the kept bytes when the list repeats. */
    private void fieldsBody(List<HeaderField> fields, HeaderKeys keys) {
        byte[] kept = keys.keptFields(fields);
        if (kept != null) {
            raw(kept);
            return;
        }
        int from = buf.size;
        for (int i = 0; i < fields.size(); i++) {
            HeaderField f = fields.get(i);
            raw(keys.field(i, f.name(), encoded));
            value(f.value());
        }
        keys.written(fields, buf, from);
    }

    private void value(Object v) {
        if (v == null) raw(NULL);
        else if (v instanceof String s) {
            if (s.length() <= 64) raw(encoded.of(s)); // short values repeat (type names, clusters)
            else string(s);
        } else if (v instanceof Long l) number(l);
        else if (v instanceof Integer i) number(i);
        else if (v instanceof Short s) number(s);
        else if (v instanceof Byte b) number(b);
        else if (v instanceof Double d) floating(Double.isFinite(d), Double.toString(d));
        else if (v instanceof Float f) floating(Float.isFinite(f), Float.toString(f));
        else if (v instanceof Boolean b) raw(b ? TRUE : FALSE);
        else if (v instanceof NodeAddress a) address(a);
        else if (v instanceof List<?> list) {
            raw((byte) '[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) raw((byte) ',');
                value(list.get(i));
            }
            raw((byte) ']');
        } else string(v.toString());
    }

    /** As Jackson writes a double: the digits of {@code toString}, NaN and infinities as strings. */
    private void floating(boolean finite, String text) {
        if (finite) raw(text.getBytes(StandardCharsets.US_ASCII));
        else string(text);
    }

    // --- payloads ---

    /** A payload object after {@code key} ({@code "payload"} or {@code "wire_payload"} and its length key). */
    private void payload(byte[] key, Payload p) {
        raw(key);
        number(p.length());
        int textAt = -1, textLength = 0;
        if (p.hasAsciiText()) {
            raw(TEXT);
            textAt = buf.size;
            JsonText.asciiString(p.asciiBytes(), 0, p.asciiTextLength(), buf);
            textLength = buf.size - textAt;
        } else if (p.text() != null) {
            raw(TEXT);
            string(p.text());
        }
        if (p.objectClass() != null) {
            raw(CLASS);
            repeated(p.objectClass());
        }
        if (p.object() != null) {
            raw(OBJECT);
            string(p.object());
        }
        if (p.hasAsciiRuns()) asciiRuns(p, textAt, textLength);
        else if (!p.strings().isEmpty()) {
            raw(STRINGS);
            raw((byte) '[');
            for (int i = 0; i < p.strings().size(); i++) {
                if (i > 0) raw((byte) ',');
                string(p.strings().get(i));
            }
            raw((byte) ']');
        }
        raw(HEX);
        JsonText.hex(p.head(), buf);
        raw((byte) '}');
    }

    /**
     * {@code "strings"} from the payload's bytes, when it has runs. A text payload's first run usually begins with
     * its text, already written quoted and escaped at {@code buf[textAt, textAt+textLength)} (-1: no text): those
     * bytes are copied.
     */
    private void asciiRuns(Payload p, int textAt, int textLength) {
        int n = p.asciiRuns();
        if (n == 0) return;
        raw(STRINGS);
        raw((byte) '[');
        int textEnd = p.asciiTextLength();
        for (int i = 0; i < n; i++) {
            if (i > 0) raw((byte) ',');
            if (i == 0 && textAt >= 0 && p.runStart(0) == 0 && textEnd <= p.runEnd(0)) {
                int quotedText = textLength - 1; // the opening quote and the escaped text, not the closing one
                buf.ensure(quotedText);
                System.arraycopy(buf.bytes, textAt, buf.bytes, buf.size, quotedText);
                buf.size += quotedText;
                JsonText.asciiChars(p.asciiBytes(), textEnd, p.runEnd(0), buf);
                raw((byte) '"');
            } else JsonText.asciiString(p.asciiBytes(), p.runStart(i), p.runEnd(i), buf);
        }
        raw((byte) ']');
    }

    // --- views, discovery, errors, bounces and gossip ---

    private void view(ViewInfo v) {
        raw(VIEW_ID);
        repeated(display.viewId(v));
        raw(VIEW_KIND);
        repeated(v.kind());
        raw(MEMBERS);
        addresses(v.members());
        if (v.isDelta()) {
            raw(REF_ID);
            number(v.refId());
            raw(LEFT);
            addresses(v.left());
            raw(JOINED);
            addresses(v.joined());
            if (v.unresolved()) raw(UNRESOLVED_TRUE);
        }
        if (!v.subgroups().isEmpty()) {
            raw(SUBGROUPS);
            raw((byte) '[');
            for (int i = 0; i < v.subgroups().size(); i++) {
                if (i > 0) raw((byte) ',');
                addresses(v.subgroups().get(i));
            }
            raw((byte) ']');
        }
        raw((byte) '}');
    }

    private void addresses(List<NodeAddress> list) {
        raw((byte) '[');
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) raw((byte) ',');
            address(list.get(i));
        }
        raw((byte) ']');
    }

    private void discovery(List<Discovery> list) {
        raw(NAMES);
        raw((byte) '[');
        for (int i = 0; i < list.size(); i++) {
            Discovery d = list.get(i);
            if (i > 0) raw((byte) ',');
            raw(ADDR_FIRST);
            repeated(d.address() != null ? d.address().id() : null);
            raw(NAME);
            repeated(d.logicalName());
            if (d.physical() != null) {
                raw(PHYSICAL);
                repeated(d.physical());
            }
            if (d.coord()) raw(COORD_TRUE);
            raw(SOURCE);
            repeated(d.source());
            raw((byte) '}');
        }
        raw((byte) ']');
    }

    private void error(ErrorRecord e) {
        raw(PROBLEM);
        repeated(e.problem().jsonName());
        raw(OFFSET);
        number(e.offset());
        raw(MESSAGE);
        string(e.message());
    }

    private void bounce(BounceRecord b) {
        raw(REPORTER);
        repeated(b.reporter());
        raw(ICMP);
        repeated(b.reason());
        raw(ICMP_TYPE);
        number(b.icmpType());
        raw(ICMP_CODE);
        number(b.code());
    }

    private void gossip(GossipRecord g) {
        raw(TYPE);
        repeated(g.type());
        raw(GROUP);
        repeated(g.group());
        raw(ADDR);
        if (g.address() == null) raw(NULL);
        else {
            address(g.address());
            raw(ADDR_ADDR);
            repeated(g.address().id());
        }
        raw(DECODED_WITH);
        repeated(g.version());
        if (!g.discovery().isEmpty()) discovery(g.discovery());
    }

    // --- flushing and closing ---

    @Override
    public void flush() throws IOException {
        if (out == null) return;
        buf.writeTo(out);
        buf.reset();
        out.flush();
    }

    /** Flushes; the stream stays open (the caller owns it). */
    @Override
    public void close() throws IOException {
        flush();
    }
}
