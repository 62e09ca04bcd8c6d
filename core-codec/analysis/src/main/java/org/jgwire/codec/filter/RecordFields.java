package org.jgwire.codec.filter;

import static org.jgwire.codec.filter.Getters.MISSING;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * The fields of a record a filter can name, with the names of the JSON Lines schema (docs/json-lines.md). A field a
 * record does not have (a message's {@code type} on an error) is absent, and every comparison with it is false.
 */
final class RecordFields {
    private static final Map<String, Field> FIELDS = new LinkedHashMap<>();

    static {
        number("frame", FieldType.NUMBER, (r, c) -> r.frame().packet());
        number(
                "ts",
                FieldType.TIMESTAMP,
                (r, c) -> r.frame().tsNanos() >= 0 ? r.frame().tsNanos() : MISSING);
        number("time", FieldType.DURATION, (r, c) -> {
            long ts = r.frame().tsNanos();
            return ts >= 0 && c.originNanos >= 0 ? ts - c.originNanos : MISSING;
        });
        text("kind", (r, c) -> r.kind());
        text("transport", (r, c) -> r.frame().transport().jsonName());
        text("src_ep", (r, c) -> endpoint(r.frame().src()));
        text("dst_ep", (r, c) -> endpoint(r.frame().dst()));
        number("src_port", FieldType.NUMBER, (r, c) -> port(r.frame().src()));
        number("dst_port", FieldType.NUMBER, (r, c) -> port(r.frame().dst()));

        value("version", FieldType.VERSION, (r, c) -> r instanceof MessageRecord m ? m.version() : null);
        text(
                "decoded_with",
                (r, c) -> r instanceof MessageRecord m
                        ? m.decodedWith()
                        : r instanceof GossipRecord g ? g.version() : null);
        text("type", (r, c) -> r instanceof MessageRecord m ? m.type() : r instanceof GossipRecord g ? g.type() : null);
        number("flags", FieldType.NUMBER, (r, c) -> r instanceof MessageRecord m ? m.flags() : MISSING);
        value("flag_names", FieldType.TEXT_LIST, (r, c) -> r instanceof MessageRecord m ? m.flagNames() : null);
        value("src", FieldType.ADDRESS, (r, c) -> r instanceof MessageRecord m ? m.src() : null);
        text(
                "src_addr",
                (r, c) -> r instanceof MessageRecord m && m.src() != null
                        ? m.src().id()
                        : null);
        value("dest", FieldType.ADDRESS, (r, c) -> r instanceof MessageRecord m ? m.dest() : null);
        text(
                "dest_addr",
                (r, c) -> r instanceof MessageRecord m && m.dest() != null
                        ? m.dest().id()
                        : null);
        value("multicast", FieldType.BOOLEAN, (r, c) -> r instanceof MessageRecord m ? (Boolean) m.multicast() : null);
        text(
                "cluster",
                (r, c) -> r instanceof MessageRecord m ? m.cluster() : r instanceof GossipRecord g ? g.group() : null);
        number(
                "batch_index",
                FieldType.NUMBER,
                (r, c) -> r instanceof MessageRecord m && m.batchIndex() >= 0 ? m.batchIndex() : MISSING);
        number(
                "batch_size",
                FieldType.NUMBER,
                (r, c) -> r instanceof MessageRecord m && m.batchIndex() >= 0 ? m.batchSize() : MISSING);
        value(
                "batched",
                FieldType.BOOLEAN,
                (r, c) -> r instanceof MessageRecord m ? (Boolean) (m.batchIndex() >= 0) : null);
        value("protocols", FieldType.TEXT_LIST, (r, c) -> r instanceof MessageRecord m ? protocols(m) : null);
        value(
                "names",
                FieldType.TEXT_LIST,
                (r, c) -> r instanceof MessageRecord m
                        ? names(m.discovery())
                        : r instanceof GossipRecord g ? names(g.discovery()) : null);
        // the plugin's two fields of names: a message's discovery data, a GossipData's registration
        value(
                "ping_data.name",
                FieldType.TEXT_LIST,
                (r, c) -> r instanceof MessageRecord m ? names(m.discovery()) : null);
        value(
                "gossip.logical_name",
                FieldType.TEXT_LIST,
                (r, c) -> r instanceof GossipRecord g ? names(g.discovery()) : null);

        value("payload", FieldType.PAYLOAD, (r, c) -> r instanceof MessageRecord m ? m.payload() : null);
        number(
                "payload.length",
                FieldType.NUMBER,
                (r, c) -> r instanceof MessageRecord m ? m.payload().length() : MISSING);
        text(
                "payload.text",
                (r, c) -> r instanceof MessageRecord m ? m.payload().text() : null);
        text(
                "payload.class",
                (r, c) -> r instanceof MessageRecord m ? m.payload().objectClass() : null);
        text(
                "payload.object",
                (r, c) -> r instanceof MessageRecord m ? m.payload().object() : null);
        value(
                "payload.strings",
                FieldType.TEXT_LIST,
                (r, c) -> r instanceof MessageRecord m ? m.payload().strings() : null);

        value(
                "view",
                FieldType.PRESENCE,
                (r, c) -> r instanceof MessageRecord m && m.view() != null ? Boolean.TRUE : null);
        text("view.kind", (r, c) -> view(r) != null ? view(r).kind() : null);
        number("view.id", FieldType.NUMBER, (r, c) -> view(r) != null ? view(r).id() : MISSING);
        value("view.creator", FieldType.ADDRESS, (r, c) -> view(r) != null ? view(r).creator() : null);
        value("view.members", FieldType.ADDRESS_LIST, (r, c) -> view(r) != null ? view(r).members() : null);
        value("view.left", FieldType.ADDRESS_LIST, (r, c) -> view(r) != null ? view(r).left() : null);
        value("view.joined", FieldType.ADDRESS_LIST, (r, c) -> view(r) != null ? view(r).joined() : null);

        text("group", (r, c) -> r instanceof GossipRecord g ? g.group() : null);
        value("addr", FieldType.ADDRESS, (r, c) -> r instanceof GossipRecord g ? g.address() : null);

        text("problem", (r, c) -> r instanceof ErrorRecord e ? e.problem().jsonName() : null);
        text("message", (r, c) -> r instanceof ErrorRecord e ? e.message() : null);
        number(
                "offset",
                FieldType.NUMBER,
                (r, c) -> r instanceof ErrorRecord e && e.offset() >= 0 ? e.offset() : MISSING);
    }

    private RecordFields() {}

    /** The field of this exact path, or null. */
    static Field get(String path) {
        return FIELDS.get(path);
    }

    /** Every path, in documentation order. */
    static List<String> paths() {
        return Collections.unmodifiableList(new ArrayList<>(FIELDS.keySet()));
    }

    private static void number(String path, FieldType type, Getters.Number g) {
        FIELDS.put(path, Field.number(path, type, g));
    }

    private static void value(String path, FieldType type, Getters.Value g) {
        FIELDS.put(path, Field.value(path, type, g));
    }

    private static void text(String path, Getters.Value g) {
        value(path, FieldType.TEXT, g);
    }

    private static ViewInfo view(Record r) {
        return r instanceof MessageRecord m ? m.view() : null;
    }

    private static String endpoint(Endpoint e) {
        return e == null ? null : e.toString();
    }

    private static long port(Endpoint e) {
        return e == null || e.port() < 0 ? MISSING : e.port();
    }

    private static List<String> protocols(MessageRecord m) {
        List<HeaderRecord> hs = m.headers();
        List<String> out = new ArrayList<>(hs.size());
        for (int i = 0; i < hs.size(); i++) out.add(hs.get(i).protocol());
        return out;
    }

    private static List<String> names(List<Discovery> found) {
        List<String> out = new ArrayList<>(found.size());
        for (Discovery d : found) if (d.logicalName() != null) out.add(d.logicalName());
        return out;
    }
}
