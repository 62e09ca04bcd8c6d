package org.jgwire.codec.capture;

import static org.jgwire.codec.capture.TextInputs.channel;
import static org.jgwire.codec.capture.TextInputs.hex;
import static org.jgwire.codec.capture.TextInputs.readAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;

class HexLineSourceTest {
    // The start of a 5.5.7 frame: version 0x2947, flags 0x02 (MULTICAST), type 0x0001 (BytesMessage),
    // leading 0x00, message flags 0x0000, header count 0x0003, then the first header's protocol id 0x0039 (TP)
    private static final String FRAME = "2947" + "02" + "0001" + "00" + "0000" + "0003" + "0039";

    @Test
    void readsOneDatagramPerPlainHexLine() throws IOException {
        HexLineSource source = new HexLineSource(channel(FRAME + "\n" + "2947000004\n"), false);
        List<PayloadChunk> chunks = readAll(source);
        assertEquals(2, chunks.size());
        assertArrayEquals(hex(FRAME), chunks.get(0).data());
        assertArrayEquals(hex("2947000004"), chunks.get(1).data());
        assertEquals(-1, chunks.get(0).stream());
        assertEquals(1, chunks.get(0).number());
        assertEquals(2, chunks.get(1).number());
        assertEquals(-1, chunks.get(0).tsNanos());
        assertEquals(0, source.badLines());
    }

    @Test
    void datagramLinesMayBeOtherTrafficButTheLinesOfOneTcpStreamAreNot() {
        assertTrue(new HexLineSource(channel(FRAME + "\n"), false).mayHoldOtherTraffic());
        assertFalse(new HexLineSource(channel(FRAME + "\n"), true).mayHoldOtherTraffic());
    }

    @Test
    void readsColonSeparatedHexAsOlderTsharkPrintsIt() throws IOException {
        List<PayloadChunk> chunks = readAll(new HexLineSource(channel("29:47:02:00:01\n2A:ff\n"), false));
        assertArrayEquals(hex("2947020001"), chunks.get(0).data());
        assertArrayEquals(new byte[] {0x2a, (byte) 0xff}, chunks.get(1).data());
    }

    @Test
    void acceptsUpperCaseAndSpaceSeparatedBytes() throws IOException {
        List<PayloadChunk> chunks = readAll(new HexLineSource(channel("DE AD BE EF\n"), false));
        assertArrayEquals(hex("deadbeef"), chunks.get(0).data());
    }

    @Test
    void stripsCarriageReturnsOfCrlfLines() throws IOException {
        List<PayloadChunk> chunks = readAll(new HexLineSource(channel(FRAME + "\r\n2947\r\n"), false));
        assertEquals(2, chunks.size());
        assertArrayEquals(hex(FRAME), chunks.get(0).data());
        assertArrayEquals(hex("2947"), chunks.get(1).data());
    }

    @Test
    void readsALastLineWithoutNewline() throws IOException {
        List<PayloadChunk> chunks = readAll(new HexLineSource(channel("aa\nbbcc"), false));
        assertArrayEquals(hex("bbcc"), chunks.get(1).data());
    }

    @Test
    void emptyInputYieldsNothing() throws IOException {
        HexLineSource source = new HexLineSource(channel(""), false);
        assertEquals(null, source.next());
        assertEquals(List.of(), source.drainProblems());
    }

    @Test
    void skipsBlankAndCommentLinesSilentlyButNumbersEveryLine() throws IOException {
        HexLineSource source = new HexLineSource(channel("\n   \n# captured by hand\n" + FRAME + "\n"), false);
        List<PayloadChunk> chunks = readAll(source);
        assertEquals(1, chunks.size());
        assertEquals(4, chunks.get(0).number());
        assertEquals(List.of(), source.drainProblems());
    }

    @Test
    void reportsOddLengthAndNonHexLinesAndGoesOn() throws IOException {
        String text = "abc\n" + FRAME + "\nhello world\n29:4:70\n" + "aabb\n";
        HexLineSource source = new HexLineSource(channel(text), false);
        List<PayloadChunk> chunks = readAll(source);
        assertEquals(2, chunks.size());
        assertEquals(2, chunks.get(0).number());
        assertEquals(5, chunks.get(1).number());
        List<ErrorRecord> problems = source.drainProblems();
        assertEquals(3, problems.size());
        assertEquals(1, problems.get(0).frame().packet());
        assertEquals(ProblemKind.MALFORMED, problems.get(0).problem());
        assertTrue(
                problems.get(0).message().contains("odd number of hex digits (3)"),
                problems.get(0).message());
        assertEquals(3, problems.get(1).frame().packet());
        assertTrue(
                problems.get(1).message().contains("not hex at column 1"),
                problems.get(1).message());
        assertEquals(4, problems.get(2).frame().packet());
        // offset of 'h' in the input: "abc\n" (4) + FRAME + "\n" (11)
        assertEquals(4 + FRAME.length() + 1, problems.get(1).offset());
        assertEquals(3, source.badLines());
        assertEquals(List.of(), source.drainProblems());
    }

    @Test
    void findsTheHexColumnAndTheEpochTimeAmongTabSeparatedFields() throws IOException {
        // tshark -T fields -e frame.number -e frame.time_epoch -e udp.payload
        String text = "1\t1795321070.368997000\t\n" // no payload: skipped
                + "2\t1795321070.369027123\t" + FRAME + "\n"
                + "3\t1795321070.5\t0102\n"; // short payload in the column found on line 2
        HexLineSource source = new HexLineSource(channel(text), false);
        List<PayloadChunk> chunks = readAll(source);
        assertEquals(2, chunks.size());
        assertArrayEquals(hex(FRAME), chunks.get(0).data());
        assertEquals(2, chunks.get(0).number());
        assertEquals(1795321070_369027123L, chunks.get(0).tsNanos());
        assertArrayEquals(hex("0102"), chunks.get(1).data());
        assertEquals(1795321070_500000000L, chunks.get(1).tsNanos());
        assertEquals(List.of(), source.drainProblems());
    }

