package org.jgwire.codec.stack;

import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;

/**
 * What a fragment's FRAG2/FRAG3/FRAG4 header says, read from the header's fields (named as in the JGroups classes).
 *
 * <ul>
 *   <li>{@code FragHeader} (FRAG2, FRAG4): {@code id}, {@code frag_id}, {@code num_frags}; 5.x adds
 *       {@code needs_deserialization} and {@code original_type}. Fragments are concatenated in {@code frag_id}
 *       order ({@code FRAG2.assembleMessage}).</li>
 *   <li>{@code Frag3Header} (FRAG3): adds {@code original_length} and {@code offset}: each fragment is copied
 *       at its offset ({@code FRAG3.FragEntry.set}).</li>
 * </ul>
 *
 * @param index position of the header in the message's header list
 */
record FragmentHeader(
        String protocol,
        int index,
        long id,
        int fragId,
        int numFrags,
        boolean frag3,
        int originalLength,
        int offset,
        boolean needsDeserialization,
        int originalType) {

    /** The fragment header of a message, or null when it is not a fragment of a protocol jgwire reassembles. */
    static FragmentHeader of(MessageRecord m) {
        var headers = m.headers();
        for (int i = 0; i < headers.size(); i++) {
            HeaderRecord h = headers.get(i);
            String p = h.protocol();
            // called for every message: most protocol names are not five characters long
            if (p.length() != 5 || !p.equals("FRAG2") && !p.equals("FRAG3") && !p.equals("FRAG4")) continue;
            boolean frag3 = h.headerClass() == HeaderClass.FRAG3;
            if (!frag3 && h.headerClass() != HeaderClass.FRAG) continue;
            Number id = num(h.field("id")), fragId = num(h.field("frag_id")), numFrags = num(h.field("num_frags"));
            if (id == null || fragId == null || numFrags == null) return null;
            Number length = num(h.field("original_length")), offset = num(h.field("offset"));
            Number type = num(h.field("original_type"));
            boolean deser = Boolean.TRUE.equals(h.field("needs_deserialization"));
            return new FragmentHeader(
                    p,
                    i,
                    id.longValue(),
                    fragId.intValue(),
                    numFrags.intValue(),
                    frag3,
                    length != null ? length.intValue() : -1,
                    offset != null ? offset.intValue() : -1,
                    deser,
                    type != null ? type.intValue() : -1);
        }
        return null;
    }

    private static Number num(Object v) {
        return v instanceof Number n ? n : null;
    }
}
