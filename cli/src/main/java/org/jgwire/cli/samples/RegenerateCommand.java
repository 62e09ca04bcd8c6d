package org.jgwire.cli.samples;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.jgwire.cli.ExitCodes;
import org.jgwire.cli.StandardOutput;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.cluster.CaptureTarget;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.cluster.Scenarios;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.codec.verify.CaptureVerifier;
import org.jgwire.codec.verify.StackRules;
import org.jgwire.codec.verify.VerifyItem;
import org.jgwire.codec.verify.VerifyReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jgwire samples regenerate}: runs every sample's cluster again (live capture on loopback), keeps a run only
 * when nothing was dropped and {@code jgwire verify} finds every message, name and view, each message as often as
 * the stack sends it (no retransmission; frames the decoder cannot read are reported, not a reason to run again),
 * writes its golden decode, removes superseded captures
 * and rewrites the table in samples/README.md.
 */
@Command(
        name = "regenerate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run every sample's cluster again: real JGroups members on 127.0.0.1, captured live on lo "
                    + "(needs root or CAP_NET_RAW+CAP_NET_ADMIN on java, and multicast on lo). A run is kept when the "
                    + "capture dropped nothing and verifies against its manifest; else it is run again (--attempts). "
                    + "Then each sample's golden decode is written, and samples/README.md's table."
        },
        footer = {"", "Exit codes: 0 done, 1 a run failed, " + ExitCodes.HELP_2_TO_4})
