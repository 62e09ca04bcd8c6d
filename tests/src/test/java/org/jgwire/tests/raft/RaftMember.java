package org.jgwire.tests.raft;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One member of the jgroups-raft cluster: the node program of {@code core-codec/cluster/nodes/raft} in a child JVM
 * whose class path is that module's jar and the jars its build copied to {@code target/lib} (jgroups-raft and the
 * JGroups jar it runs on), so neither is on a test's class path. Its stdout holds answers to commands and, between
 * them, events ({@code view}, {@code leader}, {@code applied}): every line is kept in {@link #transcript}.
 */
final class RaftMember implements AutoCloseable {
    /** Bound on every wait: members start slowly on a busy 2-core machine, but a broken one must not hang CI. */
    static final long PATIENCE_SECONDS = 120;

    private static final String MAIN = "org.jgwire.cluster.node.raft.RaftNode";
    /**
     * The first words of answers; other lines are events ({@code view}, {@code leader}, {@code applied}) or what
     * JGroups itself prints on stdout (GMS's local address banner).
     */
    private static final List<String> ANSWERS = List.of("ready", "put", "state", "stopped", "error");

    private static final String END = new String("end of output"); // identity marks the end of stdout

    final String name;
    /** Every line the member printed, in order. */
    final List<String> transcript = new CopyOnWriteArrayList<>();

    private final Process process;
    private final Path log;
    private final Writer stdin;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();

    private RaftMember(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::pump, "raft-member-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts member {@code name} of {@code cluster} on the stack XML {@code stack}; {@code members}: A,B,C. */
    static RaftMember start(String name, String cluster, Path stack, String members, Path work) throws IOException {
        List<String> command = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.net.preferIPv4Stack=true",
                "-Xmx128m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                classPath(),
                MAIN,
                name,
                cluster,
                stack.toString(),
                members);
        Path log = work.resolve(name + ".log");
        Process p = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectError(log.toFile())
                .start();
        return new RaftMember(name, p, log);
    }

    /** The jgroups-raft jar the members run (the shipped stack is read from it). */
    static Path raftJar() throws IOException {
        try (Stream<Path> lib = Files.list(nodeTarget().resolve("lib"))) {
            return lib.filter(p -> p.getFileName().toString().matches("jgroups-raft-.*\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IOException(
                            "no jgroups-raft jar in " + nodeTarget().resolve("lib")));
        }
    }

    private static Path nodeTarget() {
        return Path.of(System.getProperty("jgwire.raftNode"));
    }

    /** The node module's jar and its copied dependencies, from {@code jgwire.raftNode} (set by tests/pom.xml). */
    private static String classPath() throws IOException {
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> own = Files.list(nodeTarget());
                Stream<Path> lib = Files.list(nodeTarget().resolve("lib"))) {
            own.filter(p -> p.getFileName().toString().matches("jgwire-node-raft-.*\\.jar"))
                    .forEach(jars::add);
            lib.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(jars::add);
        }
        if (jars.size() < 3 || !jars.get(0).getFileName().toString().startsWith("jgwire-node-raft"))
            throw new IOException("no built node program in " + nodeTarget() + " (mvn package builds it): " + jars);
        return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
    }

    private void pump() {
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                transcript.add(line);
                String first = line.split(" ", 2)[0];
                if (ANSWERS.contains(first)) answers.add(line);
            }
        } catch (IOException e) {
            // the process went away: END below
        }
        answers.add(END);
    }

    /** Sends one command line. */
    void command(String line) throws IOException {
        stdin.write(line);
        stdin.write('\n');
        stdin.flush();
    }

    /** The next answer after its first word {@code prefix}; fails with the member's log otherwise. */
    String answer(String prefix) throws IOException, InterruptedException {
        String line = answers.poll(PATIENCE_SECONDS, TimeUnit.SECONDS);
        if (line != null && line != END && line.equals(prefix)) return "";
        if (line == null || line == END || !line.startsWith(prefix + " "))
            throw new IOException(name + ": expected '" + prefix + " ...', got "
                    + (line == END ? "its exit" : line == null ? "nothing" : line) + "; its log ends:\n" + logTail());
        return line.substring(prefix.length() + 1);
    }

    /** The events it printed that start with {@code prefix} (e.g. {@code "applied "}), without the prefix. */
    List<String> events(String prefix) {
        return transcript.stream()
                .filter(l -> l.startsWith(prefix))
                .map(l -> l.substring(prefix.length()))
                .toList();
    }

    /** Asks it to leave the cluster and waits for its exit. */
    void stop() throws IOException, InterruptedException {
        command("stop");
        answer("stopped");
        if (!process.waitFor(PATIENCE_SECONDS, TimeUnit.SECONDS)) throw new IOException(name + " did not exit");
    }

    String logTail() {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - 30), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
