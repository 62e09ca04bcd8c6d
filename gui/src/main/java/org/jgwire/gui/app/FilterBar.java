package org.jgwire.gui.app;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.geometry.Pos;
import javafx.geometry.Side;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.filter.FilterCompletion;
import org.jgwire.codec.model.Record;

/**
 * The filter bar: an expression in the language of {@code jgwire decode --filter}, applied on Enter. A bad
 * expression turns the field red and says what is wrong where, whole, on the line under the field (so the field keeps
 * its width); the rows shown stay as they were, and that line always says which filter is in force. Applied
 * expressions go into a history (the drop-down), remembered between runs. As one types, the word at the caret is
 * offered its completions (fields, protocols, a protocol's header fields, after a comparison the field's values in the
 * capture): click one, or Tab for the first.
 */
final class FilterBar extends VBox {
    private final ComboBox<String> field = new ComboBox<>();
    private final Label error = new Label();
    private final Label inForce = new Label();
    private final ViewerPrefs prefs;
    private final Consumer<Predicate<Record>> apply;
    private final Names names;
    private final FilterCompletion.Values values;
    /** The completions offered for the word at the caret. */
    private final ContextMenu completions = new ContextMenu();
    /** The applied expression, null when every row is shown. */
    private String current;
    /** Set while the bar changes its own items (which fires actions). */
    private boolean updating;

    /**
     * @param names  the names the viewer shows, which the filter compares members by
     * @param values a field's values in the capture shown, offered after a comparison
     */
    FilterBar(ViewerPrefs prefs, Names names, FilterCompletion.Values values, Consumer<Predicate<Record>> apply) {
        super(2);
        this.prefs = prefs;
        this.names = names;
        this.values = values;
        this.apply = apply;
        getStyleClass().add("filter-bar");
        field.setId("filter");
        field.setEditable(true);
        field.setPromptText("Filter, e.g.  gms.type == \"VIEW\"   (Enter applies, empty shows all; Ctrl+F)");
        field.getItems().setAll(prefs.filterHistory());
        field.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(field, Priority.ALWAYS);
        field.getEditor().setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                if (completions.isShowing()) completions.hide();
                else clear();
            }
        });
        completions.setId("filter-completions");
        // Tab takes the first completion offered, whether the field or the open list has the keys
        field.getEditor().addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, this::tabCompletes);
        completions.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, this::tabCompletes);
        field.getEditor().textProperty().addListener((o, a, b) -> {
            if (!updating && field.getEditor().isFocused()) offerCompletions();
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

    /** Offers what the word at the caret may become (fields, protocols, a protocol's fields, values), if anything. */
    void offerCompletions() {
        String text =
                field.getEditor().getText() == null ? "" : field.getEditor().getText();
        FilterCompletion.Completion c =
                FilterCompletion.at(text, field.getEditor().getCaretPosition(), values);
        if (c.candidates().isEmpty()) {
            completions.hide();
            return;
        }
        List<MenuItem> items = new ArrayList<>();
        for (String candidate : c.candidates()) {
            MenuItem item = new MenuItem(candidate);
            item.setOnAction(e -> complete(c.start(), candidate));
            items.add(item);
        }
        completions.getItems().setAll(items);
        if (!completions.isShowing()) completions.show(field, Side.BOTTOM, 0, 0);
    }

    private void tabCompletes(javafx.scene.input.KeyEvent e) {
        if (e.getCode() == KeyCode.TAB
                && completions.isShowing()
                && !completions.getItems().isEmpty()) {
            completions.getItems().get(0).fire();
            e.consume();
        }
    }

    /** Replaces the word from {@code start} to the caret by {@code candidate}. */
    private void complete(int start, String candidate) {
        String text = field.getEditor().getText();
        int caret = field.getEditor().getCaretPosition();
        String done = text.substring(0, start) + candidate + text.substring(caret);
        updating = true;
        try {
            field.getEditor().setText(done);
        } finally {
            updating = false;
        }
        field.getEditor().positionCaret(start + candidate.length());
        completions.hide();
    }

    /** The completions shown now (empty when hidden), for tests. */
    List<String> completionsShown() {
        if (!completions.isShowing()) return List.of();
        return completions.getItems().stream().map(MenuItem::getText).toList();
    }

    /** Says which expression the rows shown answer to. */
    private void showInForce() {
        inForce.setText(current == null ? "In force: none (every row)" : "In force: " + current);
    }

    /** Compiles and applies the text; on a syntax error, marks it and keeps the current rows. */
    void applyText() {
        completions.hide();
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
