package org.jgwire.gui.app;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.capture.LiveCaptureSource;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.gui.model.CaptureSession;

/** Live captures and test clusters started from the window (Capture menu, {@code jgwire gui --live}). */
final class CaptureControl {
    private final MainWindow window;
    private final DecodeOptions options;
    private LiveCaptureSource live;

    CaptureControl(MainWindow window, DecodeOptions options) {
        this.window = window;
        this.options = options;
    }

    /** Starts a live capture on {@code iface} in a new session; errors (rights, libpcap) go to the banner. */
    void startLive(String iface, List<Integer> ports) {
        LiveCaptureSource source;
        try {
            source = LiveCaptureSource.open(iface, LiveCaptureSource.portFilter(ports));
        } catch (IOException e) {
            window.showError(e.getMessage());
            return;
        }
        window.start(new CaptureSession("live on " + iface), source, -1);
        live = source;
    }

    /** Ends the live capture, if one runs (the rows stay); returns whether one did. */
    boolean stopLive() {
        if (live == null) return false;
        live.stop();
        live = null;
        return true;
    }

    /** Captures lo live and runs a test cluster (core-codec's ClusterRunner); the capture ends after the run. */
    CompletableFuture<ClusterRun> startCluster(ClusterSpec spec) {
        CompletableFuture<ClusterRun> result = new CompletableFuture<>();
        startLive("lo", List.of());
        if (live == null) {
            result.completeExceptionally(new IOException("live capture on lo did not start"));
            return result;
        }
        LiveCaptureSource capture = live;
        window.setStatus("Starting " + spec.nodes() + " JGroups " + spec.jgroupsVersion() + " members (" + spec.stack()
                + ", " + spec.scenario() + ") ...");
        Thread t = new Thread(
                () -> {
                    ClusterRun run = null;
                    String failed = null;
                    try {
                        run = ClusterRunner.run(spec);
                        Thread.sleep(500); // the last packets reach the capture
                    } catch (Exception e) {
                        failed = "Test cluster failed: " + e.getMessage();
                    }
                    ClusterRun done = run;
                    String failure = failed;
                    Platform.runLater(() -> {
                        if (live == capture) window.stopCapture();
                        if (failure != null) {
                            window.showError(failure);
                            result.completeExceptionally(new IOException(failure));
                        } else {
                            result.complete(done);
                        }
                    });
                },
                "jgwire-cluster");
        t.setDaemon(true);
        t.start();
        return result;
    }

    void chooseLive() {
        List<String> interfaces;
        try {
            interfaces = LiveCaptureSource.interfaces();
        } catch (IOException e) {
            window.showError(e.getMessage());
            return;
        }
        try {
            CaptureDialogs.live(interfaces).ifPresent(l -> startLive(l.iface(), l.ports()));
        } catch (IllegalArgumentException e) {
            window.showError("Live capture: " + e.getMessage());
        }
    }

    void chooseCluster() {
        CaptureDialogs.cluster(options.jgwireHome()).ifPresent(this::startCluster);
    }
}
