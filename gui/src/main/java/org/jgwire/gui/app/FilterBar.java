package org.jgwire.gui.app;

import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.model.Record;

/**
 * The filter bar: an expression in the language of {@code jgwire decode --filter}, applied on Enter. A bad
 * expression turns the field red and says what is wrong where, whole, on the line under the field (so the field keeps
 * its width); the rows shown stay as they were, and that line always says which filter is in force. Applied
 * expressions go into a history (the drop-down), remembered between runs.
 */
final class FilterBar extends VBox {
    private final ComboBox<String> field = new ComboBox<>();
    private final Label error = new Label();
    private final Label inForce = new Label();
    private final ViewerPrefs prefs;
    private final Consumer<Predicate<Record>> apply;
    private final Names names;
    /** The applied expression, null when every row is shown. */
    private String current;
    /** Set while the bar changes its own items (which fires actions). */
    private boolean updating;

    /** @param names the names the viewer shows, which the filter compares members by */
    FilterBar(ViewerPrefs prefs, Names names, Consumer<Predicate<Record>> apply) {
        super(2);
        this.prefs = prefs;
        this.names = names;
        this.apply = apply;
        getStyleClass().add("filter-bar");
        field.setId("filter");
        field.setEditable(true);
        field.setPromptText("Filter, e.g.  gms.type == \"VIEW\"   (Enter applies, empty shows all; Ctrl+F)");
        field.getItems().setAll(prefs.filterHistory());
        field.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(field, Priority.ALWAYS);
        field.getEditor().setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) clear();
        });
        // Enter in the editor and a pick from the history both end here.
        field.setOnAction(e -> {
            if (!updating) applyText();
        });
        Button applyButton = new Button("Apply");
        applyButton.setOnAction(e -> applyText());
        Button clearButton = new Button("Clear");
        clearButton.setOnAction(e -> clear());
        error.setId("filter-error");
        error.getStyleClass().add("filter-error-text");
        error.setWrapText(true);
        error.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(error, Priority.ALWAYS);
        inForce.setId("filter-in-force");
        inForce.setMinWidth(Region.USE_PREF_SIZE);
        showInForce();
        HBox row = new HBox(6, new Label("Filter:"), field, applyButton, clearButton);
        row.setAlignment(Pos.CENTER_LEFT);
        HBox status = new HBox(12, inForce, error);
        getChildren().addAll(row, status);
    }

    /** Says which expression the rows shown answer to. */
    private void showInForce() {
        inForce.setText(current == null ? "In force: none (every row)" : "In force: " + current);
    }

    /** Compiles and applies the text; on a syntax error, marks it and keeps the current rows. */
    void applyText() {
        String text = field.getEditor().getText() == null
                ? ""
                : field.getEditor().getText().strip();
        if (text.isEmpty()) {
            clear();
            return;
        }
        try {
            Predicate<Record> p = FilterCompiler.compile(text, names);
            markError(null, -1);
            current = text;
            showInForce();
            prefs.addFilter(text);
            updating = true;
            try {
                field.getItems().setAll(prefs.filterHistory());
                field.getEditor().setText(text);
            } finally {
                updating = false;
            }
            apply.accept(p);
        } catch (FilterCompiler.BadFilter e) {
            markError(e.getMessage(), e.position());
        }
    }

    private void markError(String message, int position) {
        field.getStyleClass().remove("filter-bad");
        error.setText(message == null ? "" : message);
        if (message != null) {
            field.getStyleClass().add("filter-bad");
            if (position >= 0 && position <= field.getEditor().getText().length()) {
                field.getEditor().positionCaret(position);
                field.getEditor()
                        .selectRange(
                                position,
                                Math.min(
                                        position + 1,
                                        field.getEditor().getText().length()));
            }
        }
    }

    /** Shows every row again. */
    void clear() {
        updating = true;
        try {
            field.getEditor().setText("");
            field.setValue(null);
        } finally {
            updating = false;
        }
        markError(null, -1);
        current = null;
        showInForce();
        apply.accept(null);
    }

    /** Applies the current expression again, freshly compiled (a new capture). */
    void reapply() {
        if (current == null) {
            apply.accept(null);
            return;
        }
        try {
            apply.accept(FilterCompiler.compile(current, names));
        } catch (FilterCompiler.BadFilter e) {
            markError(e.getMessage(), e.position());
        }
    }

    /** The applied expression, or null. */
    String current() {
        return current;
    }

    void focus() {
        field.requestFocus();
        field.getEditor().selectAll();
    }
}
