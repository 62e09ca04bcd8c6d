package org.jgwire.codec.compare;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.NodeAddress;

/**
 * What one protocol's headers looked like in a capture: ids, class, fields with the types of their values, and
 * lengths. The length "without strings" leaves out the bytes of string fields (cluster and logical names, which
 * differ between runs) so that an encoding change, like the flag byte TpHeader gained in 5.3.8, shows as a
 * constant difference.
 */
public final class HeaderShape {
    long count;
    final Set<Integer> protocolIds = new TreeSet<>();
    final Set<Integer> magicIds = new TreeSet<>();
    final Set<String> classes = new TreeSet<>();
    /** Field name to the simple types of its non-null values; a field only ever null has an empty set. */
    final Map<String, Set<String>> fields = new TreeMap<>();

    int minLength = Integer.MAX_VALUE, maxLength = -1;
    int minFixed = Integer.MAX_VALUE, maxFixed = -1;

    void add(HeaderRecord h) {
        count++;
        protocolIds.add(h.protocolId());
        magicIds.add(h.magicId());
        classes.add(h.headerClass().name());
        int strings = 0;
        for (HeaderField f : h.fields()) {
            Set<String> types = fields.computeIfAbsent(f.name(), k -> new TreeSet<>());
            if (f.value() != null) types.add(typeOf(f.value()));
            if (f.value() instanceof String s) strings += s.getBytes(StandardCharsets.UTF_8).length;
        }
        minLength = Math.min(minLength, h.length());
        maxLength = Math.max(maxLength, h.length());
        int fixed = h.length() - strings;
        minFixed = Math.min(minFixed, fixed);
        maxFixed = Math.max(maxFixed, fixed);
    }

    static String typeOf(Object v) {
        if (v instanceof NodeAddress) return "Address";
        if (v instanceof List<?>) return "List";
        return v.getClass().getSimpleName();
    }

    /** Whether every header had the same length once strings are left out. */
    boolean fixedLength() {
        return count > 0 && minFixed == maxFixed;
    }

    public long count() {
        return count;
    }

    public Set<String> classes() {
        return classes;
    }

    public Map<String, Set<String>> fields() {
        return fields;
    }

    /** {@code 25} or {@code 10-13} bytes. */
    String lengths() {
        return minLength == maxLength ? String.valueOf(minLength) : minLength + "-" + maxLength;
    }
}