public final class RegenerateCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SamplesCommand.Where where = new SamplesCommand.Where();

    @Option(
            names = "--only",
            paramLabel = "VERSION[/STEM]",
            split = ",",
            description = "Only these samples, e.g. 5.5.7 or 5.5.7/udp-chat (default: all).")
    List<String> only = new ArrayList<>();

    @Option(
            names = "--missing",
            description = "Only samples whose capture is not there yet (e.g. after adding a "
                    + "version or a stack, or to finish an interrupted run).")
    boolean missing;

    @Option(
            names = "--parallel",
            paramLabel = "N",
            defaultValue = "2",
            description = "Clusters run at a time (default: ${DEFAULT-VALUE}).")
    int parallel;

    @Option(
            names = "--attempts",
            paramLabel = "N",
            defaultValue = "3",
            description = "Runs per sample before giving up on it (default: ${DEFAULT-VALUE}).")
    int attempts;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "90",
            description = "Longest one cluster run may take (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static final String BEGIN = "<!-- samples:begin (written by jgwire samples regenerate) -->";
    static final String END = "<!-- samples:end -->";

    @Override
    public Integer call() throws Exception {
        if (parallel < 1) throw new IllegalArgumentException("--parallel must be 1 or more, got " + parallel);
        if (attempts < 1) throw new IllegalArgumentException("--attempts must be 1 or more, got " + attempts);
        Path dir = where.samples().toAbsolutePath().normalize();
        Path home = VersionRuntime.defaultHome();
        List<SampleLibrary.Sample> all = SampleLibrary.all(SampleLibrary.bundledVersions(home));
        List<SampleLibrary.Sample> chosen = new ArrayList<>();
        for (SampleLibrary.Sample s : all)
            if ((only.isEmpty() || only.contains(s.version()) || only.contains(s.toString()))
                    && !(missing && Files.isRegularFile(s.capture(dir)))) chosen.add(s);
        if (chosen.isEmpty() && !missing)
            throw new IllegalArgumentException("--only " + only + " matches no sample (see 'jgwire samples list')");
        PrintWriter out = spec.commandLine().getOut();
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        Map<SampleLibrary.Sample, Future<String>> runs = new LinkedHashMap<>();
        for (SampleLibrary.Sample s : chosen) runs.put(s, pool.submit(() -> regenerate(s, dir, home)));
        int failed = 0;
        try {
            for (Map.Entry<SampleLibrary.Sample, Future<String>> e : runs.entrySet()) {
                String result = e.getValue().get();
                out.println(e.getKey() + ": " + result);
                StandardOutput.flush(out); // its reader gone: stop regenerating (the pool is shut down below)
                if (result.startsWith("FAILED")) failed++;
            }
        } finally {
            pool.shutdownNow();
        }
        if (only.isEmpty() && !missing) removeStale(dir, all, out);
        table(dir, all);
        out.println((chosen.size() - failed) + " of " + chosen.size() + " samples regenerated in " + dir);
        StandardOutput.flush(out);
        return failed == 0 ? ExitCodes.OK : ExitCodes.UNDECODED;
    }

    /** Runs one sample until it is good or the attempts are spent; a line for the log. */
    private String regenerate(SampleLibrary.Sample s, Path dir, Path home) throws IOException, InterruptedException {
        Path capture = s.capture(dir);
        Files.createDirectories(capture.getParent());
        String last = "";
        for (int attempt = 1; attempt <= attempts; attempt++) {
            try {
                ClusterRun run = ClusterRunner.run(new ClusterSpec(
                        s.version(),
                        s.stack(),
                        s.nodes(),
                        s.scenario(),
                        CaptureTarget.file(capture),
                        home,
                        Duration.ofSeconds(timeoutSeconds),
                        null,
                        null,
                        false,
                        null,
                        null,
                        false,
                        false,
                        null,
                        Scenarios.needsNetnsPerMember(s.scenario())));
                Manifest m = run.manifest();
                if (m.dropped() != 0) {
                    last = "the capture dropped " + m.dropped() + " packets";
                    continue;
                }
                CaptureVerifier verifier = verify(capture, m, home);
                VerifyReport report = verifier.report();
                // the capture must hold what the cluster did; frames the decoder cannot read are its own problem
                // (kept, and shown in the golden decode as error records)
                List<VerifyItem> wrong = new ArrayList<>(), undecoded = new ArrayList<>();
                for (VerifyItem i : report.problems()) (i.category().equals("decode") ? undecoded : wrong).add(i);
                if (!wrong.isEmpty()) {
                    last = "verify: " + wrong;
                    continue;
                }
                if (verifier.retransmissions() > 0) { // a sample shows each message as often as the stack sends it
                    last = verifier.retransmissions() + " retransmitted copies in the capture";
                    continue;
                }
                String resent = resentBytes(capture, m);
                if (resent != null) {
                    last = resent;
                    continue;
                }
                GoldenCommand.write(s, dir);
                return m.packets() + " packets, " + Files.size(capture) + " bytes"
                        + (attempt > 1 ? " (attempt " + attempt + ")" : "")
                        + (undecoded.isEmpty() ? "" : "; WARNING, frames the decoder cannot read: " + undecoded);
            } catch (RuntimeException | IOException e) {
                last = e.toString();
            }
        }
        // no sample rather than one that does not hold what its manifest says
        Files.deleteIfExists(capture);
        Files.deleteIfExists(s.manifest(dir));
        Files.deleteIfExists(s.golden(dir));
        return "FAILED after " + attempts + " attempts: " + last;
    }

    /**
     * A text found in the file's bytes more often than the stack sends it (a TCP segment the kernel sent again, which
     * the decoder's reassembly drops), or null. Not on encrypt (ciphertext) or relay2 (site masters forward copies).
     */
    private static String resentBytes(Path capture, Manifest m) throws IOException {
        if (m.stack().equals("encrypt") || !m.sites().isEmpty()) return null;
        byte[] file = Files.readAllBytes(capture);
        for (Manifest.SentMessage sent : m.sent()) {
            byte[] text = sent.text().getBytes(StandardCharsets.UTF_8);
            int n = 0;
            for (int i = 0; i + text.length <= file.length; i++)
                if (Arrays.equals(file, i, i + text.length, text, 0, text.length)) n++;
            int want = StackRules.expectedCopies(m, sent);
            if (n != want)
                return "'" + sent.text() + "' is " + n + " times in the file's bytes, sent " + want + " times";
        }
        return null;
    }

    static CaptureVerifier verify(Path capture, Manifest m, Path home) throws IOException {
        CaptureVerifier v = new CaptureVerifier(m);
        Decoder.decodeFile(capture, DecodeOptions.defaults(home), v);
        return v;
    }

    /**
     * Captures and manifests under a version directory that are no sample of the library (e.g. old .pcap files) and
     * none a test makes ({@link SampleLibrary#MADE_BY_TESTS}).
     */
    private static void removeStale(Path dir, List<SampleLibrary.Sample> all, PrintWriter out) throws IOException {
        Set<Path> keep = new HashSet<>();
        for (SampleLibrary.Sample s : all) {
            keep.add(s.capture(dir));
            keep.add(s.manifest(dir));
        }
        for (String stem : SampleLibrary.MADE_BY_TESTS) {
            keep.add(dir.resolve(stem + SampleLibrary.CAPTURE_EXTENSION));
            keep.add(dir.resolve(stem + ".json"));
        }
        List<Path> stale;
        try (Stream<Path> files = Files.walk(dir, 2)) {
            stale = files.filter(p -> p.getParent() != null
                            && !p.getParent().equals(dir)
                            && !p.getParent().getFileName().toString().equals("golden"))
                    .filter(p -> p.toString().endsWith(".pcap")
                            || p.toString().endsWith(".pcapng")
                            || p.toString().endsWith(".json"))
                    .filter(p -> !keep.contains(p))
                    .toList();
        }
        for (Path p : stale) {
            Files.delete(p);
            out.println("removed " + dir.relativize(p) + " (not a sample of the library)");
        }
    }

    /** Rewrites the table between the markers in samples/README.md from the manifests. */
    private static void table(Path dir, List<SampleLibrary.Sample> all) throws IOException {
        Path readme = dir.resolve("README.md");
        if (!Files.isRegularFile(readme)) return;
        StringBuilder t = new StringBuilder(BEGIN)
                .append("\n\n| capture | members (name uuid physical) | capture filter "
                        + "| packets | bytes |\n| --- | --- | --- | --- | --- |\n");
        for (SampleLibrary.Sample s : all) {
            Path m = s.manifest(dir);
            if (!Files.isRegularFile(m) || !Files.isRegularFile(s.capture(dir))) continue;
            Manifest mf = Manifest.read(m);
            List<String> members = new ArrayList<>();
            for (Manifest.Member mb : mf.members()) members.add(mb.name() + " " + mb.uuid() + " " + mb.physical());
            t.append("| `")
                    .append(dir.relativize(s.capture(dir)))
                    .append("` | ")
                    .append(String.join("<br>", members))
                    .append(" | `")
                    .append(mf.captureFilter())
                    .append("` | ")
                    .append(mf.packets())
                    .append(" | ")
                    .append(Files.size(s.capture(dir)))
                    .append(" |\n");
        }
        t.append('\n').append(END);
        String text = Files.readString(readme);
        int a = text.indexOf(BEGIN), b = text.indexOf(END);
        if (a < 0 || b < a) throw new IOException(readme + " lacks the markers " + BEGIN + " ... " + END);
        Files.writeString(readme, text.substring(0, a) + t + text.substring(b + END.length()));
    }
}
