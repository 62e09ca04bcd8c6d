package org.jgwire.gui.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.gui.model.CaptureSession;

/**
 * How long the viewer takes to load a capture into its table, and the heap it holds then: a CaptureSession on a
 * headless (Monocle) FX thread, timed from open to the last row. Not a test; see docs/gui.md for the command.
 *
 * <p>Usage: {@code LoadBench HOME CAPTURE}; prints {@code rows=.. seconds=.. firstRowsSeconds=.. heapMB=..}.
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
                "rows=%d seconds=%.2f firstRowsSeconds=%.2f heapMB=%d filteredRows=%d filterSeconds=%.2f%n",
                session.get().rows().size(), all / 1e9, firstRows / 1e9, heap, filtered[0], filtered[1] / 1e9);
        Platform.exit();
        System.exit(0);
    }
}
