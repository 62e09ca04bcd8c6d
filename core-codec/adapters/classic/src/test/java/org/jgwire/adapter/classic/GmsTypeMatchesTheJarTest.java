package org.jgwire.adapter.classic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jgroups.protocols.pbcast.GMS;
import org.jgwire.codec.model.GmsType;
import org.junit.jupiter.api.Test;

/** {@link GmsType}'s codes and names are the jar's own ({@code GMS.GmsHeader}'s constants and {@code type2String}). */
class GmsTypeMatchesTheJarTest {
    @Test
    void everyTypeIsNamedByTheJarAsItsCodeSays() {
        for (GmsType t : GmsType.values())
            if (t != GmsType.UNKNOWN) assertEquals(t.name(), GMS.GmsHeader.type2String((byte) t.code()));
        assertEquals(GmsType.VIEW.code(), GMS.GmsHeader.VIEW);
        assertEquals(GmsType.JOIN_RSP.code(), GMS.GmsHeader.JOIN_RSP);
        assertEquals(GmsType.INSTALL_DIGEST.code(), GMS.GmsHeader.INSTALL_DIGEST);
    }
}
