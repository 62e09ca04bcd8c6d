package org.jgwire.codec.runtime;

import org.jgwire.codec.model.HeaderClass;

/**
 * Whether a header the jar read is a fragment's: FRAG/FRAG2/FRAG4's {@code FragHeader} or FRAG3's
 * {@code Frag3Header}, in every family. A fragment's payload is a slice of the original's, so the adapters read no
 * view or discovery data from it ({@code FragmentReassembler} shows the reassembled one).
 */
public final class FragmentHeaders {
    private FragmentHeaders() {}

    /**
     * Per header class: every header of every message is asked, and a class's simple name is a reflective lookup
     * (whose soft-reference cache also made C2 recompile the message loop after a GC).
     */
    private static final ClassValue<Boolean> FRAGMENT = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            HeaderClass hc = HeaderClass.of(c.getSimpleName());
            return hc == HeaderClass.FRAG || hc == HeaderClass.FRAG3;
        }
    };

    /** Whether {@code header} (null: a header that could not be read) is a fragment's. */
    public static boolean isFragment(Object header) {
        return header != null && FRAGMENT.get(header.getClass());
    }
}
