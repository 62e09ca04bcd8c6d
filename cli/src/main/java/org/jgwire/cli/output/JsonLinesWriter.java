package org.jgwire.cli.output;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;

/**
 * One JSON object per line, written with Jackson's streaming API. The schema is in docs/json-lines.md. Addresses are
 * shown by the logical names learned from the records written so far (and those the table started with).
 *
 * <p>This is the hot path of {@code decode --format jsonl}: keys are pre-encoded, repeated values come from
 * {@link EncodedStrings}, and hex and times are written from reusable buffers.
 */
public final class JsonLinesWriter implements RecordWriter {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();
    private static final SerializedString KIND = key("kind"), FRAME = key("frame"), TS = key("ts"),
            TRANSPORT = key("transport"), SRC_EP = key("src_ep"), DST_EP = key("dst_ep"), VERSION = key("version"),
            DECODED_WITH = key("decoded_with"), TYPE = key("type"), FLAGS = key("flags"),
            FLAG_NAMES = key("flag_names"), SRC = key("src"), SRC_ADDR = key("src_addr"), DEST = key("dest"),
            DEST_ADDR = key("dest_addr"), MULTICAST = key("multicast"), CLUSTER = key("cluster"),
            BATCH_INDEX = key("batch_index"), BATCH_SIZE = key("batch_size"), HEADERS = key("headers"),
            PROTOCOL = key("protocol"), HEADER = key("header"), FIELDS = key("fields"), OFFSET = key("offset"),
            LENGTH = key("length"), PAYLOAD = key("payload"), TEXT = key("text"), CLASS = key("class"),
            HEX = key("hex"), VIEW = key("view"), ID = key("id"), MEMBERS = key("members"), REF_ID = key("ref_id"),
            LEFT = key("left"), JOINED = key("joined"), SUBGROUPS = key("subgroups"), NAMES = key("names"),
            ADDR = key("addr"), ADDR_ADDR = key("addr_addr"), NAME = key("name"), PHYSICAL = key("physical"),
            COORD = key("coord"), SOURCE = key("source"), PROBLEM = key("problem"), MESSAGE = key("message"),
            GROUP = key("group"), REASSEMBLED_FROM = key("reassembled_from");
    private static final byte[] HEX_DIGITS = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private static final SerializedString[] TRANSPORTS = new SerializedString[Transport.values().length];

    static {
        for (Transport t : Transport.values()) TRANSPORTS[t.ordinal()] = new SerializedString(t.jsonName());
    }

    private final JsonGenerator gen;
    private final NameTable names;
    private final Display display;
    private final EncodedStrings encoded = new EncodedStrings();
    private byte[] hex = new byte[256];
    private final char[] ts = new char[32];

    public JsonLinesWriter(OutputStream out, NameTable names) throws IOException {
        this.gen = FACTORY.createGenerator(out, JsonEncoding.UTF8);
        this.gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        // Jackson writes a space between root values by default, which began every line after the first with " {";
        // each line ends with the writer's own '\n' instead.
        this.gen.setRootValueSeparator(null);
        this.names = names;
        this.display = new Display(names);
    }

    private static SerializedString key(String name) {
        return new SerializedString(name);
    }

