package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class JarVersionTest {
    /** As {@code org.jgroups.Version} of 4.2.30 holds it: not a constant, so never inlined into an adapter. */
    public static final class Version {
        public static final short version = encode();

        private static short encode() {
            return (short) (4 << 11 | 2 << 6 | 30);
        }
    }

    @Test
    void readsTheVersionShortOfTheJarsVersionClass() throws Exception {
        assertEquals("4.2.30", JarVersion.of(Version.class).toString());
    }

    @Test
    void aClassWithoutTheFieldIsRefused() {
        assertThrows(NoSuchFieldException.class, () -> JarVersion.of(String.class));
    }
}
