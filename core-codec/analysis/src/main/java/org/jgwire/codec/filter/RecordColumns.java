package org.jgwire.codec.filter;

import static org.jgwire.codec.filter.Getters.MISSING;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * Field values of records as text columns ({@code jgwire decode --fields src,dest,gms.type}, as tshark's
 * {@code -T fields -e}): the names are those of the filter language, resolved and checked when compiled. A field the
 * record lacks is an empty column; lists are joined with commas; members show their logical name when known; times
 * are epoch seconds ({@code ts}) or seconds since the first record ({@code time}); tabs and line breaks inside a
 * value are escaped as {@code \t} and {@code \n}, so that one record stays one line.
 */
public final class RecordColumns {
    private final List<String> names;
    private final List<Field> fields;

    private RecordColumns(List<String> names, List<Field> fields) {
        this.names = names;
        this.fields = fields;
    }

    /**
     * Compiles a comma-separated list of field names.
     *
     * @throws FilterSyntaxException for an unknown field (with the nearest known name) or an empty list; its
     *                               position counts from the start of {@code list}
     */
    public static RecordColumns compile(String list) throws FilterSyntaxException {
        List<String> names = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        int at = 0;
        for (String part : list.split(",", -1)) {
            String name = part.strip();
            if (name.isEmpty())
                throw new FilterSyntaxException("empty field name: give names such as src,dest,gms.type", list, at);
            try {
                fields.add(FilterParser.field(name));
            } catch (FilterSyntaxException e) {
                int lead = part.indexOf(name);
                throw new FilterSyntaxException(e.reason(), list, at + lead + e.position());
            }
            names.add(name);
            at += part.length() + 1;
        }
        return new RecordColumns(List.copyOf(names), List.copyOf(fields));
    }

    /** The field names as given. */
    public List<String> names() {
        return names;
    }

    /**
     * Appends the record's values, tab-separated, without a line end.
     *
     * @param names       logical names known at this record
     * @param originNanos capture time of the first record with a time ({@code time} counts from it), or -1
     */
    public void append(Record r, Names names, long originNanos, StringBuilder out) {
        EvalContext context = new EvalContext(names);
        context.originNanos = originNanos;
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) out.append('\t');
            Field f = fields.get(i);
            if (f.number() != null) {
                long v = f.number().get(r, context);
                if (v == MISSING) continue;
                if (f.type() == FieldType.TIMESTAMP || f.type() == FieldType.DURATION)
                    out.append(new BigDecimal(BigInteger.valueOf(v), 9).toPlainString());
                else out.append(v);
            } else {
                value(f.value().get(r, context), names, out);
            }
        }
    }

    private static void value(Object v, Names names, StringBuilder out) {
        if (v == null) return;
        if (v instanceof Collection<?> c) {
            boolean first = true;
            for (Object e : c) {
                if (!first) out.append(',');
                first = false;
                value(e, names, out);
            }
        } else if (v instanceof NodeAddress a) {
            escaped(names.display(a), out);
        } else {
            escaped(String.valueOf(v), out);
        }
    }

    private static void escaped(String s, StringBuilder out) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\\' -> out.append("\\\\");
                default -> out.append(c);
            }
        }
    }
}
