package org.jgwire.gui.tools;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.scene.control.TabPane;
import javafx.scene.control.TreeItem;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.gui.app.MainWindow;
import org.jgwire.gui.app.ViewerPrefs;
import org.jgwire.gui.model.DetailNode;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.view.DetailTreeView;
import org.jgwire.gui.view.FindingsView;

/**
 * Takes the screenshots in docs/images: the real window (GTK, under Xvfb) at 1280x800 on a sample capture, with a
 * message selected and a header highlighted, then each other tab; then the membership chart on the fault samples
 * beside it (partition-merge, incident, pause with its finding selected). Run by gui/screenshots.sh; not a test.
 *
 * <p>Usage: {@code Screenshots HOME CAPTURE OUTDIR}.
 */
public final class Screenshots {
    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]), capture = Path.of(args[1]), out = Path.of(args[2]);
        Files.createDirectories(out);
        System.setProperty("jgwire.gui.prefs", "org/jgwire/gui-screenshots");
        Preferences.userRoot().node("org/jgwire/gui-screenshots").removeNode();
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        MainWindow[] window = new MainWindow[1];
        onFx(() -> {
            Stage stage = new Stage();
            window[0] = new MainWindow(stage, ViewerPrefs.user(), DecodeOptions.defaults(home));
            stage.show();
            window[0].open(capture);
        });
        awaitLoaded(window[0]);
        // A unicast chat message with its UNICAST3 header selected: tree and hex highlight.
        onFx(() -> {
            Row row = window[0].session().rows().stream()
                    .filter(r -> r.message() != null
                            && r.message().dest() != null
                            && r.message().payload().text() != null)
                    .findFirst()
                    .orElseThrow();
            window[0].selectRow(row.number());
        });
        onFx(() -> {
            DetailTreeView tree = (DetailTreeView) scene(window[0]).lookup("#detail-tree");
            for (TreeItem<DetailNode> group : tree.getRoot().getChildren()) {
                for (TreeItem<DetailNode> h : group.getChildren()) {
                    if (h.getValue().label().startsWith("UNICAST3")) {
                        h.setExpanded(true);
                        tree.getSelectionModel().select(h);
                    }
                }
            }
        });
        snap(window[0], out.resolve("gui-messages.png"));
        TabPane pane =
                (TabPane) ((javafx.scene.layout.BorderPane) scene(window[0]).getRoot()).getCenter();
        String[][] tabs = {
            {"View changes", "gui-timeline.png"}, {"Flow", "gui-flow.png"}, {"Statistics", "gui-stats.png"}
        };
        for (String[] t : tabs) {
            onFx(() -> pane.getSelectionModel().select(tab(pane, t[0])));
            snap(window[0], out.resolve(t[1]));
        }
        // The membership chart on the faults beside the chat sample: a partition and its merge, eight members with a
        // crash, a partition and a merge, and a frozen member with its finding selected.
        Path samples = capture.getParent();
        onFx(() -> pane.getSelectionModel().select(tab(pane, "Membership")));
        String[][] charts = {
            {"udp-partition-merge.pcapng", "gui-membership-partition.png"},
            {"udp-incident.pcapng", "gui-membership-incident.png"},
            {"udp-pause.pcapng", "gui-findings.png"}
        };
        for (String[] c : charts) {
            onFx(() -> window[0].open(samples.resolve(c[0])));
            awaitLoaded(window[0]);
            if (c[1].equals("gui-findings.png"))
                onFx(() -> ((FindingsView) scene(window[0]).lookup("#findings")).select(0));
            snap(window[0], out.resolve(c[1]));
        }
        Preferences.userRoot().node("org/jgwire/gui-screenshots").removeNode();
        Platform.exit();
        System.exit(0);
    }

    private static void awaitLoaded(MainWindow w) throws InterruptedException {
        Thread.sleep(200); // the new session replaces the old one on the FX thread
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (w.session() == null || w.session().loading().get()) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("capture did not load in 60 s");
            Thread.sleep(100);
        }
    }

    private static javafx.scene.control.Tab tab(TabPane pane, String title) {
        return pane.getTabs().stream()
                .filter(t -> t.getText().equals(title))
                .findFirst()
                .orElseThrow();
    }

    private static javafx.scene.Scene scene(MainWindow w) {
        return w.stage().getScene();
    }

    private static void snap(MainWindow w, Path file) throws Exception {
        Thread.sleep(700); // layout and the GTK window settle
        WritableImage[] image = new WritableImage[1];
        onFx(() -> image[0] = scene(w).snapshot(null));
        write(image[0], file);
        System.out.println("wrote " + file);
    }

    private static void write(WritableImage image, Path file) throws IOException {
        int w = (int) image.getWidth(), h = (int) image.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        PixelReader pixels = image.getPixelReader();
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) out.setRGB(x, y, pixels.getArgb(x, y));
        ImageIO.write(out, "png", file.toFile());
    }

    private static void onFx(Runnable r) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                r.run();
            } finally {
                done.countDown();
            }
        });
        done.await();
    }
}
