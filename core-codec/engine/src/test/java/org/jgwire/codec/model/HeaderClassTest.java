package org.jgwire.codec.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HeaderClassTest {
    @Test
    void aNameIsOneInstanceHoweverItsStringWasMade() {
        String built = new StringBuilder("Gms").append("Header").toString();
        assertSame(HeaderClass.GMS, HeaderClass.of(built));
        assertSame(HeaderClass.of("SomeThirdPartyHeader"), HeaderClass.of(new String("SomeThirdPartyHeader")));
    }

    @Test
    void printsAsTheSimpleClassName() {
        assertEquals("Frag3Header", HeaderClass.FRAG3.name());
        assertEquals("Header", HeaderClass.RPC + "");
    }

    @Test
    void noNameIsTheUnknownClass() {
        assertSame(HeaderClass.UNKNOWN, HeaderClass.of(null));
        assertSame(HeaderClass.UNKNOWN, HeaderClass.of(""));
    }

    @Test
    void eachClassHasAnIndexOfItsOwnTheConstantsTheSmallest() {
        List<HeaderClass> constants = List.of(
                HeaderClass.UNKNOWN,
                HeaderClass.COMPRESS,
                HeaderClass.SEQUENCER,
                HeaderClass.ENCRYPT,
                HeaderClass.FORK,
                HeaderClass.FRAG,
                HeaderClass.FRAG3,
                HeaderClass.GMS,
                HeaderClass.FC,
                HeaderClass.HEARTBEAT,
                HeaderClass.FD_SOCK,
                HeaderClass.VERIFY_SUSPECT,
                HeaderClass.PING,
                HeaderClass.MERGE3,
                HeaderClass.RPC,
                HeaderClass.RPC_MULTI);
        Set<Integer> indexes = new HashSet<>();
        for (HeaderClass c : constants) indexes.add(c.index());
        assertEquals(constants.size(), indexes.size());
        for (int i : indexes) assertEquals(true, i < constants.size(), "index " + i);
        assertNotEquals(
                HeaderClass.FRAG.index(), HeaderClass.of("AnotherHeaderOfATest").index());
    }
}
