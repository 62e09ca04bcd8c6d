package org.jgwire.codec.cluster.node;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LoadShapeTest {
    private static final LoadShape TEXT = LoadShape.parse("100-1000");
    private static final LoadShape BINARY = LoadShape.parse("100-1000:binary");

    @Test
    void spellingsReadBackAsWritten() {
        assertEquals(new LoadShape(100, 100, false), LoadShape.parse("100"));
        assertEquals(new LoadShape(100, 1000, false), TEXT);
        assertEquals(new LoadShape(100, 1000, true), BINARY);
        for (String s : new String[] {"100", "100-1000", "100-1000:binary", "64:binary"})
            assertEquals(s, LoadShape.parse(s).spec());
        assertThrows(IllegalArgumentException.class, () -> LoadShape.parse("1000-100"));
        assertThrows(IllegalArgumentException.class, () -> LoadShape.parse("100-x"));
        assertThrows(IllegalArgumentException.class, () -> LoadShape.parse("100:text"));
    }

    @Test
    void scenarioNamesGiveTheirShape() {
        assertEquals(new LoadShape(100, 100, false), LoadShape.ofScenario("load"));
        assertEquals(new LoadShape(100, 100, false), LoadShape.ofScenario("load:5"));
        assertEquals(BINARY, LoadShape.ofScenario("load:5:100-1000:binary"));
        assertNull(LoadShape.ofScenario("chat"));
        assertNull(LoadShape.ofScenario("loader"));
    }

    @Test
    void oneSizeKeepsTheDottedPayload() {
        assertEquals(
                "load A#17/1000 .....",
                new String(new LoadShape(20, 20, false).payload("A", 17, 1000), StandardCharsets.US_ASCII));
    }

    @Test
    void drawnSizesStayInTheRangeAndSpreadOverIt() {
        Set<Integer> sizes = new HashSet<>();
        int below550 = 0;
        for (long seq = 1; seq <= 2000; seq++) {
            byte[] p = TEXT.payload("B", seq, 2000);
            assertTrue(p.length >= 100 && p.length <= 1000, "size " + p.length);
            assertEquals(TEXT.size("B", seq), p.length);
            sizes.add(p.length);
            if (p.length < 550) below550++;
        }
        assertTrue(sizes.size() > 500, "distinct sizes: " + sizes.size());
        assertTrue(below550 > 800 && below550 < 1200, "about half below the middle: " + below550);
    }

    @Test
    void samePayloadForTheSameSenderAndSequenceOnly() {
        assertArrayEquals(TEXT.payload("A", 5, 9), TEXT.payload("A", 5, 9));
        byte[] a = TEXT.payload("A", 5, 9), b = TEXT.payload("A", 6, 9), c = TEXT.payload("C", 5, 9);
        int head = "load A#5/9 ".length();
        assertFalse(Arrays.equals(a, head, head + 50, b, head, head + 50));
        assertFalse(Arrays.equals(a, head, head + 50, c, head, head + 50));
    }

    @Test
    void textIsPrintableAsciiAfterTheHeadAndBinaryIsNot() {
        byte[] text = TEXT.payload("A", 3, 10);
        String s = new String(text, StandardCharsets.ISO_8859_1);
        assertTrue(s.startsWith("load A#3/10 "), s);
        for (byte b : text) assertTrue(b >= 0x20 && b < 0x7F, "byte " + b);
        int control = 0, high = 0;
        for (long seq = 1; seq <= 20; seq++) {
            byte[] bin = BINARY.payload("A", seq, 20);
            assertTrue(new String(bin, StandardCharsets.ISO_8859_1).startsWith("load A#" + seq + "/20 "));
            for (byte b : bin) {
                if (b < 0) high++;
                else if (b < 0x20) control++;
            }
        }
        assertTrue(control > 100 && high > 1000, control + " control bytes, " + high + " above 127");
    }
}
