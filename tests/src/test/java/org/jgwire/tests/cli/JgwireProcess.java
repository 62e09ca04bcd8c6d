package org.jgwire.tests.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jgwire.tests.decode.Decoding;

/**
 * {@code jgwire} run as its own process from the built distribution, as a shell pipeline runs it: its stdin and
 * stdout are pipes the test holds; stderr goes to a file read after the process ended.
 */
public final class JgwireProcess implements AutoCloseable {
    /** Bound on every wait, so that a broken build fails the test instead of hanging it. */
    public static final long PATIENCE_SECONDS = 60;

    private static final String END = new String("end of output"); // identity marks the end of stdout

    public final Process process;
    final Path stderr;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private JgwireProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
    }

    /** Starts {@code jgwire args...} in the folder {@code work}. */
    public static JgwireProcess start(Path work, String... args) throws IOException {
        List<String> command = command(args);
        Path err = Files.createTempFile(work, "stderr", ".txt");
        Process p = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectError(err.toFile())
                .start();
        return new JgwireProcess(p, err);
    }

    /** The command line of {@code jgwire args...}, run from the build's distribution in a JVM of its own. */
    public static List<String> command(String... args) {
        Path home = Decoding.home();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djgwire.home=" + home,
                "-cp",
                home.resolve("lib") + "/*",
                "org.jgwire.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /** Starts handing stdout's lines to {@link #nextLine} on a thread of its own. */
    JgwireProcess readLines() {
        Thread t = new Thread(
                () -> {
                    try (BufferedReader r = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) lines.add(line);
                    } catch (IOException e) {
                        // the test closed it
                    }
                    lines.add(END);
                },
                "jgwire-stdout");
        t.setDaemon(true);
        t.start();
        return this;
    }

    /** The next line of stdout; null at its end or after {@link #PATIENCE_SECONDS} without one. */
    String nextLine() throws InterruptedException {
        String line = lines.poll(PATIENCE_SECONDS, TimeUnit.SECONDS);
        return line == END ? null : line;
    }

    /** The exit code, waiting at most {@code seconds} for it; -1 when the process is still running then. */
    public int exitWithin(double seconds) throws InterruptedException {
        return process.waitFor((long) (seconds * 1000), TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
    }

    public String stderr() throws IOException {
        return Files.readString(stderr, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
