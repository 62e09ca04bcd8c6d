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

/**
 * Takes the screenshots in docs/images: the real window (GTK, under Xvfb) at 1280x800 on a sample capture, with a
 * message selected and a header highlighted, then each other tab. Run by gui/screenshots.sh; not a test.
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
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (window[0].session() == null || window[0].session().loading().get()) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("capture did not load in 60 s");
            Thread.sleep(100);
        }
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
        String[] tabs = {"gui-timeline.png", "gui-flow.png", "gui-stats.png"};
        TabPane pane =
                (TabPane) ((javafx.scene.layout.BorderPane) scene(window[0]).getRoot()).getCenter();
        for (int i = 1; i < pane.getTabs().size() && i <= tabs.length; i++) {
            int tab = i;
            onFx(() -> pane.getSelectionModel().select(tab));
            snap(window[0], out.resolve(tabs[tab - 1]));
        }
        Preferences.userRoot().node("org/jgwire/gui-screenshots").removeNode();
        Platform.exit();
        System.exit(0);
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
