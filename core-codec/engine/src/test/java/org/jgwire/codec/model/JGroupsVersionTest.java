package org.jgwire.codec.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JGroupsVersionTest {
    @Test
    void aVersionShortGivesItsNumbersAndText() {
        JGroupsVersion v = JGroupsVersion.valueOf(5 << 11 | 5 << 6 | 7);

        assertEquals(5, v.major());
        assertEquals(5, v.minor());
        assertEquals(7, v.micro());
        assertEquals("5.5.7", v.toString());
        assertEquals(0x2947, v.toShort());
    }

    @Test
    void eachShortHasOneInstanceWhoseTextIsMadeOnce() {
        JGroupsVersion v = JGroupsVersion.valueOf(0x2947);

        assertSame(v, JGroupsVersion.valueOf(0x2947));
        assertSame(v, JGroupsVersion.parse("5.5.7.Final"));
        assertSame(v, JGroupsVersion.of(5, 5, 7));
        assertSame(v.toString(), JGroupsVersion.valueOf((short) 0x2947).toString());
    }

    @Test
    void aNegativeShortIsReadAsTheUnsignedValueOnTheWire() {
        JGroupsVersion v = JGroupsVersion.valueOf((short) 0xFFFF);

        assertEquals("31.31.63", v.toString());
        assertEquals(0xFFFF, v.toShort());
    }

    @Test
    void versionsOrderByTheirShort() {
        assertTrue(JGroupsVersion.parse("4.2.4").compareTo(JGroupsVersion.parse("4.2.30")) < 0);
        assertTrue(JGroupsVersion.parse("5.0.0").compareTo(JGroupsVersion.parse("4.2.30")) > 0);
    }

    @Test
    void textThatIsNoVersionOrDoesNotFitTheShortIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> JGroupsVersion.parse("five"));
        assertThrows(IllegalArgumentException.class, () -> JGroupsVersion.parse("5.32.0"));
        assertThrows(IllegalArgumentException.class, () -> JGroupsVersion.of(5, 5, 64));
        assertEquals("5.3.0", JGroupsVersion.parse("5.3").toString());
    }

    @Test
    void eachMajorWithAnAdapterHasAFamily() {
        assertEquals(ApiFamily.JG36, ApiFamily.of(JGroupsVersion.parse("3.5.1")));
        assertEquals(ApiFamily.JG4, ApiFamily.of(JGroupsVersion.parse("4.0.0")));
        assertEquals(ApiFamily.JG5, ApiFamily.of(JGroupsVersion.parse("5.5.7")));
        assertNull(ApiFamily.of(JGroupsVersion.parse("6.0.0")));
        assertEquals("jg36", ApiFamily.JG36.id());
    }
}
