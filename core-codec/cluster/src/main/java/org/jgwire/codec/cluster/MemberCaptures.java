package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * One capture per member's host ({@code --capture-per-member DIR}): on {@code eth0} in each member's namespace of
 * {@link HostNetwork}, with the bridge capture's filter, into {@code DIR/NAME.pcapng}, as {@code tcpdump} on each pod
 * would make them. The run's members get theirs before the first one starts, so that every capture spans the whole
 * run; a host first used later gets its own before its member's JVM starts. A capture belongs to a host, named after
 * the first member run there: a member started again on it (flapping, leave-join's newcomer on the leaver's port and
 * namespace) shows in the same file.
 */
final class MemberCaptures implements AutoCloseable {
    private final Path dir;
    private final HostNetwork network;
    private final List<Path> classPath;
    private final String filter;
    private final int bufferBytes;
    private final Consumer<String> progress;
    /** By member index: a member started again (flapping) keeps its host's capture. */
    private final Map<Integer, Running> running = new TreeMap<>();

    private record Running(String name, Path file, NamespaceCapture capture) {}

    MemberCaptures(
            Path dir,
            HostNetwork network,
            List<Path> classPath,
            String filter,
            int bufferBytes,
            Consumer<String> progress) {
        this.dir = dir;
        this.network = network;
        this.classPath = classPath;
        this.filter = filter;
        this.bufferBytes = bufferBytes;
        this.progress = progress;
    }

    /** Starts member {@code index}'s capture, making its namespace, unless it runs already. */
    synchronized void start(int index) throws IOException, InterruptedException {
        if (running.containsKey(index)) return;
        String name = ClusterSpec.memberName(index);
        NetworkNamespace ns = network.member(index);
        Path file = dir.resolve(name + ".pcapng");
        NamespaceCapture c =
                NamespaceCapture.start(ns, "eth0", classPath, CaptureTarget.file(file), filter, bufferBytes);
        running.put(index, new Running(name, file, c));
        progress.accept("capturing " + name + "'s host on eth0 in " + ns.name + " to " + file);
    }

    /** Stops every capture; their files and counts, in member order. */
    synchronized List<Manifest.MemberCapture> stop() throws ClusterFailure, InterruptedException {
        List<Manifest.MemberCapture> out = new ArrayList<>();
        ClusterFailure first = null;
        for (Running r : running.values()) {
            long packets = -1, dropped = -1;
            try {
                long[] counts = r.capture().stop();
                packets = counts[0];
                dropped = counts[1];
                progress.accept(r.name() + "'s capture: " + packets + " packets captured, " + dropped
                        + " dropped by the kernel");
            } catch (ClusterFailure e) {
                // stop the others all the same
                if (first == null) first = e;
            }
            out.add(new Manifest.MemberCapture(r.name(), r.file().getFileName().toString(), packets, dropped));
        }
        running.clear();
        if (first != null) throw first;
        return List.copyOf(out);
    }

    /** Stops what still runs, quietly: the run failed already, and that failure is the one to report. */
    @Override
    public synchronized void close() throws InterruptedException {
        for (Running r : running.values()) {
            try {
                r.capture().stop();
            } catch (ClusterFailure ignored) {
                // see above
            }
        }
        running.clear();
    }
}
