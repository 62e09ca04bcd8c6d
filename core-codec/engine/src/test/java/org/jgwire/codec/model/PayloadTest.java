package org.jgwire.codec.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A payload kept as ASCII bytes reads back as the one made from strings (PrintableRuns.of is the reference). */
class PayloadTest {
    private static final byte[] HEAD = {1, 2};

    /** The payload as the string path makes it: text of its first {@code textLen} bytes, runs by PrintableRuns. */
    private static Payload viaStrings(byte[] b, int textLen, int maxChars) {
        String text = textLen < 0 ? null : new String(b, 0, textLen, StandardCharsets.ISO_8859_1);
        return Payload.of(b.length, text, HEAD, null, b, 0, b.length, maxChars);
    }

    private static void same(byte[] b, int textLen, int maxChars) {
        boolean printable = true;
        for (byte x : b) printable &= x >= 0x20 && x < 0x7F || x == '\t' || x == '\n' || x == '\r';
        Payload bytes = printable
                ? Payload.ofPrintableAscii(b.length, textLen, HEAD, null, b, 0, b.length, maxChars)
                : Payload.ofBinary(b.length, HEAD, null, b, 0, b.length, maxChars);
        int kind = PrintableRuns.printableAscii(b, 0, b.length);
        assertEquals(printable, kind != PrintableRuns.NOT_PRINTABLE);
        if (printable) { // told whether controls are there, the same payload
            Payload told = Payload.ofPrintableAscii(
                    b.length, textLen, HEAD, null, b, 0, b.length, maxChars, kind == PrintableRuns.SOME_CONTROLS);
            assertEquals(bytes, told);
        }
        Payload strings = viaStrings(b, textLen, maxChars);
        assertEquals(strings.text(), bytes.text());
        assertEquals(strings.strings(), bytes.strings());
        assertEquals(strings, bytes);
        assertEquals(strings.hashCode(), bytes.hashCode());
        // what a writer copies is what the strings say
        if (textLen >= 0)
            assertEquals(
                    bytes.text(),
                    new String(bytes.asciiBytes(), 0, bytes.asciiTextLength(), StandardCharsets.US_ASCII));
        for (int i = 0; i < bytes.asciiRuns(); i++)
            assertEquals(
                    bytes.strings().get(i),
                    new String(
                            bytes.asciiBytes(),
                            bytes.runStart(i),
                            bytes.runEnd(i) - bytes.runStart(i),
                            StandardCharsets.US_ASCII));
    }

    @Test
    void wholeTextHasNoRuns() {
        byte[] b = "hello world".getBytes(StandardCharsets.US_ASCII);
        Payload p = Payload.ofPrintableAscii(b.length, b.length, HEAD, null, b, 0, b.length, 512);
        assertEquals("hello world", p.text());
        assertEquals(List.of(), p.strings());
        assertEquals(0, p.asciiRuns());
        same(b, b.length, 512);
    }

    @Test
    void cutTextSitsInsideTheFirstRunOrBeforeTheRuns() {
        byte[] long1 = "abcdefghij".repeat(100).getBytes(StandardCharsets.US_ASCII);
        same(long1, 256, 512); // the text is the first run's start
        byte[] crlf = ("ab\r\ncdefgh" + "x".repeat(600)).getBytes(StandardCharsets.US_ASCII);
        same(crlf, 256, 512); // CR LF end the first run: the text is laid out before the runs
        same(crlf, 256, 3); // no budget for runs
        same(long1, -1, 512); // too long for text: runs only
        same("ab\tcd".getBytes(StandardCharsets.US_ASCII), -1, 512); // a tab belongs to a run
        same("abc".getBytes(StandardCharsets.US_ASCII), -1, 512); // too short for a run
    }

