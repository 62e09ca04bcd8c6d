package org.jgwire.gui.app;

import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;

/** The menu bar and the window's keyboard shortcuts (Ctrl+O open, Ctrl+F filter, Ctrl+Q quit). */
final class MainMenu {
    private final MainWindow window;
    private final ViewerPrefs prefs;
    private final MenuBar bar = new MenuBar();
    private final Menu recent = new Menu("Open recent");
    private final MenuItem stop;

    MainMenu(MainWindow window, ViewerPrefs prefs) {
        this.window = window;
        this.prefs = prefs;
        recent.setId("menu-recent");
        MenuItem open = item("Open...", "Shortcut+O", window::chooseAndOpen);
        MenuItem exportShown = item("Export shown rows as JSON Lines...", "Shortcut+E", () -> window.export(false));
        MenuItem exportSelected = item("Export selected rows as JSON Lines...", null, () -> window.export(true));
        MenuItem keys = item("Decryption keys...", null, window::chooseKeys);
        MenuItem quit = item("Quit", "Shortcut+Q", () -> window.stage().close());
        Menu file = new Menu(
                "File",
                null,
                open,
                recent,
                new SeparatorMenuItem(),
                exportShown,
                exportSelected,
                new SeparatorMenuItem(),
                keys,
                new SeparatorMenuItem(),
                quit);
        updateRecent();

        CheckMenuItem relative = new CheckMenuItem("Relative time");
        relative.setAccelerator(KeyCombination.keyCombination("Shortcut+T"));
        relative.selectedProperty().bindBidirectional(window.table().relativeTimeProperty());
        MenuItem filter = item("Filter", "Shortcut+F", window::focusFilter);
        MenuItem copy = item("Copy value", null, window::copySelectedValue);
        Menu view = new Menu("View", null, filter, relative, copy);
        MenuItem live = item("Live capture...", "Shortcut+L", window::chooseLive);
        MenuItem cluster = item("Start test cluster...", null, window::chooseCluster);
        stop = item("Stop capture / loading", "Shortcut+PERIOD", window::stopCapture);
        stop.setDisable(true);
        Menu capture = new Menu("Capture", null, live, cluster, stop);
        bar.getMenus().addAll(file, capture, view);
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem i = new MenuItem(text);
        if (accelerator != null) i.setAccelerator(KeyCombination.keyCombination(accelerator));
        i.setOnAction(e -> action.run());
        return i;
    }

    /** Enables "Stop" while a live capture runs or a file loads. */
    void setCapturing(boolean capturing) {
        stop.setDisable(!capturing);
    }

    MenuBar bar() {
        return bar;
    }

    /** Refills "Open recent" from the preferences. */
    void updateRecent() {
        recent.getItems().clear();
        for (String f : prefs.recentFiles()) recent.getItems().add(item(f, null, () -> window.open(Path.of(f))));
        recent.setDisable(recent.getItems().isEmpty());
    }

    /** Shortcuts that work wherever the focus is (menu accelerators need a showing menu bar on some platforms). */
    void installAccelerators(Scene scene) {
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+F"), window::focusFilter);
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+O"), window::chooseAndOpen);
    }
}
