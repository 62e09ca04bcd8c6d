package org.jgwire.tests.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.CaptureFormatException;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.PayloadChunk;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.Record;

/**
 * What every fuzz target checks, whatever the bytes: no exception escapes (a bad capture ends with a {@link
 * CaptureFormatException} at most), no error text is a Java exception's or a stack trace, every unit handed out is
 * within the input and the limits, and nothing stays held at the end.
 */
final class Invariants {
    /**
     * How long a target fuzzes when run alone with {@code JAZZER_FUZZ=1} (from an IDE); {@code mvn verify} and
     * {@code tests/fuzz.sh} pass their own time, which wins over this one.
     */
    static final String FUZZ_TIME = "3m";

    /** Small bounds, so that the limits are reached by inputs of a fuzzer's size. */
    static final Limits LIMITS = Limits.builder()
            .maxCaptureBlock(1 << 16)
            .maxTextLine(1 << 14)
            .maxFrameLength(1 << 16)
            .maxStreamBuffer(1 << 16)
            .maxOpenStreams(64)
            .maxHeldBytes(1 << 18)
            .build();

    private static final Pattern THROWN = Pattern.compile("(?s).*(Exception|[A-Z][a-z]+Error)\\b.*");

    /** From the first quote to the last: excerpts of the input may hold quotes themselves. */
    private static final Pattern QUOTED = Pattern.compile("(?s)'.*'");

    private Invariants() {}

    /**
     * Returns {@code input}, first written as a seed of {@code target} (a fuzz test method of {@code test}) under the
     * folder the system property {@code jgwire.fuzz.seeds} names, when it is set ({@code tests/fuzz.sh} sets it to
     * the corpus folder Jazzer fuzzes from).
     */
    static byte[] seed(Class<?> test, String target, byte[] input) throws IOException {
        String dir = System.getProperty("jgwire.fuzz.seeds");
        if (dir == null || dir.isBlank()) return input;
        Path d = Path.of(dir, test.getName(), target);
        Files.createDirectories(d);
        Files.write(d.resolve("seed-" + Integer.toHexString(Arrays.hashCode(input)) + "-" + input.length), input);
        return input;
    }

    static ReadableByteChannel channel(byte[] data) {
        return Channels.newChannel(new ByteArrayInputStream(data));
    }

    /**
     * An error record's text describes the bytes, not the decoder. What it quotes of the input ({@code '...'}) is the
     * input's words, so the check for a Java exception's name skips it: a line of text saying "Exception" is no
     * finding.
     */
    static void plain(String message) {
        assertFalse(message == null || message.isBlank(), "an error without a message");
        assertFalse(message.contains("\tat ") || message.contains("\n\tat"), "a stack trace: " + message);
        String unquoted = QUOTED.matcher(message).replaceAll("''");
        assertFalse(THROWN.matcher(unquoted).matches(), "a Java exception's text: " + message);
    }

    static void plain(Record r) {
        if (r instanceof ErrorRecord e) plain(e.message());
    }

    /**
     * Reads a source to its end: every unit holds fewer bytes than the input (text sources: than its hex), the count
     * of units is bounded by the input's size, and a capture format error is the only way to stop early.
     *
     * @return units read
     */
    static int drain(CaptureSource source, int inputLength) throws IOException {
        int units = 0;
        try {
            for (Captured c; (c = source.next()) != null; ) {
                units++;
                int n = c instanceof RawPacket p ? p.data().length : ((PayloadChunk) c).data().length;
                assertTrue(n <= inputLength, "a unit of " + n + " bytes from an input of " + inputLength);
                assertTrue(n <= LIMITS.maxCaptureBlock(), "a unit larger than the capture block limit: " + n);
                assertTrue(units <= inputLength + 1, "more units than input bytes");
                for (ErrorRecord e : source.drainProblems()) plain(e.message());
            }
        } catch (CaptureFormatException e) {
            plain(e.getMessage());
        }
        for (ErrorRecord e : source.drainProblems()) plain(e.message());
        return units;
    }
}