    @Test
    void printableAsciiIsTabCrLfAndSpaceToTilde() {
        StringBuilder ok = new StringBuilder("\t\r\n");
        for (char c = 0x20; c < 0x7F; c++) ok.append(c);
        byte[] good = ok.toString().getBytes(StandardCharsets.US_ASCII);
        assertTrue(PrintableRuns.isPrintableAscii(good, 0, good.length));
        assertEquals(PrintableRuns.SOME_CONTROLS, PrintableRuns.printableAscii(good, 0, good.length));
        for (int from : new int[] {3, 4, 10}) // the controls are the first three bytes
        assertEquals(PrintableRuns.NO_CONTROLS, PrintableRuns.printableAscii(good, from, good.length - from));
        for (int at = 3; at < good.length; at++) { // a control in a word or in the tail is seen
            byte[] b = good.clone();
            b[at] = '\n';
            assertEquals(PrintableRuns.SOME_CONTROLS, PrintableRuns.printableAscii(b, 3, b.length - 3), "at " + at);
        }
        for (int bad : new int[] {0, 8, 0x0B, 0x1F, 0x7F, 0x80, 0xFF}) // at every position of a word and the tail
        for (int at = 0; at < good.length; at += 7) {
                byte[] b = good.clone();
                b[at] = (byte) bad;
                assertFalse(PrintableRuns.isPrintableAscii(b, 0, b.length), "byte " + bad + " at " + at);
                assertTrue(PrintableRuns.isPrintableAscii(b, at + 1, b.length - at - 1), "after " + at);
            }
    }

    /**
     * Bytes are judged a word at a time, where what one byte borrows in a subtraction reaches the byte above it:
     * every pair of neighbouring byte values, inside a word, across two words and in the tail, is judged as a byte
     * by byte reading judges it.
     */
    @Test
    void everyPairOfNeighbouringBytesIsJudgedAsByteByByte() {
        for (int at : new int[] {0, 3, 7, 15}) { // first and middle of a word, across two words, the tail
            for (int b1 = 0; b1 < 256; b1++) {
                for (int b2 = 0; b2 < 256; b2++) {
                    byte[] b = "abcdefghijklmnopq".getBytes(StandardCharsets.US_ASCII); // two words, a tail of one
                    b[at] = (byte) b1;
                    b[at + 1] = (byte) b2;
                    int expected = PrintableRuns.NO_CONTROLS;
                    for (byte x : b) {
                        if (x == '\t' || x == '\n' || x == '\r') {
                            if (expected == PrintableRuns.NO_CONTROLS) expected = PrintableRuns.SOME_CONTROLS;
                        } else if (x < 0x20 || x == 0x7F) expected = PrintableRuns.NOT_PRINTABLE; // x < 0: non-ASCII
                    }
                    int kind = PrintableRuns.printableAscii(b, 0, b.length);
                    if (kind != expected) assertEquals(expected, kind, "bytes " + b1 + ", " + b2 + " at " + at);
                }
            }
        }
    }

    @Test
    void randomBinaryPayloadsHaveTheRunsStringsFinds() {
        java.util.Random random = new java.util.Random(42);
        for (int n = 0; n < 500; n++) {
            byte[] b = new byte[random.nextInt(300)];
            for (int i = 0; i < b.length; i++) // printable more often than uniform bytes are, for longer runs
            b[i] = (byte) (random.nextInt(3) > 0 ? 0x20 + random.nextInt(95) : random.nextInt(256));
            same(b, -1, random.nextInt(200));
        }
    }

    @Test
    void binaryPayloadHasRunsAndNoText() {
        byte[] b = "\u0001\u0002abc\u0000defg\u0003\u0004hijklmnop\u0005qrst".getBytes(StandardCharsets.ISO_8859_1);
        Payload p = Payload.ofBinary(b.length, HEAD, null, b, 0, b.length, 10);
        assertNull(p.text());
        assertFalse(p.hasAsciiText());
        assertTrue(p.hasAsciiRuns());
        assertEquals(List.of("defg", "hijklm"), p.strings()); // abc is too short; the budget cuts the last
        same(b, -1, 10);
        same(b, -1, 512);
    }
}
