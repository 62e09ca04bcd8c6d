package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capture files compressed as users keep them (gzip, zstd, lz4, by the tools themselves) decode exactly as the plain
 * files, whatever their names; tshark reads the same gzip files; a format jgwire does not read is one line, exit 3.
 */
class CompressedCapturesTest {
    @TempDir
    static Path work;

    /** {@code tool -c FILE} (gzip, zstd, lz4: each writes the compressed file to stdout) into {@code out}. */
    private static Path compress(Path capture, String tool, Path out) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(tool, "-c", capture.toString())
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(capture.toFile()))
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), tool + " timed out");
        assertEquals(0, p.exitValue(), tool + " -c " + capture + " failed (.ci/run installs " + tool + ")");
        assertTrue(Files.size(out) < Files.size(capture), tool + " did not compress " + capture);
        return out;
    }

    @TestFactory
    List<DynamicTest> eachCompressionDecodesAsThePlainFile() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String[] sample :
                new String[][] {{"3.6.20", "udp"}, {"4.2.30", "tcp"}, {"5.5.7", "udp"}, {"5.5.7", "tcp"}})
            for (String tool : List.of("gzip", "zstd", "lz4")) {
                Path capture = Decoding.sample(sample[0], sample[1]);
                tests.add(DynamicTest.dynamicTest(sample[0] + " " + sample[1] + " " + tool, () -> {
                    Path z = compress(capture, tool, work.resolve(sample[0] + "-" + sample[1] + "-" + tool + ".bin"));
                    Decoding.Run plain = Decoding.cli(work, "decode", "--format", "jsonl", capture.toString());
                    Decoding.Run packed = Decoding.cli(work, "decode", "--format", "jsonl", z.toString());
                    assertEquals(0, plain.exit(), plain.err());
                    assertTrue(plain.messages().size() > 10, "messages in " + capture);
                    assertEquals(plain.out(), packed.out());
                    assertEquals(plain.exit(), packed.exit(), packed.err());
                }));
            }
        return tests;
    }

    @Test
    void tsharkReadsTheSameGzipFiles() throws Exception {
        Path capture = Decoding.sample("5.5.7", "udp");
        Path z = compress(capture, "gzip", work.resolve("tshark.pcapng.gz"));
        byte[] plain = Decoding.tool("tshark", "-r", capture.toString(), "-T", "fields", "-e", "frame.len");
        byte[] packed = Decoding.tool("tshark", "-r", z.toString(), "-T", "fields", "-e", "frame.len");
        assertTrue(plain.length > 0);
        assertEquals(new String(plain), new String(packed));
        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", z.toString());
        assertEquals(
                new String(plain).lines().count(),
                run.json().stream()
                        .map(n -> n.path("frame").asLong())
                        .distinct()
                        .count());
    }

    @Test
    void aFormatJgwireDoesNotReadIsOneLineAndExitCode3() throws Exception {
        Path capture = Decoding.sample("5.5.7", "udp");
        Path xz = work.resolve("capture.pcapng.xz");
        Process p = new ProcessBuilder("xz", "-c", capture.toString())
                .redirectOutput(xz.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(capture.toFile()))
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "xz failed");
        for (String command : List.of("decode", "views", "stats")) {
            Decoding.Run run = Decoding.cli(work, command, xz.toString());
            assertEquals(3, run.exit(), command + ": " + run.err());
            assertEquals(1, run.err().lines().count(), run.err());
            assertTrue(run.err().contains("is in xz format") && run.err().contains("xz -d " + xz), run.err());
        }
    }
}
