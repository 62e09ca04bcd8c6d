package org.jgwire.gui.view;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.gui.model.TrafficCounts;

/**
 * The statistics panel: messages and bytes per sending member, per protocol and per message type, and a chart of
 * messages per second, one line per member or per protocol.
 */
public final class StatsView extends VBox {
    /** Most lines drawn in the chart (the busiest). */
    static final int MAX_LINES = 12;

    private final Label totals = new Label();
    private final TableView<Row> members = table("members", "Member");
    private final TableView<Row> protocols = table("protocols", "Protocol (first header)");
    private final TableView<Row> types = table("types", "Message type");
    private final LineChart<Number, Number> chart;
    private final RadioButton perMember = new RadioButton("per member"), perProtocol = new RadioButton("per protocol");
    private TrafficCounts counts;
    private Function<NodeAddress, String> names = NodeAddress::id;

    /** One table line. */
    public record Row(String key, long messages, long bytes) {}

    public StatsView() {
        super(6);
        setId("stats");
        setPadding(new Insets(6));
        NumberAxis x = new NumberAxis();
        x.setLabel("seconds since the first message");
        x.setForceZeroInRange(true);
        NumberAxis y = new NumberAxis();
        y.setLabel("messages per second");
        chart = new LineChart<>(x, y);
        chart.setId("rate-chart");
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setPrefHeight(300);
        ToggleGroup g = new ToggleGroup();
        perMember.setToggleGroup(g);
        perProtocol.setToggleGroup(g);
        perMember.setSelected(true);
        g.selectedToggleProperty().addListener((o, a, b) -> drawChart());
        HBox tables = new HBox(6, members, protocols, types);
        for (TableView<Row> t : List.of(members, protocols, types)) HBox.setHgrow(t, Priority.ALWAYS);
        VBox.setVgrow(tables, Priority.ALWAYS);
        getChildren().addAll(totals, tables, new HBox(12, new Label("Messages per second:"), perMember, perProtocol),
                chart);
    }

    private static TableView<Row> table(String id, String title) {
        TableView<Row> t = new TableView<>();
        t.setId("stats-" + id);
        TableColumn<Row, String> key = new TableColumn<>(title);
        key.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().key()));
        key.setPrefWidth(170);
        TableColumn<Row, Long> messages = new TableColumn<>("Messages");
        messages.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().messages()));
        TableColumn<Row, Long> bytes = new TableColumn<>("Bytes");
        bytes.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().bytes()));
        t.getColumns().addAll(List.of(key, messages, bytes));
        t.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        return t;
    }

    /** Shows these counts ({@code names} shows members by logical name). */
    public void show(TrafficCounts c, Function<NodeAddress, String> names) {
        this.counts = c;
        this.names = names;
        totals.setText(c.messages() + " messages, " + c.bytes() + " bytes"
                + (c.errors() > 0 ? ", " + c.errors() + " records not decoded" : ""));
        members.setItems(FXCollections.observableArrayList(c.members().stream()
                .map(s -> new Row(memberName(s), s.messages(), s.bytes())).toList()));
        protocols.setItems(FXCollections.observableArrayList(
                c.protocols().stream().map(s -> new Row(s.key(), s.messages(), s.bytes())).toList()));
        types.setItems(FXCollections.observableArrayList(
                c.types().stream().map(s -> new Row(s.key(), s.messages(), s.bytes())).toList()));
        drawChart();
    }

    private String memberName(TrafficCounts.Series s) {
        return s.member() != null ? names.apply(s.member()) : s.key();
    }

    private void drawChart() {
        chart.getData().clear();
        if (counts == null || counts.firstSecond() < 0) return;
        List<TrafficCounts.Series> series = perMember.isSelected() ? counts.members() : counts.protocols();
        for (TrafficCounts.Series s : series.subList(0, Math.min(MAX_LINES, series.size()))) {
            XYChart.Series<Number, Number> line = new XYChart.Series<>();
            line.setName(perMember.isSelected() ? memberName(s) : s.key());
            long previous = Long.MIN_VALUE;
            for (Map.Entry<Long, Long> e : s.perSecond().entrySet()) {
                long t = e.getKey() - counts.firstSecond();
                if (previous != Long.MIN_VALUE && t > previous + 1) line.getData().add(new XYChart.Data<>(previous + 1, 0));
                if (previous != Long.MIN_VALUE && t > previous + 2) line.getData().add(new XYChart.Data<>(t - 1, 0));
                line.getData().add(new XYChart.Data<>(t, e.getValue()));
                previous = t;
            }
            chart.getData().add(line);
        }
    }
}
