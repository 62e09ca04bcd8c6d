package org.jgwire.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** JsonText writes the bytes Jackson's generator writes with default settings (the reference here). */
class JsonTextTest {
    private interface Gen {
        void write(JsonGenerator g) throws IOException;
    }

    private static String jackson(Gen body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator g = new JsonFactory().createGenerator(bytes, JsonEncoding.UTF8)) {
            body.write(g);
        }
        return bytes.toString(StandardCharsets.ISO_8859_1); // the bytes, one char each
    }

    private static String ours(OutputBuffer buf) {
        return new String(buf.bytes, 0, buf.size, StandardCharsets.ISO_8859_1);
    }

    @Test
    void asciiBytesAreEscapedAsJacksonEscapesTheirString() throws IOException {
        StringBuilder every = new StringBuilder();
        for (char c = 0; c < 0x80; c++) every.append(c);
        List<String> strings = List.of(
                "",
                "plain ascii 123",
                "exactly8",
                "seventeen chars!!",
                "quote \" and \\ backslash",
                "tab\tnewline\ncr\r",
                "x".repeat(300) + "\"",
                "\\" + "y".repeat(15),
                every.toString(),
                every.reverse().toString());
        for (String s : strings) {
            byte[] bytes = ("<<" + s + ">>").getBytes(StandardCharsets.US_ASCII); // a slice inside an array
            OutputBuffer buf = new OutputBuffer(8);
            JsonText.asciiString(bytes, 2, bytes.length - 2, buf);
            assertEquals(jackson(g -> g.writeString(s)), ours(buf), "ascii bytes " + s);
        }
    }

    @Test
    void stringsAreEscapedAsJacksonEscapesThem() throws IOException {
        List<String> strings = new ArrayList<>(List.of(
                "",
                "plain ascii 123",
                "quote \" and \\ backslash",
                "a/b",
                "tab\tnewline\ncr\rbs\bff\f",
                "nul\u0000 unit\u001f del\u007f",
                "caf\u00e9 \u20ac \u4e2d",
                "emoji \ud83d\ude00 pair",
                "x".repeat(300) + "\u00fc",
                "\u0080\u07ff\u0800\uffff"));
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x100; c++) all.append(c);
        strings.add(all.toString());
        for (String s : strings) {
            OutputBuffer buf = new OutputBuffer(8);
            if (!JsonText.plainString(s, buf)) new JacksonStrings().write(s, buf);
            assertEquals(jackson(g -> g.writeString(s)), ours(buf), "string " + s);
            assertEquals(
                    jackson(g -> g.writeString(new SerializedString(s))),
                    new String(JsonText.quoted(s), StandardCharsets.ISO_8859_1),
                    "serialized string " + s);
        }
    }

    @Test
    void plainAsciiIsTakenAsItIsAndAnythingElseLeftToJackson() {
        OutputBuffer buf = new OutputBuffer(4);
        assertEquals(true, JsonText.plainString("load A#1/10 ...", buf));
        assertEquals("\"load A#1/10 ...\"", ours(buf));
        // a question mark is looked at character by character (Latin-1 encoding writes one for what it cannot encode)
        for (String s : List.of("why?", "longer than eight? yes", "~ DEL\u007f", "12345678", "1234567", "")) {
            OutputBuffer plain = new OutputBuffer(4);
            assertEquals(true, JsonText.plainString(s, plain), s);
            assertEquals("\"" + s + "\"", ours(plain));
        }
        // U+0141 and U+4E2D: beyond Latin-1, their low bytes are the plain 'A' and '-'
        for (String s : List.of(
                "a\"b",
                "a\\b",
                "a\nb",
                "caf\u00e9",
                "\u0141\u4e2d",
                "tab\t",
                "12345678\"",
                "1234567\\",
                "\u0141\u4e2d?",
                "x".repeat(40) + "\u0000",
                "\u00ff".repeat(9))) {
            OutputBuffer other = new OutputBuffer(4);
            assertEquals(false, JsonText.plainString(s, other), s);
            assertEquals(0, other.size, "nothing appended for " + s);
        }
    }

    @Test
    void everyCharacterIsJudgedAtEveryPositionOfAWordAndOfTheTail() {
        for (char c = 0; c < 0x1A0; c++) {
            boolean plain = c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
            for (int at = 0; at < 11; at++) {
                char[] chars = "abcdefghijk".toCharArray(); // a word of eight, a tail of three
                chars[at] = c;
                String s = new String(chars);
                OutputBuffer buf = new OutputBuffer(4);
                assertEquals(plain, JsonText.plainString(s, buf), "char " + (int) c + " at " + at);
                assertEquals(plain ? "\"" + s + "\"" : "", ours(buf));
            }
        }
    }

    /**
     * ASCII bytes are judged a word at a time, where what one byte borrows in a subtraction reaches the byte above
     * it: every pair of neighbouring ASCII characters, inside a word, across two words and in the tail, is written
     * as Jackson writes it.
     */
    @Test
    void everyPairOfAsciiNeighboursIsEscapedAsJacksonEscapesIt() throws IOException {
        JsonFactory factory = new JsonFactory();
        for (int at : new int[] {0, 3, 7, 15}) { // first and middle of a word, across two words, the tail
            for (char c1 = 0; c1 < 0x80; c1++) {
                for (char c2 = 0; c2 < 0x80; c2++) {
                    char[] chars = "abcdefghijklmnopq".toCharArray(); // two words of eight, a tail of one
                    chars[at] = c1;
                    chars[at + 1] = c2;
                    String s = new String(chars);
                    OutputBuffer buf = new OutputBuffer(4);
                    JsonText.asciiString(s.getBytes(StandardCharsets.US_ASCII), 0, s.length(), buf);
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    try (JsonGenerator g = factory.createGenerator(bytes, JsonEncoding.UTF8)) {
                        g.writeString(s);
                    }
                    String expected = bytes.toString(StandardCharsets.ISO_8859_1);
                    if (!expected.equals(ours(buf)))
                        assertEquals(expected, ours(buf), "chars " + (int) c1 + ", " + (int) c2 + " at " + at);
                }
            }
        }
    }

    @Test
    void numbersAreWrittenAsJacksonWritesThem() throws IOException {
        for (long v : new long[] {
            0,
            1,
            -1,
            9,
            10,
            99,
            100,
            12345,
            -98765,
            Integer.MAX_VALUE,
            Integer.MIN_VALUE,
            Long.MAX_VALUE,
            Long.MIN_VALUE,
            1_795_323_188L,
            999_999_999_999L,
            999,
            1000,
            9999,
            10000,
            999_999_999,
            1_000_000_000,
            2_147_483_648L,
            -2_147_483_649L,
            -1_000_000_000,
            101,
            1_000_001
        }) {
            byte[] b = new byte[20];
            int end = JsonText.decimal(v, b, 0);
            assertEquals(jackson(g -> g.writeNumber(v)), new String(b, 0, end, StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void hexIsLowerCaseDigitsInQuotes() {
        OutputBuffer buf = new OutputBuffer(1);
        JsonText.hex(new byte[] {0x00, 0x0f, (byte) 0xa5, (byte) 0xff, 0x10}, buf);
        assertEquals("\"000fa5ff10\"", ours(buf));
        byte[] all = new byte[256];
        StringBuilder expected = new StringBuilder("\"");
        for (int i = 0; i < 256; i++) {
            all[i] = (byte) i;
            expected.append(String.format("%02x", i));
        }
        JsonText.hex(all, buf);
        assertEquals("\"000fa5ff10\"" + expected + "\"", ours(buf));
    }
}
