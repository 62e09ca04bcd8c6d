package org.jgwire.codec.cluster;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A capture in the run's network namespace: a child JVM ({@link CaptureMain}) started with {@code ip netns exec}
 * captures one interface of that namespace ({@code lo}, or the bridge of {@link HostNetwork}) into pcapng on its
 * stdout, which a thread here copies to the {@link CaptureTarget} (pcapng only: a {@code .pcap} file is refused before
 * the run).
 */
final class NamespaceCapture implements PacketCapture {
    private static final long START_SECONDS = 30;

    private final Process process;
    private final Thread copier;
    private final OutputStream out;
    private final CompletableFuture<String> lastLine = new CompletableFuture<>();
    private volatile IOException copyFailure;

    private NamespaceCapture(Process process, OutputStream out) {
        this.process = process;
        this.out = out;
        this.copier = new Thread(this::copy, "jgwire-netns-capture-copy");
        copier.setDaemon(true);
    }

    static NamespaceCapture start(
            NetworkNamespace ns,
            String device,
            List<Path> classPath,
            CaptureTarget target,
            String filter,
            int bufferBytes)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(ns.prefix());
        cmd.add(Distribution.javaExecutable());
        cmd.addAll(List.of(
                "-Djava.net.preferIPv4Stack=true",
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-cp",
                String.join(
                        File.pathSeparator,
                        classPath.stream().map(Path::toString).toList()),
                CaptureMain.class.getName(),
                filter,
                Integer.toString(bufferBytes),
                device));
        Process p = new ProcessBuilder(cmd).start();
        ChildJvm.register(p);
        OutputStream file =
                target.file() == null ? null : new BufferedOutputStream(Files.newOutputStream(target.file()), 1 << 16);
        OutputStream out = file == null
                ? target.stream()
                : target.stream() == null ? file : new LoopbackCapture.Tee(file, target.stream());
        NamespaceCapture c = new NamespaceCapture(p, out);
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> first = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    String last = null;
                    try {
                        for (String line; (line = err.readLine()) != null; ) {
                            if (line.equals("capturing") || line.startsWith("error ")) first.complete(line);
                            if (line.startsWith("counts ") || line.startsWith("error ")) last = line;
                        }
                    } catch (IOException ignored) {
                        // the child is gone
                    }
                    first.complete("error the capture process in namespace " + ns.name + " exited");
                    c.lastLine.complete(last);
                },
                "jgwire-netns-capture-err");
        reader.setDaemon(true);
        reader.start();
        c.copier.start();
        String line;
        try {
            line = first.get(START_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            line = "error the capture process did not start in " + START_SECONDS + " s";
        }
        if (line.startsWith("error ")) {
            p.destroyForcibly();
            out.close();
            throw new ClusterFailure(line.substring(6));
        }
        return c;
    }

    /** Bytes of the capture copied so far (the copier thread writes it, {@link #stop} reads it). */
    private volatile long copied;

    private void copy() {
        byte[] buf = new byte[1 << 16];
        try (InputStream in = process.getInputStream()) {
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
                copied += n;
                out.flush(); // a live reader (--capture - or --decode) sees each packet at once
            }
        } catch (IOException e) {
            copyFailure = e;
        }
    }

    @Override
    public long[] stop() throws ClusterFailure, InterruptedException {
        try {
            Writer w = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            w.write("stop\n");
            w.flush();
        } catch (IOException e) {
            // already gone: its counts say what it got
        }
        // a large capture may still be writing what it buffered: wait while its bytes keep coming
        long seen = -1;
        while (!process.waitFor(10, TimeUnit.SECONDS)) {
            if (copied == seen) {
                process.destroyForcibly();
                break;
            }
            seen = copied;
        }
        copier.join(10_000);
        try {
            out.close();
        } catch (IOException e) {
            if (copyFailure == null) copyFailure = e;
        }
        String last;
        try {
            last = lastLine.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            last = null;
        }
        if (copyFailure != null)
            throw new ClusterFailure("copying the namespace's capture failed: " + copyFailure, copyFailure);
        if (last == null || !last.startsWith("counts "))
            throw new ClusterFailure(
                    "the capture in the namespace ended without counts" + (last == null ? "" : ": " + last));
        String[] w = last.split(" ");
        return new long[] {Long.parseLong(w[1]), Long.parseLong(w[2])};
    }
}
