package org.jgwire.codec.filter;

import java.util.List;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;

/** Reads a protocol's header and its fields from a message; protocol and field names compare without case. */
final class HeaderAccess {
    private HeaderAccess() {}

    /** {@code NAKACK2}: true when the message has a header of that protocol. */
    static Field presence(String protocol) {
        return Field.value(
                protocol,
                FieldType.PRESENCE,
                (r, c) -> r instanceof MessageRecord m && header(m, protocol) != null ? Boolean.TRUE : null);
    }

    /** {@code nakack2.seqno}: the field's value, null when the message lacks the header or the field. */
    static Field field(String protocol, String field) {
        return Field.value(protocol + "." + field, FieldType.HEADER_FIELD, (r, c) -> {
            if (!(r instanceof MessageRecord m)) return null;
            HeaderRecord h = header(m, protocol);
            if (h == null) return null;
            List<HeaderField> fs = h.fields();
            for (int i = 0; i < fs.size(); i++) {
                HeaderField f = fs.get(i);
                if (f.name().equalsIgnoreCase(field)) return f.value();
            }
            return null;
        });
    }

    /** {@code jgroups.frag.frag_id}: the field of the message's header of that class, whichever protocol wrote it. */
    static Field classField(List<String> headerClasses, String field) {
        List<HeaderClass> classes = headerClasses.stream().map(HeaderClass::of).toList();
        return Field.value(headerClasses.get(0) + "." + field, FieldType.HEADER_FIELD, (r, c) -> {
            if (!(r instanceof MessageRecord m)) return null;
            for (HeaderRecord h : m.headers()) {
                if (!classes.contains(h.headerClass())) continue;
                for (HeaderField f : h.fields()) if (f.name().equalsIgnoreCase(field)) return f.value();
            }
            return null;
        });
    }

    private static HeaderRecord header(MessageRecord m, String protocol) {
        List<HeaderRecord> hs = m.headers();
        for (int i = 0; i < hs.size(); i++) {
            HeaderRecord h = hs.get(i);
            if (h.protocol().equalsIgnoreCase(protocol)) return h; // length differs for most: cheap
        }
        return null;
    }
}
