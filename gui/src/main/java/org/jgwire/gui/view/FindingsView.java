package org.jgwire.gui.view;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.TimeOfDay;

/**
 * The findings of {@code jgwire diagnose}: what went wrong in the cluster, the most severe first, one line each with
 * its members, time span and summary. A click on one hands it to {@link #setOnProof}, which shades it on the
 * membership chart and selects its proof frames in the message table; a double click or Enter goes to them.
 */
public final class FindingsView extends VBox {
    private final Label heading = new Label("No capture open");
    private final TableView<Finding> table = new TableView<>();
    private Function<NodeAddress, String> names = NodeAddress::id;
    private BiConsumer<Finding, Boolean> onProof = (f, open) -> {};

    public FindingsView() {
        super(6);
        setId("findings");
        setPadding(new Insets(6));
        table.setId("findings-table");
        table.getColumns()
                .addAll(List.of(
                        column("Severity", 80, f -> f.severity().label()),
                        column("Code", 130, f -> f.code().label()),
                        column(
                                "Members",
                                160,
                                f -> String.join(
                                        ", ", f.members().stream().map(names).toList())),
                        column("Time", 200, FindingsView::span),
                        column("Summary", 700, f -> f.summary(names))));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setRowFactory(t -> {
            TableRow<Finding> row = new TableRow<>() {
                @Override
                protected void updateItem(Finding f, boolean empty) {
                    super.updateItem(f, empty);
                    getStyleClass().removeAll("finding-error", "finding-warning");
                    setTooltip(null);
                    if (empty || f == null) return;
                    getStyleClass().add("finding-" + f.severity().label());
                    setTooltip(new Tooltip(f.summary(names) + "\nproof: frames " + f.frames()));
                }
            };
            row.setOnMouseClicked(e -> {
                if (!row.isEmpty()) onProof.accept(row.getItem(), e.getClickCount() == 2);
            });
            return row;
        });
        table.setOnKeyPressed(e -> {
            Finding f = table.getSelectionModel().getSelectedItem();
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && f != null) onProof.accept(f, true);
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(heading, table);
    }

    private TableColumn<Finding, String> column(String title, double width, Function<Finding, String> value) {
        TableColumn<Finding, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    private static String span(Finding f) {
        if (f.startNs() < 0) return "-";
        return TimeOfDay.millis(f.startNs()) + (f.endNs() >= 0 ? " - " + TimeOfDay.millis(f.endNs()) : "");
    }

    /** Shows these findings ({@code names} shows members by logical name). */
    public void show(List<Finding> findings, Function<NodeAddress, String> names) {
        this.names = names;
        heading.setText(
                findings.isEmpty()
                        ? Finding.NONE
                        : findings.size() + (findings.size() == 1 ? " finding" : " findings")
                                + " (docs/diagnose.md); click one to mark it on the chart and select the frames that"
                                + " prove it, double click to go to them.");
        table.setItems(FXCollections.observableArrayList(findings));
    }

    /**
     * Called with a chosen finding (its proof frames are to be selected) and whether to go to them (a double click,
     * Enter) rather than only mark them.
     */
    public void setOnProof(BiConsumer<Finding, Boolean> listener) {
        this.onProof = listener;
    }

    /** The findings shown. */
    public List<Finding> findings() {
        return List.copyOf(table.getItems());
    }

    /** Selects the finding at this index and its proof frames, as a click does. */
    public void select(int index) {
        table.getSelectionModel().clearAndSelect(index);
        onProof.accept(table.getItems().get(index), false);
    }
}
