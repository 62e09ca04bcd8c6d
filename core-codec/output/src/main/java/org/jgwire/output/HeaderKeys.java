package org.jgwire.output;

import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;

/**
 * The bytes of one header object up to its first field's value, {@code {"protocol":..,"header":..,"fields":{"x":},
 * and the keys of its other fields with their commas, for the protocol, class and field names last seen at one
 * position. Names are compared by identity: the adapters hand out the same strings every time.
 */
final class HeaderKeys {
    private static final byte[] PROTOCOL = JsonLinesWriter.key("{", "protocol"),
            HEADER = JsonLinesWriter.key(",", "header"),
            FIELDS = JsonLinesWriter.key(",", "fields"),
            NULL = JsonLinesWriter.ascii("null");
    private String protocol;
    private HeaderClass headerClass;
    private byte[] start;
    private String[] fieldNames = new String[0];
    private byte[][] fieldKeys = new byte[0][];
    /**
     * The bytes of a field list written before, kept once the same list (by identity) came twice in a row: the
     * adapters hand out one list for header bodies that repeat byte for byte.
     */
    private List<HeaderField> lastFields, keptFields;

    private byte[] kept = new byte[0];

    void forgetFields() {
        lastFields = keptFields = null;
    }

    /** The bytes {@code fields} were written as, if kept, else null. */
    byte[] keptFields(List<HeaderField> fields) {
        return fields == keptFields ? kept : null;
    }

    /** {@code fields} were written to {@code buf} from {@code from} on: kept when the list came twice in a row. */
    void written(List<HeaderField> fields, OutputBuffer buf, int from) {
        if (fields == lastFields) {
            kept = Arrays.copyOfRange(buf.bytes, from, buf.size);
            keptFields = fields;
        }
        lastFields = fields;
    }

    byte[] start(HeaderRecord h, EncodedStrings encoded) {
        if (h.protocol() != protocol || h.headerClass() != headerClass || start == null) {
            protocol = h.protocol();
            headerClass = h.headerClass();
            OutputBuffer b = new OutputBuffer(64);
            b.write(PROTOCOL, 0, PROTOCOL.length);
            byte[] p = protocol == null ? NULL : encoded.of(protocol);
            b.write(p, 0, p.length);
            b.write(HEADER, 0, HEADER.length);
            byte[] c = headerClass == null ? NULL : encoded.of(headerClass.name());
            b.write(c, 0, c.length);
            b.write(FIELDS, 0, FIELDS.length);
            b.write('{');
            start = Arrays.copyOf(b.bytes, b.size);
        }
        return start;
    }

    /** The key of field {@code i}, with the comma before it unless it is the first. */
    byte[] field(int i, String name, EncodedStrings encoded) {
        if (i < fieldNames.length && fieldNames[i] == name) return fieldKeys[i];
        if (i >= fieldNames.length) {
            if (i >= 64) return keyOf(i, name, encoded); // not kept: an unusually long header
            fieldNames = Arrays.copyOf(fieldNames, i + 1);
            fieldKeys = Arrays.copyOf(fieldKeys, i + 1);
        }
        fieldNames[i] = name;
        return fieldKeys[i] = keyOf(i, name, encoded);
    }

    private static byte[] keyOf(int i, String name, EncodedStrings encoded) {
        byte[] k = encoded.key(name);
        if (i == 0) return k;
        byte[] withComma = new byte[k.length + 1];
        withComma[0] = ',';
        System.arraycopy(k, 0, withComma, 1, k.length);
        return withComma;
    }
}
