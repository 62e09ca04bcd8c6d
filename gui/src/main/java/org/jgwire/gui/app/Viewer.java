package org.jgwire.gui.app;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
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

    /** The JavaFX application; public only because JavaFX instantiates it reflectively. */
    public static final class App extends Application {
        @Override
        public void start(Stage stage) {
            Launch l = launch;
            MainWindow w = new MainWindow(stage, ViewerPrefs.user(), l.options());
            stage.show();
            if (l.file() != null) w.open(l.file());
            else if (l.live() != null) w.startLive(l.live(), l.ports());
        }
    }
}
