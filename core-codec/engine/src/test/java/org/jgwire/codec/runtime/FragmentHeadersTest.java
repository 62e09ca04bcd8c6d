package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FragmentHeadersTest {
    /** Named as FRAG/FRAG2/FRAG4's and FRAG3's header classes, and as two that are no fragment's. */
    private static final class FragHeader {}

    private static final class Frag3Header {}

    private static final class GmsHeader {}

    private static final class Fragment {}

    @Test
    void fragHeadersOfEveryFragmentingProtocolAreFragments() {
        assertTrue(FragmentHeaders.isFragment(new FragHeader()));
        assertTrue(FragmentHeaders.isFragment(new Frag3Header()));
    }

    @Test
    void otherHeadersAndUnreadOnesAreNot() {
        assertFalse(FragmentHeaders.isFragment(new GmsHeader()));
        assertFalse(FragmentHeaders.isFragment(new Fragment()));
        assertFalse(FragmentHeaders.isFragment(null));
    }
}
