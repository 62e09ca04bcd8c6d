package org.jgwire.codec.cluster;

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
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A child JVM (a member or a GossipRouter): stdout lines become {@link NodeEvent}s handed to a sink, stderr goes
 * to a log file, commands go to stdin. Every child is registered so that a JVM shutdown (Ctrl-C) kills it too.
 */
final class ChildJvm {
    /** Small, quick-starting children: two cores are shared by several JVMs. */
    private static final List<String> JVM_OPTIONS = List.of(
            "-Djava.net.preferIPv4Stack=true",
            "-Xmx128m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Xshare:auto");

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(ChildJvm::destroy), "jgwire-cluster-kill"));
    }

    final String name;
    final Path log;
    private final Process process;
    private final Writer stdin;

    private ChildJvm(String name, Path log, Process process) {
        this.name = name;
        this.log = log;
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /** Starts {@code java <options> -cp classPath mainClass args}; stdout lines go to {@code events}. */
    static ChildJvm start(
            String name,
            List<Path> classPath,
            String mainClass,
            List<String> args,
            Path log,
            Consumer<NodeEvent> events)
            throws IOException {
        return start(List.of(), name, classPath, mainClass, args, log, events);
    }

    /** Like {@link #start}, run through {@code prefix} (e.g. {@code ip netns exec NAME}, which execs in place). */
    static ChildJvm start(
            List<String> prefix,
            String name,
            List<Path> classPath,
            String mainClass,
            List<String> args,
            Path log,
            Consumer<NodeEvent> events)
            throws IOException {
        return start(prefix, name, List.of(), classPath, mainClass, args, log, events);
    }

    /** Like {@link #start}, with {@code options} after the usual JVM options (a member's own system properties). */
    static ChildJvm start(
            List<String> prefix,
            String name,
            List<String> options,
            List<Path> classPath,
            String mainClass,
            List<String> args,
            Path log,
            Consumer<NodeEvent> events)
            throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Distribution.javaExecutable());
        cmd.addAll(JVM_OPTIONS);
        cmd.addAll(options);
        cmd.add("-cp");
        cmd.add(String.join(
                File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        cmd.add(mainClass);
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        LIVE.add(p);
        ChildJvm child = new ChildJvm(name, log, p);
        Thread reader = new Thread(() -> child.pump(events), "jgwire-node-" + name);
        reader.setDaemon(true);
        reader.start();
        return child;
    }

    /** Kills {@code p} too when this JVM shuts down. */
    static void register(Process p) {
        LIVE.add(p);
    }

    /** The child's process id. */
    long pid() {
        return process.pid();
    }

    private void pump(Consumer<NodeEvent> events) {
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isBlank()) events.accept(NodeEvent.parse(name, line));
            }
        } catch (IOException e) {
            // the process went away; the exit event below says so
        }
        events.accept(new NodeEvent(name, "exited", Map.of(), System.nanoTime()));
    }

    /** Writes one command line to the child's stdin. */
    synchronized void command(String line) throws IOException {
        stdin.write(line);
        stdin.write('\n');
        stdin.flush();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for a normal exit; kills the child when it does not exit in time. */
    boolean awaitExit(long millis) throws InterruptedException {
        boolean exited = process.waitFor(Math.max(1, millis), TimeUnit.MILLISECONDS);
        if (!exited) destroy(process);
        LIVE.remove(process);
        return exited;
    }

    /** Sends the child the signal ({@code STOP}, {@code CONT}) with {@code kill}. */
    void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid(), 10))
                .redirectErrorStream(true)
                .start();
        String said = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (kill.waitFor() != 0) throw new ClusterFailure("kill -" + signal + " " + name + " failed: " + said);
    }

    void kill() {
        destroy(process);
        LIVE.remove(process);
    }

    /** The last lines of the child's stderr, for error messages. */
    String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /**
     * The stacks of the child's threads that are inside JGroups, from {@code jcmd Thread.print} (at most
     * {@code lines} lines), for a failure where the child hangs: what it waits for is the cause to look for.
     */
    String jgroupsThreads(int lines) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid(), 10), "Thread.print")
                    .redirectErrorStream(true)
                    .start();
            List<String> out = new ArrayList<>();
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                List<String> thread = new ArrayList<>();
                for (String line; (line = r.readLine()) != null; ) {
                    if (!line.isBlank()) {
                        thread.add(line);
                        continue;
                    }
                    if (thread.stream().anyMatch(l -> l.contains("at org.jgroups."))) out.addAll(thread);
                    thread.clear();
                }
            }
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
            return out.isEmpty()
                    ? "(no thread inside JGroups)"
                    : String.join("\n", out.subList(0, Math.min(lines, out.size())));
        } catch (IOException e) {
            return "(no thread dump: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        }
    }

    private static void destroy(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
