package org.jgwire.cli.output;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * One JSON object per line, written with Jackson's streaming API. The schema is in docs/json-lines.md. Addresses are
 * shown by the logical names learned from the records written so far (and those the table started with).
 */
public final class JsonLinesWriter implements RecordWriter {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final JsonGenerator gen;
    private final NameTable names;
    private final Display display;

    public JsonLinesWriter(OutputStream out, NameTable names) throws IOException {
        this.gen = FACTORY.createGenerator(out, JsonEncoding.UTF8);
        this.gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        // Jackson writes a space between root values by default, which began every line after the first with " {";
        // each line ends with the writer's own '\n' instead.
        this.gen.setRootValueSeparator(null);
        this.names = names;
        this.display = new Display(names);
    }

    @Override
    public void write(Record r) {
        names.learnFrom(r);
        try {
            gen.writeStartObject();
            gen.writeStringField("kind", r.kind());
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

    private void frame(FrameInfo f) throws IOException {
        gen.writeNumberField("frame", f.packet());
        String ts = Display.epochSeconds(f.tsNanos());
        gen.writeFieldName("ts");
        if (ts != null) gen.writeNumber(ts);
        else gen.writeNull();
        gen.writeStringField("transport", f.transport().jsonName());
        endpoint("src_ep", f.src());
        endpoint("dst_ep", f.dst());
    }

    private void endpoint(String name, Endpoint e) throws IOException {
        if (e == null) return;
        gen.writeStringField(name, e.toString());
    }

    private void message(MessageRecord m) throws IOException {
        gen.writeStringField("version", m.version());
        gen.writeStringField("decoded_with", m.decodedWith());
        gen.writeStringField("type", m.type());
        gen.writeNumberField("flags", m.flags());
        stringArray("flag_names", m.flagNames());
        address("src", m.src());
        address("dest", m.dest());
        gen.writeBooleanField("multicast", m.multicast());
        if (m.cluster() != null) gen.writeStringField("cluster", m.cluster());
        if (m.batchIndex() >= 0) {
            gen.writeNumberField("batch_index", m.batchIndex());
            gen.writeNumberField("batch_size", m.batchSize());
        }
        gen.writeArrayFieldStart("headers");
        for (HeaderRecord h : m.headers()) header(h);
        gen.writeEndArray();
        payload(m.payload());
        if (m.view() != null) view(m.view());
        if (!m.discovery().isEmpty()) discovery(m.discovery());
    }

    private void address(String field, NodeAddress a) throws IOException {
        gen.writeFieldName(field);
        if (a == null) gen.writeNull();
        else gen.writeString(display.address(a));
        if (a != null) gen.writeStringField(field + "_addr", a.id());
    }

    private void header(HeaderRecord h) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("protocol", h.protocol());
        gen.writeStringField("header", h.headerClass());
        gen.writeObjectFieldStart("fields");
        for (HeaderField f : h.fields()) {
            gen.writeFieldName(f.name());
            value(f.value());
        }
        gen.writeEndObject();
        gen.writeNumberField("offset", h.offset());
        gen.writeNumberField("length", h.length());
        gen.writeEndObject();
    }

    private void value(Object v) throws IOException {
        if (v == null) gen.writeNull();
        else if (v instanceof String s) gen.writeString(s);
        else if (v instanceof Long l) gen.writeNumber(l);
        else if (v instanceof Integer i) gen.writeNumber(i);
        else if (v instanceof Short s) gen.writeNumber(s);
        else if (v instanceof Byte b) gen.writeNumber(b);
        else if (v instanceof Double d) gen.writeNumber(d);
        else if (v instanceof Float f) gen.writeNumber(f);
        else if (v instanceof Boolean b) gen.writeBoolean(b);
        else if (v instanceof NodeAddress a) gen.writeString(display.address(a));
        else if (v instanceof List<?> list) {
            gen.writeStartArray();
            for (Object o : list) value(o);
            gen.writeEndArray();
        } else gen.writeString(v.toString());
    }

    private void payload(Payload p) throws IOException {
        gen.writeObjectFieldStart("payload");
        gen.writeNumberField("length", p.length());
        if (p.text() != null) gen.writeStringField("text", p.text());
        if (p.objectClass() != null) gen.writeStringField("class", p.objectClass());
        gen.writeStringField("hex", Display.hex(p.head()));
        gen.writeEndObject();
    }

    private void view(ViewInfo v) throws IOException {
        gen.writeObjectFieldStart("view");
        gen.writeStringField("id", display.viewId(v));
        gen.writeStringField("kind", v.kind());
        stringArray("members", display.members(v.members()));
        if (v.isDelta()) {
            gen.writeNumberField("ref_id", v.refId());
            stringArray("left", display.members(v.left()));
            stringArray("joined", display.members(v.joined()));
        }
        if (!v.subgroups().isEmpty()) {
            gen.writeArrayFieldStart("subgroups");
            for (List<NodeAddress> g : v.subgroups()) {
                gen.writeStartArray();
                for (NodeAddress a : g) gen.writeString(display.address(a));
                gen.writeEndArray();
            }
            gen.writeEndArray();
        }
        gen.writeEndObject();
    }

    private void discovery(List<Discovery> list) throws IOException {
        gen.writeArrayFieldStart("names");
        for (Discovery d : list) {
            gen.writeStartObject();
            gen.writeStringField("addr", d.address() != null ? d.address().id() : null);
            gen.writeStringField("name", d.logicalName());
            if (d.physical() != null) gen.writeStringField("physical", d.physical());
            if (d.coord()) gen.writeBooleanField("coord", true);
            gen.writeStringField("source", d.source());
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }

    private void error(ErrorRecord e) throws IOException {
        gen.writeStringField("problem", e.problem().jsonName());
        gen.writeNumberField("offset", e.offset());
        gen.writeStringField("message", e.message());
    }

    private void gossip(GossipRecord g) throws IOException {
        gen.writeStringField("type", g.type());
        gen.writeStringField("group", g.group());
        address("addr", g.address());
        gen.writeStringField("decoded_with", g.version());
        if (!g.discovery().isEmpty()) discovery(g.discovery());
    }

    private void stringArray(String field, List<String> values) throws IOException {
        gen.writeArrayFieldStart(field);
        for (String s : values) gen.writeString(s);
        gen.writeEndArray();
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
