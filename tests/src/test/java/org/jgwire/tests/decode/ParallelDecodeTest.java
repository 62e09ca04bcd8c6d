package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.jgwire.cli.samples.SampleLibrary;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frames decoded on several threads ({@code --threads}) give the bytes a decode on one thread gives: the same lines
 * in the same order, the same summary and exit code, on every sample, and where {@code -c} stops the decode part
 * way (frames decoded ahead of the stopping one must not show, nor count).
 */
class ParallelDecodeTest {
    @TempDir
    static Path work;

    @TestFactory
    Stream<DynamicTest> everySampleDecodesAlikeOnOneAndOnFourThreads() {
        Path dir = Decoding.samples();
        return SampleLibrary.all(SampleLibrary.bundledVersions(Decoding.home())).stream()
                .map(s -> DynamicTest.dynamicTest(s.toString(), () -> {
                    Path capture = s.capture(dir);
                    assertTrue(Files.isRegularFile(capture), "sample missing: " + capture);
                    sameOnOneAndFour(capture, "--format", "jsonl");
                }));
    }

    @Test
    void textAndUnreassembledFragmentsAlike() throws IOException {
        Path large = Decoding.sample("5.5.7", "udp", "large");
        sameOnOneAndFour(large);
        sameOnOneAndFour(large, "--format", "jsonl", "--no-reassemble");
        sameOnOneAndFour(Decoding.sample("4.2.30", "tcp"), "--time-format", "relative");
    }

    @Test
    void countStopsAtTheSameRecordWithTheSameSummary() throws IOException {
        for (Path capture : List.of(
                Decoding.sample("5.5.7", "udp", "large"),
                Decoding.sample("5.5.7", "tcp"),
                Decoding.sample("3.6.20", "udp"))) {
            int lines = lines(run(capture, "1", "--format", "jsonl").out()).size();
            assertTrue(lines > 20, capture + ": only " + lines + " records");
            for (int count : new int[] {1, 2, lines / 3, lines / 2, lines - 1})
                sameOnOneAndFour(capture, "--format", "jsonl", "-c", String.valueOf(count));
        }
    }

    @Test
    void aCaptureCutShortEndsWithTheSameErrorAfterTheSameRecords() throws IOException {
        Path whole = Decoding.sample("5.5.7", "udp", "large");
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = work.resolve("cut.pcapng");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length * 2 / 3));
        Decoding.Run one = sameOnOneAndFour(cut, "--format", "jsonl");
        assertEquals(1, one.exit(), one.err());
        assertTrue(one.out().contains("\"kind\":\"error\""), "the cut is reported");
    }

    @Test
    void fewerThanOneThreadIsAUsageError() throws IOException {
        Decoding.Run run = run(Decoding.sample("5.5.7", "udp"), "0");
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("--threads must be at least 1, got 0"), run.err());
    }

    /** Decodes with 1 and with 4 threads, fails unless output, summary and exit code agree; gives the first run. */
    private static Decoding.Run sameOnOneAndFour(Path capture, String... options) throws IOException {
        Decoding.Run one = run(capture, "1", options), four = run(capture, "4", options);
        String what = capture.getFileName() + " " + String.join(" ", options);
        assertEquals(one.exit(), four.exit(), what + ": exit code");
        assertEquals(one.err(), four.err(), what + ": summary");
        assertEquals(lines(one.out()), lines(four.out()), what + ": records");
        assertEquals(one.out(), four.out(), what + ": bytes");
        return one;
    }

    private static Decoding.Run run(Path capture, String threads, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("decode", "--no-progress", "--threads", threads));
        args.addAll(List.of(options));
        args.add(capture.toString());
        return Decoding.cli(work, args.toArray(String[]::new));
    }

    private static List<String> lines(String text) {
        return text.lines().toList();
    }
}
