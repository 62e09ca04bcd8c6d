package org.jgwire.codec.analysis;

import java.util.List;
import java.util.Map;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;

/**
 * Reads header fields as the analyses need them, whatever form the jar gave: a type code is a name when the header
 * class names its codes ({@code type2Str}) and a number when it does not, so both are accepted.
 */
public final class HeaderFields {
    private HeaderFields() {}

    /**
     * Type codes of header classes whose jar gives no names for them ({@code FcHeader}: REPLENISH=1,
     * CREDIT_REQUEST=2; {@code VERIFY_SUSPECT.VerifyHeader}: ARE_YOU_DEAD=1, I_AM_NOT_DEAD=2;
     * {@code RequestCorrelator.Header}: REQ=0, RSP=1, EXC_RSP=2), by header class.
     */
    private static final Map<HeaderClass, String[]> KNOWN = Map.of(
            HeaderClass.FC, new String[] {null, "REPLENISH", "CREDIT_REQUEST"},
            HeaderClass.VERIFY_SUSPECT, new String[] {null, "ARE_YOU_DEAD", "I_AM_NOT_DEAD"},
            HeaderClass.RPC, new String[] {"REQ", "RSP", "EXC_RSP"},
            HeaderClass.RPC_MULTI, new String[] {"REQ", "RSP", "EXC_RSP"});

    /** The header's {@code type} as a name, with the known names of its class when the jar gave a number. */
    public static String type(HeaderRecord h) {
        String[] names = KNOWN.get(h.headerClass());
        if (h.headerClass() == HeaderClass.RPC && h.field("req_id") == null) names = null; // 3.6's UNICAST3.Header
        return type(h, names != null ? names : new String[0]);
    }

    /** The header's {@code type} as a name: the name it was given, else {@code names[code]} when in range. */
    public static String type(HeaderRecord h, String... names) {
        Object t = h.field("type");
        if (t instanceof String s) return s;
        if (t instanceof Number n) {
            int i = n.intValue();
            return i >= 0 && i < names.length && names[i] != null ? names[i] : String.valueOf(i);
        }
        return null;
    }

    /** A numeric field as a long, or {@code otherwise}. */
    public static long number(HeaderRecord h, String name, long otherwise) {
        return h.field(name) instanceof Number n ? n.longValue() : otherwise;
    }

    /** An address field, or null. */
    public static NodeAddress address(HeaderRecord h, String name) {
        return h.field(name) instanceof NodeAddress a ? a : null;
    }

    /** The addresses in a list field (a single address counts as a list of one). */
    public static List<NodeAddress> addresses(HeaderRecord h, String name) {
        Object v = h.field(name);
        if (v instanceof NodeAddress a) return List.of(a);
        if (!(v instanceof List<?> l)) return List.of();
        return l.stream()
                .filter(NodeAddress.class::isInstance)
                .map(NodeAddress.class::cast)
                .toList();
    }

    /** The first header whose protocol name starts with {@code prefix} ({@code "FD_SOCK"} finds FD_SOCK2 too). */
    public static HeaderRecord byPrefix(MessageRecord m, String prefix) {
        List<HeaderRecord> hs = m.headers();
        for (int i = 0; i < hs.size(); i++) if (hs.get(i).protocol().startsWith(prefix)) return hs.get(i);
        return null;
    }

    /** The first header of the given class, or null. */
    public static HeaderRecord byClass(MessageRecord m, HeaderClass headerClass) {
        List<HeaderRecord> hs = m.headers();
        for (int i = 0; i < hs.size(); i++) if (hs.get(i).headerClass() == headerClass) return hs.get(i);
        return null;
    }
}