    @Override
    public void write(Record r) {
        names.learnFrom(r);
        try {
            gen.writeStartObject();
            gen.writeFieldName(KIND);
            gen.writeString(encoded.of(r.kind()));
            frame(r.frame());
            if (r instanceof MessageRecord m) message(m);
            else if (r instanceof ErrorRecord e) error(e);
            else if (r instanceof GossipRecord g) gossip(g);
            gen.writeEndObject();
            gen.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void repeated(SerializedString key, String value) throws IOException {
        gen.writeFieldName(key);
        if (value == null) gen.writeNull();
        else gen.writeString(encoded.of(value));
    }

    private void frame(FrameInfo f) throws IOException {
        gen.writeFieldName(FRAME);
        gen.writeNumber(f.packet());
        gen.writeFieldName(TS);
        if (f.tsNanos() < 0) gen.writeNull();
        else gen.writeRawValue(ts, 0, epochSeconds(f.tsNanos()));
        gen.writeFieldName(TRANSPORT);
        gen.writeString(TRANSPORTS[f.transport().ordinal()]);
        if (f.src() != null) {
            gen.writeFieldName(SRC_EP);
            gen.writeString(encoded.of(f.src()));
        }
        if (f.dst() != null) {
            gen.writeFieldName(DST_EP);
            gen.writeString(encoded.of(f.dst()));
        }
    }

    /** Epoch seconds with nanoseconds into {@link #ts}, e.g. {@code 1700000000.123456789}; returns the length. */
    private int epochSeconds(long tsNanos) {
        long secs = tsNanos / 1_000_000_000L;
        long nanos = tsNanos % 1_000_000_000L;
        int end = ts.length;
        for (int i = 0; i < 9; i++) {
            ts[--end] = (char) ('0' + nanos % 10);
            nanos /= 10;
        }
        ts[--end] = '.';
        do {
            ts[--end] = (char) ('0' + secs % 10);
            secs /= 10;
        } while (secs > 0);
        System.arraycopy(ts, end, ts, 0, ts.length - end);
        return ts.length - end;
    }

    private void message(MessageRecord m) throws IOException {
        repeated(VERSION, m.version());
        repeated(DECODED_WITH, m.decodedWith());
        repeated(TYPE, m.type());
        gen.writeFieldName(FLAGS);
        gen.writeNumber(m.flags());
        gen.writeFieldName(FLAG_NAMES);
        gen.writeStartArray();
        for (int i = 0; i < m.flagNames().size(); i++) gen.writeString(encoded.of(m.flagNames().get(i)));
        gen.writeEndArray();
        address(SRC, SRC_ADDR, m.src());
        address(DEST, DEST_ADDR, m.dest());
        gen.writeFieldName(MULTICAST);
        gen.writeBoolean(m.multicast());
        if (m.cluster() != null) repeated(CLUSTER, m.cluster());
        if (m.batchIndex() >= 0) {
            gen.writeFieldName(BATCH_INDEX);
            gen.writeNumber(m.batchIndex());
            gen.writeFieldName(BATCH_SIZE);
            gen.writeNumber(m.batchSize());
        }
        gen.writeFieldName(HEADERS);
        gen.writeStartArray();
        for (int i = 0; i < m.headers().size(); i++) header(m.headers().get(i));
        gen.writeEndArray();
        payload(m.payload());
        if (m.view() != null) view(m.view());
        if (!m.discovery().isEmpty()) discovery(m.discovery());
        if (m.isReassembled()) {
            gen.writeFieldName(REASSEMBLED_FROM);
            gen.writeStartArray();
            for (int i = 0; i < m.reassembledFrom().size(); i++) gen.writeNumber(m.reassembledFrom().get(i));
            gen.writeEndArray();
        }
    }

    private void address(SerializedString key, SerializedString idKey, NodeAddress a) throws IOException {
        gen.writeFieldName(key);
        if (a == null) {
            gen.writeNull();
            return;
        }
        gen.writeString(encoded.of(display.address(a)));
        repeated(idKey, a.id());
    }

    private void header(HeaderRecord h) throws IOException {
        gen.writeStartObject();
        repeated(PROTOCOL, h.protocol());
        repeated(HEADER, h.headerClass());
        gen.writeFieldName(FIELDS);
        gen.writeStartObject();
        List<HeaderField> fields = h.fields();
        for (int i = 0; i < fields.size(); i++) {
            HeaderField f = fields.get(i);
            gen.writeFieldName(encoded.of(f.name()));
            value(f.value());
        }
        gen.writeEndObject();
        gen.writeFieldName(OFFSET);
        gen.writeNumber(h.offset());
        gen.writeFieldName(LENGTH);
        gen.writeNumber(h.length());
        gen.writeEndObject();
    }

    private void value(Object v) throws IOException {
        if (v == null) gen.writeNull();
        else if (v instanceof String s) {
            if (s.length() <= 64) gen.writeString(encoded.of(s)); // short values repeat (type names, clusters)
            else gen.writeString(s);
        }
        else if (v instanceof Long l) gen.writeNumber(l);
        else if (v instanceof Integer i) gen.writeNumber(i);
        else if (v instanceof Short s) gen.writeNumber(s);
        else if (v instanceof Byte b) gen.writeNumber(b);
        else if (v instanceof Double d) gen.writeNumber(d);
        else if (v instanceof Float f) gen.writeNumber(f);
        else if (v instanceof Boolean b) gen.writeBoolean(b);
        else if (v instanceof NodeAddress a) gen.writeString(encoded.of(display.address(a)));
        else if (v instanceof List<?> list) {
            gen.writeStartArray();
            for (Object o : list) value(o);
            gen.writeEndArray();
        } else gen.writeString(v.toString());
    }

    private void payload(Payload p) throws IOException {
        gen.writeFieldName(PAYLOAD);
        gen.writeStartObject();
        gen.writeFieldName(LENGTH);
        gen.writeNumber(p.length());
        if (p.text() != null) {
            gen.writeFieldName(TEXT);
            gen.writeString(p.text());
        }
        if (p.objectClass() != null) repeated(CLASS, p.objectClass());
        gen.writeFieldName(HEX);
        hex(p.head());
        gen.writeEndObject();
    }

    /** Hex digits are plain ASCII: written as they are, with no escaping pass. */
    private void hex(byte[] b) throws IOException {
        int n = b.length * 2;
        if (hex.length < n) hex = new byte[n];
        for (int i = 0; i < b.length; i++) {
            hex[2 * i] = HEX_DIGITS[(b[i] >> 4) & 0xF];
            hex[2 * i + 1] = HEX_DIGITS[b[i] & 0xF];
        }
        gen.writeRawUTF8String(hex, 0, n);
    }

    private void view(ViewInfo v) throws IOException {
        gen.writeFieldName(VIEW);
        gen.writeStartObject();
        repeated(ID, display.viewId(v));
        repeated(KIND, v.kind());
        addresses(MEMBERS, v.members());
        if (v.isDelta()) {
            gen.writeFieldName(REF_ID);
            gen.writeNumber(v.refId());
            addresses(LEFT, v.left());
            addresses(JOINED, v.joined());
        }
        if (!v.subgroups().isEmpty()) {
            gen.writeFieldName(SUBGROUPS);
            gen.writeStartArray();
            for (List<NodeAddress> g : v.subgroups()) addresses(null, g);
            gen.writeEndArray();
        }
        gen.writeEndObject();
    }

    private void addresses(SerializedString key, List<NodeAddress> list) throws IOException {
        if (key != null) gen.writeFieldName(key);
        gen.writeStartArray();
        for (NodeAddress a : list) gen.writeString(encoded.of(display.address(a)));
        gen.writeEndArray();
    }

    private void discovery(List<Discovery> list) throws IOException {
        gen.writeFieldName(NAMES);
        gen.writeStartArray();
        for (Discovery d : list) {
            gen.writeStartObject();
            repeated(ADDR, d.address() != null ? d.address().id() : null);
            repeated(NAME, d.logicalName());
            if (d.physical() != null) repeated(PHYSICAL, d.physical());
            if (d.coord()) {
                gen.writeFieldName(COORD);
                gen.writeBoolean(true);
            }
            repeated(SOURCE, d.source());
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }

    private void error(ErrorRecord e) throws IOException {
        repeated(PROBLEM, e.problem().jsonName());
        gen.writeFieldName(OFFSET);
        gen.writeNumber(e.offset());
        gen.writeFieldName(MESSAGE);
        gen.writeString(e.message());
    }

    private void gossip(GossipRecord g) throws IOException {
        repeated(TYPE, g.type());
        repeated(GROUP, g.group());
        gen.writeFieldName(ADDR);
        if (g.address() == null) gen.writeNull();
        else {
            gen.writeString(encoded.of(display.address(g.address())));
            repeated(ADDR_ADDR, g.address().id());
        }
        repeated(DECODED_WITH, g.version());
        if (!g.discovery().isEmpty()) discovery(g.discovery());
    }

    @Override
    public void flush() throws IOException {
        gen.flush();
    }

    @Override
    public void close() throws IOException {
        gen.close();
    }
}