    @Test
    void takesAPayloadOfDecimalDigitsWhenItIsTheLastField() throws IOException {
        List<PayloadChunk> chunks = readAll(new HexLineSource(channel("7\t1795321070.1\t2947020001\n"), false));
        assertArrayEquals(hex("2947020001"), chunks.get(0).data());
        assertEquals(1795321070_100000000L, chunks.get(0).tsNanos());
    }

    @Test
    void readsQuotedCommaSeparatedFields() throws IOException {
        // tshark -T fields -E separator=, -E quote=d -e frame.number -e udp.srcport -e data
        String text = "\"4\",\"45588\",\"62656c612947\"\n\"5\",\"7800\",\n\"6\",\"7800\",\"00017265706c79\"\n";
        List<PayloadChunk> chunks = readAll(new HexLineSource(channel(text), false));
        assertEquals(2, chunks.size());
        assertArrayEquals(
                "bela)G".getBytes(StandardCharsets.ISO_8859_1), chunks.get(0).data());
        assertArrayEquals(hex("00017265706c79"), chunks.get(1).data());
        assertEquals(3, chunks.get(1).number());
    }

    @Test
    void doesNotTakeAFrameNumberOrPortForThePayload() throws IOException {
        // frame.number and udp.dstport are valid hex by their digits, but no payload field is present
        HexLineSource source = new HexLineSource(channel("12\t7800\t\n"), false);
        assertEquals(null, source.next());
        assertEquals(List.of(), source.drainProblems());
    }

    @Test
    void reportsABadPayloadInTheHexColumn() throws IOException {
        String text = "1\t" + FRAME + "\n2\t29470\n3\t2947zz\n";
        HexLineSource source = new HexLineSource(channel(text), false);
        assertEquals(1, readAll(source).size());
        List<ErrorRecord> problems = source.drainProblems();
        assertEquals(2, problems.size());
        assertTrue(problems.get(0).message().startsWith("line 2: odd number of hex digits (5)"));
        assertTrue(
                problems.get(1).message().startsWith("line 3: not hex at column 7 ('z')"),
                problems.get(1).message());
    }

    @Test
    void givesLinesAsConsecutiveBytesOfStreamZeroWithTcp() throws IOException {
        List<PayloadChunk> chunks = readAll(new HexLineSource(channel("62656c61\n2947\n"), true));
        assertEquals(0, chunks.get(0).stream());
        assertEquals(0, chunks.get(1).stream());
        assertTrue(!chunks.get(0).isDatagram());
    }

    @Test
    void readsLinesSplitAcrossReadsOneByteAtATime() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 300; i++) sb.append(String.format("%04x", i)).append(i % 2 == 0 ? "\n" : "\r\n");
        List<PayloadChunk> chunks = readAll(
                new HexLineSource(TextInputs.trickle(sb.toString().getBytes(StandardCharsets.US_ASCII)), false));
        assertEquals(300, chunks.size());
        for (int i = 0; i < 300; i++) {
            assertArrayEquals(
                    new byte[] {(byte) (i >> 8), (byte) i}, chunks.get(i).data());
        }
    }

    @Test
    void readsALineLongerThanTheInitialBuffer() throws IOException {
        byte[] big = new byte[100_000]; // two 64 KB buffers' worth of hex digits
        for (int i = 0; i < big.length; i++) big[i] = (byte) (i * 31);
        String text = "aa\n" + HexFormat.ofDelimiter(":").formatHex(big) + "\nbb\n";
        List<PayloadChunk> chunks = readAll(new HexLineSource(channel(text), false));
        assertEquals(3, chunks.size());
        assertArrayEquals(big, chunks.get(1).data());
        assertArrayEquals(hex("bb"), chunks.get(2).data());
    }

    @Test
    void skipsAndReportsALineLongerThanTheMaximum() throws IOException {
        String text = "aabb\n" + "cc".repeat(100) + "\nddee\n";
        HexLineSource source = new HexLineSource(
                channel(text), false, Limits.builder().maxTextLine(64).build());
        List<PayloadChunk> chunks = readAll(source);
        assertEquals(2, chunks.size());
        assertArrayEquals(hex("ddee"), chunks.get(1).data());
        assertEquals(3, chunks.get(1).number());
        List<ErrorRecord> problems = source.drainProblems();
        assertEquals(1, problems.size());
        assertEquals(ProblemKind.LIMIT, problems.get(0).problem());
        assertEquals(
                "line 2 is 200 characters long, more than the maximum (64); skipped",
                problems.get(0).message());
    }

    @Test
    void keepsAtMostAThousandReportsBetweenReads() throws IOException {
        String text = "zz\n".repeat(Limits.DEFAULTS.maxPendingBadLines() + 5) + "aa\n";
        HexLineSource source = new HexLineSource(channel(text), false);
        assertEquals(1, readAll(source).size());
        List<ErrorRecord> problems = source.drainProblems();
        assertEquals(Limits.DEFAULTS.maxPendingBadLines() + 1, problems.size());
        assertTrue(problems.get(Limits.DEFAULTS.maxPendingBadLines()).message().startsWith("5 more bad lines"));
        assertEquals(Limits.DEFAULTS.maxPendingBadLines() + 5, source.badLines());
    }
}
