package org.jgwire.tests.infinispan;

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
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One member of the Infinispan cluster: the node program of {@code core-codec/cluster/nodes/ispn} in a child JVM
 * whose class path is that module's jar and the Infinispan jars its build copied to {@code target/lib} (so
 * Infinispan is on no test's class path). Every JGroups setting it needs is a system property that Infinispan's
 * own stack files read; its stdout lines are answers, its stderr (Infinispan's log) goes to a file.
 */
final class InfinispanMember implements AutoCloseable {
    /** Bound on every wait: members start slowly on a busy 2-core machine, but a broken one must not hang CI. */
    static final long PATIENCE_SECONDS = 180;

    private static final String MAIN = "org.jgwire.cluster.node.ispn.InfinispanNode";
    private static final String END = new String("end of output"); // identity marks the end of stdout

    final String name;
    private final Process process;
    private final Path log;
    private final Writer stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private InfinispanMember(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::pump, "ispn-member-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts member {@code name} of {@code cluster} (of {@code members}) on the stack file {@code stack}. */
    static InfinispanMember start(
            String name, String cluster, String stack, int members, List<String> jgroupsProperties, Path work)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.net.preferIPv4Stack=true",
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1"));
        command.addAll(jgroupsProperties);
        command.addAll(List.of("-cp", classPath(), MAIN, name, cluster, stack, Integer.toString(members)));
        Path log = work.resolve(name + ".log");
        Process p = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectError(log.toFile())
                .start();
        return new InfinispanMember(name, p, log);
    }

    /** The JGroups version the members run: that of the jgroups jar on their class path, e.g. {@code 5.3.16}. */
    static String jgroupsVersion() throws IOException {
        Path lib = Path.of(System.getProperty("jgwire.ispnNode")).resolve("lib");
        try (Stream<Path> jars = Files.list(lib)) {
            return jars.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("jgroups-\\d+\\.\\d+\\.\\d+\\..*\\.jar"))
                    .map(n -> n.substring("jgroups-".length()).replaceFirst("^(\\d+\\.\\d+\\.\\d+).*", "$1"))
                    .findFirst()
                    .orElseThrow(() -> new IOException("no jgroups jar in " + lib));
        }
    }

    /** The node module's jar and its copied dependencies, from {@code jgwire.ispnNode} (set by tests/pom.xml). */
    private static String classPath() throws IOException {
        Path target = Path.of(System.getProperty("jgwire.ispnNode"));
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> own = Files.list(target);
                Stream<Path> lib = Files.list(target.resolve("lib"))) {
            own.filter(p -> p.getFileName().toString().matches("jgwire-node-ispn-.*\\.jar"))
                    .forEach(jars::add);
            lib.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(jars::add);
        }
        if (jars.size() < 2 || !jars.get(0).getFileName().toString().startsWith("jgwire-node-ispn"))
            throw new IOException("no built node program in " + target + " (mvn package builds it): " + jars);
        return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
    }

    private void pump() {
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) lines.add(line);
        } catch (IOException e) {
            // the process went away: END below
        }
        lines.add(END);
    }

    /** Sends one command line. */
    void command(String line) throws IOException {
        stdin.write(line);
        stdin.write('\n');
        stdin.flush();
    }

    /** The next answer line after its first word {@code prefix}; fails with the member's log otherwise. */
    String answer(String prefix) throws IOException, InterruptedException {
        String line = lines.poll(PATIENCE_SECONDS, TimeUnit.SECONDS);
        if (line != null && line != END && line.equals(prefix)) return "";
        if (line == null || line == END || !line.startsWith(prefix + " "))
            throw new IOException(name + ": expected '" + prefix + " ...', got "
                    + (line == END ? "its exit" : line == null ? "nothing" : line) + "; its log ends:\n" + logTail());
        return line.substring(prefix.length() + 1);
    }

    /** Asks it to leave the cluster and waits for its exit. */
    void stop() throws IOException, InterruptedException {
        command("stop");
        answer("stopped");
        if (!process.waitFor(PATIENCE_SECONDS, TimeUnit.SECONDS)) throw new IOException(name + " did not exit");
    }

    private String logTail() {
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
