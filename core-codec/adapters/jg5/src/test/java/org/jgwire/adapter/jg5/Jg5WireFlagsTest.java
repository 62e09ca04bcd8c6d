package org.jgwire.adapter.jg5;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import org.jgroups.BaseMessage;
import org.jgroups.protocols.TP;
import org.jgwire.codec.runtime.WireFlags;
import org.junit.jupiter.api.Test;

/** The flag bits the engine writes down once are the ones the 5.x jar writes. */
class Jg5WireFlagsTest {
    @Test
    void frameFlagsAreTheTransportsOwn() {
        assertEquals(TP.LIST, WireFlags.LIST);
        assertEquals(TP.MULTICAST, WireFlags.MULTICAST);
    }

    @Test
    void leadingByteBitsAreTheMessagesOwn() throws Exception {
        assertEquals(bits("DEST_SET"), WireFlags.DEST_SET);
        assertEquals(bits("SRC_SET"), WireFlags.SRC_SET);
    }

    /** Package-private in the jar. */
    private static int bits(String name) throws ReflectiveOperationException {
        Field f = BaseMessage.class.getDeclaredField(name);
        f.setAccessible(true);
        return ((Number) f.get(null)).intValue();
    }
}
