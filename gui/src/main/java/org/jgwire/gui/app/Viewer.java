package org.jgwire.gui.app;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;

/**
 * Starts the viewer ({@code jgwire gui}). The JavaFX application class is private to this package: a main class
 * that is not an {@link Application} lets JavaFX run from the class path.
 */
public final class Viewer {
    /**
     * What to show at start.
     *
     * @param file    a capture to open, or null
     * @param live    an interface to capture on live, or null
     * @param ports   for a live capture: only these ports (empty: any)
     * @param options decoding options (the distribution home, limits, ports)
     */
    public record Launch(Path file, String live, List<Integer> ports, DecodeOptions options) {}

    private static volatile Launch launch;

    private Viewer() {}

    /** Shows the window and returns when it is closed. */
    public static void run(Launch l) {
        launch = l;
        Application.launch(App.class);
    }

    /**
     * The window's size on its first start on a screen of {@code width} x {@code height}: nine tenths of it, so the
     * chart and the table use the screen, but never less than 1280 x 800 where the screen has room for that.
     */
    static double[] firstSize(double width, double height) {
        return new double[] {
            Math.min(width, Math.max(1280, Math.floor(width * 0.9))),
            Math.min(height, Math.max(800, Math.floor(height * 0.9)))
        };
    }

    /** The JavaFX application; public only because JavaFX instantiates it reflectively. */
    public static final class App extends Application {
        @Override
        public void start(Stage stage) {
            Launch l = launch;
            ViewerPrefs prefs = ViewerPrefs.user();
            boolean sized = !Double.isNaN(prefs.getDouble("window.width", Double.NaN));
            MainWindow w = new MainWindow(stage, prefs, l.options());
            if (!sized) {
                // the first start: most of the screen (later starts keep the size the user left)
                Rectangle2D screen = Screen.getPrimary().getVisualBounds();
                double[] size = firstSize(screen.getWidth(), screen.getHeight());
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
                stage.centerOnScreen();
            }
            stage.show();
            if (l.file() != null) w.open(l.file());
            else if (l.live() != null) w.startLive(l.live(), l.ports());
        }
    }
}
