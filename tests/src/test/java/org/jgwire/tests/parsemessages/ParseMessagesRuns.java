package org.jgwire.tests.parsemessages;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.Decoding;

/**
 * Runs the real {@code org.jgroups.tests.ParseMessages} of a bundled jar and {@code jgwire parse-messages}, each in a
 * JVM of its own as users run them, and compares their message lines.
 */
final class ParseMessagesRuns {
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    /**
     * A message line of either tool: {@code N: ...}, {@code N: [5.5.7] ...}, a batch entry {@code     i: [...}, gossip.
     */
    private static final Pattern MESSAGE_LINE = Pattern.compile("^(\\d+:|    \\d+: \\[|-- gossip: ).*");

    private ParseMessagesRuns() {}

    /** What one run printed. */
    record Output(int exit, List<String> lines, String err) {
        List<String> messageLines() {
            return lines.stream().filter(l -> MESSAGE_LINE.matcher(l).matches()).toList();
        }
    }

    static Path bundledJar(String version) {
        Path jar = Decoding.home().resolve("jgroups").resolve("jgroups-" + version + ".Final.jar");
        assertTrue(Files.isRegularFile(jar), "bundled jar missing: " + jar);
        return jar;
    }

    static Output parseMessages(String version, Path workDir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(
                List.of(java(), "-cp", bundledJar(version).toString(), "org.jgroups.tests.ParseMessages"));
        cmd.addAll(List.of(args));
        return run(cmd, workDir);
    }

    static Output jgwire(Path workDir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                java(),
                "-Djgwire.home=" + Decoding.home(),
                "-cp",
                Decoding.home().resolve("lib") + "/*",
                "org.jgwire.cli.Main",
                "parse-messages"));
        cmd.addAll(List.of(args));
        return run(cmd, workDir);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static Output run(List<String> cmd, Path workDir) throws IOException, InterruptedException {
        Path out = Files.createTempFile(workDir, "out", ".txt"), err = Files.createTempFile(workDir, "err", ".txt");
        Process p = new ProcessBuilder(cmd)
                .directory(workDir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "timed out: " + cmd);
        return new Output(p.exitValue(), Files.readAllLines(out, Charset.defaultCharset()), Files.readString(err));
    }

    /** Hex lines of one capture's payloads, as tshark prints them for ParseMessages. */
    static List<String> hexLines(Path pcap, String field) throws IOException, InterruptedException {
        String text = new String(
                Decoding.tool("tshark", "-r", pcap.toString(), "-T", "fields", "-e", field), Charset.defaultCharset());
        List<String> lines = new ArrayList<>();
        for (String l : text.split("\n")) if (!l.isBlank()) lines.add(l.strip());
        assertTrue(lines.size() > 10, "tshark gave " + lines.size() + " lines of " + field + " for " + pcap);
        return lines;
    }

    static byte[] bytes(List<String> hexLines) {
        StringBuilder all = new StringBuilder();
        hexLines.forEach(all::append);
        byte[] b = new byte[all.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(all.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    /** Member UUIDs to names, from the capture's manifest: ParseMessages 3.6 knows no names, jgwire does. */
    private static final Pattern OBJECT = Pattern.compile(", obj: .*?, hdrs: ");

    static Map<String, String> names(Path pcap) throws IOException {
        Path json = Manifest.pathFor(pcap);
        Map<String, String> m = new HashMap<>();
        for (Manifest.Member member : Manifest.read(json).members()) m.put(member.uuid(), member.name());
        return m;
    }

    /**
     * A line with every member UUID replaced by the member's name, and an object payload's text left out: ParseMessages
     * prints the object JGroups read from the payload ({@code obj: A: [0 (0)]} for a STABLE digest), jgwire, which
     * never
     * deserializes a payload, its class (docs/parse-messages.md).
     */
    static String normalised(String line, Map<String, String> names) {
        line = OBJECT.matcher(line).replaceFirst(", obj: (object), hdrs: ");
        Matcher u = UUID.matcher(line);
        StringBuilder b = new StringBuilder();
        while (u.find()) u.appendReplacement(b, Matcher.quoteReplacement(names.getOrDefault(u.group(), u.group())));
        u.appendTail(b);
        return b.toString();
    }

    /**
     * ParseMessages' message lines that jgwire's output lacks, in order: each must appear in jgwire's lines after the
     * previous one matched (normalised).
     */
    static List<String> missing(List<String> theirs, List<String> ours, Map<String, String> names) {
        return missing(theirs, ours, l -> normalised(l, names));
    }

    /** The same without the line numbers, for outputs where one side has lines the other has not. */
    static List<String> missingIgnoringNumbers(List<String> theirs, List<String> ours, Map<String, String> names) {
        return missing(theirs, ours, l -> normalised(l, names).replaceFirst("^\\d+:", "#:"));
    }

    private static List<String> missing(List<String> theirs, List<String> ours, UnaryOperator<String> n) {
        List<String> norm = ours.stream().map(n).toList();
        List<String> missing = new ArrayList<>();
        int from = 0;
        for (String line : theirs) {
            String want = n.apply(line);
            int at = norm.subList(from, norm.size()).indexOf(want);
            if (at < 0) missing.add(want);
            else from += at + 1;
        }
        return missing;
    }
}
