package org.jgwire.gui.view;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ObservableList;
import javafx.collections.transformation.SortedList;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.gui.model.CaptureSession;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.model.RowText;

/**
 * The message table: one row per record, virtualised (only the visible cells exist), sortable by any column, each
 * row coloured by the protocol of its first header. Cell text is computed when a cell is shown.
 */
public final class MessageTable extends TableView<Row> {
    private final BooleanProperty relativeTime = new SimpleBooleanProperty(false);
    private CaptureSession session;

    public MessageTable() {
        setId("messages");
        getStyleClass().add("message-table");
        setPlaceholder(new javafx.scene.control.Label("Open a capture: File > Open (Ctrl+O), or drop a file here"));
        getColumns().add(column("No.", "no", 70, r -> (Integer) r.number(), Comparator.<Integer>naturalOrder()));
        getColumns()
                .add(column(
                        "Packet",
                        "packet",
                        70,
                        r -> (Long) r.record().frame().packet(),
                        Comparator.<Long>naturalOrder()));
        TableColumn<Row, Long> time = new TableColumn<>("Time");
        time.setId("time");
        time.setPrefWidth(120);
        time.setCellValueFactory(
                c -> new ReadOnlyObjectWrapper<>(c.getValue().record().frame().tsNanos()));
        time.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Long ts, boolean empty) {
                super.updateItem(ts, empty);
                Row r = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(
                        r == null
                                ? null
                                : relativeTime.get() && session != null
                                        ? RowText.relativeTime(r.record().frame(), session.startNanos())
                                        : RowText.absoluteTime(r.record().frame()));
            }
        });
        getColumns().add(time);
        getColumns()
                .add(column(
                        "Endpoints",
                        "endpoints",
                        250,
                        r -> RowText.endpoints(r.record().frame()),
                        null));
        getColumns().add(column("From \u2192 To", "logical", 130, r -> RowText.logical(r.record(), names()), null));
        getColumns().add(column("Type", "type", 90, r -> RowText.type(r.record()), null));
        getColumns().add(column("Headers", "headers", 420, r -> RowText.headers(r.record()), null));
        getColumns()
                .add(column(
                        "Size",
                        "size",
                        60,
                        r -> (Integer) RowText.size(r.record()),
                        Comparator.<Integer>naturalOrder()));
        setRowFactory(t -> new TableRow<>() {
            private String protocolClass;

            @Override
            protected void updateItem(Row r, boolean empty) {
                super.updateItem(r, empty);
                restyle();
            }

            @Override
            public void updateSelected(boolean selected) {
                super.updateSelected(selected);
                restyle();
            }

            /** The protocol colour, except on a selected row (which shows the selection colour). */
            private void restyle() {
                if (protocolClass != null) getStyleClass().remove(protocolClass);
                Row r = getItem();
                protocolClass = isEmpty() || r == null || isSelected() ? null : ProtocolStyle.of(r.record());
                if (protocolClass != null) getStyleClass().add(protocolClass);
            }
        });
        relativeTime.addListener((o, a, b) -> refresh());
        getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
    }

    private <T> TableColumn<Row, T> column(
            String title, String id, double width, Function<Row, T> value, Comparator<T> order) {
        TableColumn<Row, T> c = new TableColumn<>(title);
        c.setId(id);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        if (order != null) c.setComparator(order);
        else c.setCellFactory(col -> new WholeTextCell<>()); // texts: names, endpoints, headers
        return c;
    }

    /** A cell of text that a narrow column cuts: its tooltip shows the whole of it. */
    static final class WholeTextCell<T> extends TableCell<Row, T> {
        @Override
        protected void updateItem(T item, boolean empty) {
            super.updateItem(item, empty);
            String text = empty || item == null ? null : item.toString();
            setText(text);
            setTooltip(text == null || text.isEmpty() ? null : new javafx.scene.control.Tooltip(text));
        }
    }

    private NameTable names() {
        return session != null ? session.names().get() : null;
    }

    /** Shows a session's filtered rows, sorted as the user clicks the column headers. */
    public void show(CaptureSession s) {
        this.session = s;
        ObservableList<Row> shown = s.shown();
        SortedList<Row> sorted = new SortedList<>(shown);
        sorted.comparatorProperty().bind(comparatorProperty());
        setItems(sorted);
        s.names().addListener((o, a, b) -> refresh());
    }

    /** Absolute (UTC time of day) or relative (seconds since the first record) times. */
    public BooleanProperty relativeTimeProperty() {
        return relativeTime;
    }

    /** Selects and shows the row with this number, if the filter lets it through; returns whether it did. */
    public boolean selectRow(int number) {
        for (int i = 0; i < getItems().size(); i++) {
            if (getItems().get(i).number() == number) {
                getSelectionModel().clearAndSelect(i);
                scrollTo(Math.max(0, i - 3));
                return true;
            }
        }
        return false;
    }

    /**
     * Selects the rows with these numbers that the filter lets through and shows the first; returns how many it
     * selected.
     */
    public int selectRows(List<Integer> numbers) {
        getSelectionModel().clearSelection();
        Set<Integer> wanted = new HashSet<>(numbers);
        int first = -1, selected = 0;
        for (int i = 0; i < getItems().size(); i++)
            if (wanted.contains(getItems().get(i).number())) {
                getSelectionModel().select(i);
                if (first < 0) first = i;
                selected++;
            }
        if (first >= 0) scrollTo(Math.max(0, first - 3));
        return selected;
    }
}
