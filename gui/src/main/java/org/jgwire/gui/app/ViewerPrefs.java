package org.jgwire.gui.app;

import java.util.ArrayList;
import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * What the viewer remembers between runs (java.util.prefs, per user): recent files, window size and position,
 * divider positions, column widths and the filter history. The node is {@code org/jgwire/gui} unless the system
 * property {@code jgwire.gui.prefs} names another (tests use their own).
 */
public final class ViewerPrefs {
    static final int MAX_RECENT = 10;
    static final int MAX_FILTERS = 20;

    private final Preferences node;

    public ViewerPrefs(Preferences node) {
        this.node = node;
    }

    public static ViewerPrefs user() {
        return new ViewerPrefs(Preferences.userRoot().node(System.getProperty("jgwire.gui.prefs", "org/jgwire/gui")));
    }

    public List<String> recentFiles() {
        return list("recent", MAX_RECENT);
    }

    /** Puts a file first in the recent list. */
    public void addRecent(String path) {
        push("recent", path, MAX_RECENT);
    }

    public List<String> filterHistory() {
        return list("filter", MAX_FILTERS);
    }

    public void addFilter(String filter) {
        push("filter", filter, MAX_FILTERS);
    }

    public double getDouble(String key, double fallback) {
        return node.getDouble(key, fallback);
    }

    public void putDouble(String key, double value) {
        node.putDouble(key, value);
    }

    public boolean getBoolean(String key, boolean fallback) {
        return node.getBoolean(key, fallback);
    }

    public void putBoolean(String key, boolean value) {
        node.putBoolean(key, value);
    }

    /** Writes what was put to the backing store (at exit). */
    public void flush() {
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // preferences are a convenience: a read-only home must not stop the viewer
        }
    }

    private List<String> list(String key, int max) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < max; i++) {
            String v = node.get(key + "." + i, null);
            if (v == null) break;
            out.add(v);
        }
        return out;
    }

    private void push(String key, String value, int max) {
        List<String> items = list(key, max);
        items.remove(value);
        items.add(0, value);
        for (int i = 0; i < max; i++) {
            if (i < items.size()) node.put(key + "." + i, items.get(i));
            else node.remove(key + "." + i);
        }
    }
}
