package org.jgwire.codec.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class GmsTypeTest {
    @Test
    void aNameGivesItsCodeAndTheCodeItsName() {
        assertEquals(5, GmsType.of("VIEW").code());
        assertSame(GmsType.VIEW, GmsType.of(5));
        for (GmsType t : GmsType.values()) if (t != GmsType.UNKNOWN) assertSame(t, GmsType.of(t.code()));
    }

    @Test
    void anythingElseIsUnknownNeverNull() {
        assertSame(GmsType.UNKNOWN, GmsType.of("NO_SUCH_TYPE"));
        assertSame(GmsType.UNKNOWN, GmsType.of("UNKNOWN"));
        assertSame(GmsType.UNKNOWN, GmsType.of((String) null));
        assertSame(GmsType.UNKNOWN, GmsType.of(0));
        assertSame(GmsType.UNKNOWN, GmsType.of(17));
        assertSame(GmsType.UNKNOWN, GmsType.of(-1));
    }
}
