package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jgwire.cli.JgwireCommand;
import org.jgwire.cli.samples.SampleLibrary;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.pipeline.Decoder;
import picocli.CommandLine;

/** Shared by the end-to-end decode and CLI tests: the samples, the decoder, the CLI in-process, tshark. */
public final class Decoding {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Decoding() {}

    public static Path home() {
        return Path.of(System.getProperty("jgwire.home", "../cli/target/jgwire"))
                .toAbsolutePath();
    }

    public static Path samples() {
        return Path.of(System.getProperty("jgwire.samples", "../samples")).toAbsolutePath();
    }

    /**
     * Every committed chat sample whose messages travel in clear and straight from their senders, in the library's
     * order: all but the {@code encrypt} stack's (SYM_ENCRYPT below NAKACK2 leaves no text or view to compare) and the
     * {@code relay2} stack's (site masters forward messages under their own addresses); {@code VerifyCommandTest}
     * and {@code GoldenDecodeTest} cover those.
     */
    public static List<Path> sampleCaptures() {
        List<Path> all = new ArrayList<>();
        for (SampleLibrary.Sample s : SampleLibrary.all(SampleLibrary.bundledVersions(home())))
            if (s.scenario().equals("chat")
                    && !s.stack().equals("encrypt")
                    && !s.stack().equals("relay2")) all.add(existing(s.capture(samples())));
        assertTrue(all.size() >= 48, "expected the committed samples under " + samples() + ", found " + all);
        return all;
    }

    /**
     * One chat sample per wire family and stack, for tests that try many input paths per capture: udp of the versions
     * the library had first (one per wire change up to 5.4), tcp and tunnel of the newest of each major line.
     */
    public static List<Path> representativeSamples() {
        List<Path> out = new ArrayList<>();
        for (String v : List.of("3.6.20", "4.2.30", "5.0.4", "5.2.29", "5.3.7", "5.3.24", "5.4.13", "5.5.7"))
            out.add(sample(v, "udp"));
        for (String stack : List.of("tcp", "tunnel"))
            for (String v : List.of("3.6.20", "4.2.30", "5.5.7")) out.add(sample(v, stack));
        return out;
    }

    public static Path sample(String version, String stack) {
        return sample(version, stack, "chat");
    }

    /** The committed sample of {@code scenario} on {@code stack} for {@code version}, e.g. 5.5.7 udp large. */
    public static Path sample(String version, String stack, String scenario) {
        return existing(new SampleLibrary.Sample(version, stack, scenario).capture(samples()));
    }

    private static Path existing(Path p) {
        assertTrue(Files.isRegularFile(p), "sample missing: " + p + " (jgwire samples regenerate)");
        return p;
    }

    private static final Map<Path, Path> CLASSIC = new ConcurrentHashMap<>();

    /**
     * The capture as a classic nanosecond pcap, for the tests' own small pcap readers: a pcapng sample converted once
     * with {@code editcap -F nsecpcap} (same packets, same timestamps), a classic one as it is.
     */
    public static Path classicPcap(Path capture) throws IOException {
        byte[] magic = new byte[4];
        try (InputStream in = Files.newInputStream(capture)) {
            if (in.readNBytes(magic, 0, 4) == 4
                    && !(magic[0] == 0x0a && magic[1] == 0x0d && magic[2] == 0x0d && magic[3] == 0x0a)) return capture;
        }
        try {
            return CLASSIC.computeIfAbsent(capture.toAbsolutePath(), c -> {
                try {
                    Path out = Files.createTempFile("jgwire-classic", ".pcap");
                    out.toFile().deleteOnExit();
                    tool("editcap", "-F", "nsecpcap", c.toString(), out.toString());
                    return out;
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException("editcap -F nsecpcap " + c + ": " + e, e);
                }
            });
        } catch (IllegalStateException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** What one decode gave. */
    public record Result(List<Record> records, DecodeSummary summary) {}

    public static Result decode(Path input, InputHints hints) throws IOException {
        return decode(input, hints, DecodeOptions.defaults(home()));
    }

    public static Result decode(Path input, InputHints hints, DecodeOptions options) throws IOException {
        List<Record> records = new ArrayList<>();
        try (CaptureSource source = InputOpener.open(input.toString(), hints);
                Decoder d = new Decoder(options)) {
            DecodeSummary s = d.decode(source, records::add);
            return new Result(records, s);
        }
    }

    /** One in-process run of the command line: exit code, records written (to a file) and stderr. */
    public record Run(int exit, String out, String err) {
        public List<JsonNode> json() {
            List<JsonNode> nodes = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (line.isEmpty()) continue;
                try {
                    nodes.add(JSON.readTree(line));
                } catch (IOException e) {
                    fail("not a JSON line: " + line, e);
                }
            }
            return nodes;
        }

        public List<JsonNode> errors() {
            return json().stream()
                    .filter(n -> n.path("kind").asText().equals("error"))
                    .toList();
        }

        public List<JsonNode> messages() {
            return json().stream()
                    .filter(n -> n.path("kind").asText().equals("message"))
                    .toList();
        }

        public List<String> texts() {
            return messages().stream()
                    .filter(n -> n.path("payload").has("text"))
                    .map(n -> n.path("payload").path("text").asText())
                    .toList();
        }
    }

    /**
     * Runs {@code jgwire <args>} in this JVM with the records going to a temporary file ({@code -o}, unless the
     * arguments name their own): the decode command writes records to the process's stdout, which a test cannot take
     * over safely.
     */
    public static Run cli(Path workDir, String... args) throws IOException {
        Path out = Files.createTempFile(workDir, "out", ".txt");
        List<String> all = new ArrayList<>(List.of(args));
        boolean ownOutput = all.stream().anyMatch(a -> a.equals("-o") || a.equals("--output"));
        if (!all.isEmpty() && all.get(0).equals("decode") && !ownOutput) all.addAll(1, List.of("-o", out.toString()));
        StringWriter err = new StringWriter(), stdout = new StringWriter();
        CommandLine cl = JgwireCommand.commandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(stdout, true));
        int exit = cl.execute(all.toArray(String[]::new));
        String records = Files.readString(out, StandardCharsets.UTF_8);
        return new Run(exit, records.isEmpty() ? stdout.toString() : records, err.toString());
    }

    /**
     * Runs {@code jgwire <args>} in this JVM as given (no {@code -o} added, unlike {@link #cli}): a usage error (exit
     * 2) whose message holds {@code expected}.
     */
    public static void assertUsage(String expected, String... args) {
        CommandLine cl = JgwireCommand.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        assertEquals(2, cl.execute(args), err.toString());
        assertTrue(err.toString().contains(expected), err.toString());
    }

    /** Fails (never skips) when a tool the tests need is missing. */
    public static void requireTool(String tool) {
        try {
            Process p = new ProcessBuilder(tool, "-v").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) return;
        } catch (IOException | InterruptedException e) {
            // below
        }
        fail(tool + " is needed by these tests and is not on the PATH; .ci/run installs it (apt-get install tshark)");
    }

    /** Runs a tool (tshark, editcap) and returns its stdout; fails with its stderr when it fails. */
    public static byte[] tool(String... command) throws IOException, InterruptedException {
        requireTool(command[0]);
        Path err = Files.createTempFile("tool", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
            byte[] out = p.getInputStream().readAllBytes();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + String.join(" ", command));
            assertEquals(0, p.exitValue(), String.join(" ", command) + " failed: " + Files.readString(err));
            return out;
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
