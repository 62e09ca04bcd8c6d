package org.jgwire.gui.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.gui.model.CaptureSession;
import org.jgwire.gui.model.MembershipLanes;
import org.jgwire.gui.view.MembershipChart;

/**
 * How long the viewer takes to load a capture into its table, and the heap it holds then: a CaptureSession on a
 * headless (Monocle) FX thread, timed from open to the last row; how late a task posted to the FX thread every 50 ms
 * ran meanwhile (what a click would wait); the membership chart's making once loaded. Not a test; see docs/gui.md
 * for the command.
 *
 * <p>Usage: {@code LoadBench HOME CAPTURE}; prints {@code rows=.. seconds=.. firstRowsSeconds=.. heapMB=..
 * fxDelayP99Ms=..} and the rest on one line.
 */
public final class LoadBench {
    public static void main(String[] args) throws Exception {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        DecodeOptions options = DecodeOptions.defaults(Path.of(args[0]));
        Path capture = Path.of(args[1]);
        AtomicReference<CaptureSession> session = new AtomicReference<>();
        CountDownLatch first = new CountDownLatch(1), done = new CountDownLatch(1);
        // Responsiveness: every 50 ms a task is posted to the FX thread; how late it runs is how long a click or a
        // scroll would wait while the capture loads.
        List<Long> delays = Collections.synchronizedList(new ArrayList<>());
        ScheduledExecutorService pinger = Executors.newSingleThreadScheduledExecutor();
        pinger.scheduleAtFixedRate(
                () -> {
                    long posted = System.nanoTime();
                    Platform.runLater(() -> delays.add(System.nanoTime() - posted));
                },
                0,
                50,
                TimeUnit.MILLISECONDS);
        long t0 = System.nanoTime();
        Platform.runLater(() -> {
            try {
                CaptureSession s = new CaptureSession(capture.getFileName().toString());
                session.set(s);
                s.rows().addListener((javafx.beans.InvalidationListener) o -> first.countDown());
                s.loading().addListener((o, a, loading) -> {
                    if (!loading) done.countDown();
                });
                s.load(options, CaptureSession.open(capture.toString()), Files.size(capture));
            } catch (Exception e) {
                e.printStackTrace();
                System.exit(1);
            }
        });
        first.await();
        long firstRows = System.nanoTime() - t0;
        done.await();
        long all = System.nanoTime() - t0;
        pinger.shutdownNow();
        List<Long> sorted;
        synchronized (delays) {
            sorted = new ArrayList<>(delays);
        }
        Collections.sort(sorted);
        long p50 = sorted.get(sorted.size() / 2), p90 = sorted.get((int) (sorted.size() * 0.9));
        long p99 = sorted.get((int) (sorted.size() * 0.99)), max = sorted.get(sorted.size() - 1);
        long stalls = sorted.stream().filter(d -> d > 100_000_000L).count();
        // The membership chart as the window makes it once the capture is loaded: its rows, then its nodes.
        long[] chart = new long[2];
        CountDownLatch c = new CountDownLatch(1);
        Platform.runLater(() -> {
            long t = System.nanoTime();
            MembershipLanes lanes = session.get().membershipLanes();
            chart[0] = lanes.lanes().size();
            MembershipChart view = new MembershipChart();
            view.resize(1200, 500);
            view.layout();
            view.showLanes(lanes, a -> session.get().names().get().nameOf(a));
            chart[1] = System.nanoTime() - t;
            c.countDown();
        });
        c.await();
        System.gc();
        Runtime rt = Runtime.getRuntime();
        long heap = (rt.totalMemory() - rt.freeMemory()) >> 20;
        // Filtering all rows on the FX thread, as the filter bar does.
        long[] filtered = new long[2];
        CountDownLatch f = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                long t = System.nanoTime();
                session.get().setFilter(RecordFilter.compile("gms.type == VIEW || dest == \"B\""));
                filtered[0] = session.get().shown().size();
                filtered[1] = System.nanoTime() - t;
            } catch (Exception e) {
                e.printStackTrace();
            }
            f.countDown();
        });
        f.await();
        System.out.printf(
                "rows=%d seconds=%.2f firstRowsSeconds=%.2f heapMB=%d filteredRows=%d filterSeconds=%.2f"
                        + " fxDelayP50Ms=%.0f fxDelayP90Ms=%.0f fxDelayP99Ms=%.0f fxDelayMaxMs=%.0f"
                        + " fxStallsOver100Ms=%d"
                        + " chartRows=%d chartSeconds=%.3f%n",
                session.get().rows().size(),
                all / 1e9,
                firstRows / 1e9,
                heap,
                filtered[0],
                filtered[1] / 1e9,
                p50 / 1e6,
                p90 / 1e6,
                p99 / 1e6,
                max / 1e6,
                stalls,
                chart[0],
                chart[1] / 1e9);
        Platform.exit();
        System.exit(0);
    }
}
