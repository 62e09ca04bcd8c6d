package org.jgwire.gui.view;

import java.util.List;
import java.util.Locale;
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
import org.jgwire.codec.analysis.reliability.ReliabilityTracker;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.analysis.stats.TrafficStats;
import org.jgwire.codec.model.NodeAddress;

/**
 * The statistics panel: core-codec's {@link TrafficStats} (the figures of {@code jgwire stats}, the traffic as it was
 * on the wire) as tables of messages and bytes per sending member, per protocol header and type and per message
 * type, the RPC table per method and the reliability table per sender that {@code jgwire stats} prints, and a chart
 * of messages per second, one line per member or per protocol of the first header.
 */
public final class StatsView extends VBox {
    /** Most lines drawn in the chart (the busiest). */
    static final int MAX_LINES = 12;

    private final Label totals = new Label();
    private final TableView<Row> members = table("members", "Member");
    private final TableView<Row> protocols = table("protocols", "Protocol header");
    private final TableView<Row> types = table("types", "Message type");
    private final TableView<List<String>> calls =
            textTable("rpc", "RPC method", "Requests", "Answered", "Exceptions", "Latency p50 ms", "p90", "Max");
    private final TableView<List<String>> reliability = textTable(
            "reliability",
            "Protocol",
            "Sender",
            "Messages",
            "Gaps",
            "Missing",
            "XMIT_REQ",
            "Retransmitted",
            "Delay p50 ms",
            "Max");
    private final LineChart<Number, Number> chart;
    private final RadioButton perMember = new RadioButton("per member"), perProtocol = new RadioButton("per protocol");
    private TrafficStats stats;
    private long firstSecond = -1;
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
        HBox delivery = new HBox(6, calls, reliability);
        HBox.setHgrow(calls, Priority.ALWAYS);
        HBox.setHgrow(reliability, Priority.ALWAYS);
        delivery.setPrefHeight(160);
        getChildren()
                .addAll(
                        totals,
                        tables,
                        delivery,
                        new HBox(12, new Label("Messages per second:"), perMember, perProtocol),
                        chart);
    }

    private static TableView<Row> table(String id, String title) {
        TableView<Row> t = new TableView<>();
        t.setId("stats-" + id);
        TableColumn<Row, String> key = new TableColumn<>(title);
        key.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().key()));
        key.setPrefWidth(170);
        TableColumn<Row, Long> messages = new TableColumn<>("Messages");
        messages.setCellValueFactory(
                c -> new ReadOnlyObjectWrapper<>(c.getValue().messages()));
        TableColumn<Row, Long> bytes = new TableColumn<>("Bytes");
        bytes.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().bytes()));
        t.getColumns().addAll(List.of(key, messages, bytes));
        t.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        return t;
    }

    /** A table of texts, one column per title, as {@code jgwire stats} prints its tables. */
    private static TableView<List<String>> textTable(String id, String... titles) {
        TableView<List<String>> t = new TableView<>();
        t.setId("stats-" + id);
        for (int i = 0; i < titles.length; i++) {
            int column = i;
            TableColumn<List<String>, String> c = new TableColumn<>(titles[i]);
            c.setCellValueFactory(v -> new ReadOnlyObjectWrapper<>(v.getValue().get(column)));
            t.getColumns().add(c);
        }
        t.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        return t;
    }

    /** Shows the RPC figures per method and the reliability figures per sender (STABLE's are left out). */
    public void showDelivery(
            RpcTracker.RpcStats rpc,
            List<ReliabilityTracker.SenderStats> senders,
            Function<NodeAddress, String> names) {
        calls.setItems(FXCollections.observableArrayList(rpc.methods().stream()
                .map(m -> List.of(
                        m.method(),
                        String.valueOf(m.requests()),
                        String.valueOf(m.answered()),
                        String.valueOf(m.exceptions()),
                        millis(m.latency().count(), m.latency().p50()),
                        millis(m.latency().count(), m.latency().p90()),
                        millis(m.latency().count(), m.latency().max())))
                .toList()));
        reliability.setItems(FXCollections.observableArrayList(senders.stream()
                .filter(s -> !s.protocol().equals("STABLE"))
                .map(s -> List.of(
                        s.protocol(),
                        names.apply(s.sender()),
                        String.valueOf(s.messages()),
                        String.valueOf(s.gaps()),
                        String.valueOf(s.stillMissing()),
                        String.valueOf(s.xmitRequests()),
                        String.valueOf(s.retransmissions()),
                        millis(s.delays().count(), s.delays().p50()),
                        millis(s.delays().count(), s.delays().max())))
                .toList()));
    }

    private static String millis(long count, double ms) {
        return count == 0 ? "-" : String.format(Locale.ROOT, "%.1f", ms);
    }

    /** Shows these statistics ({@code names} shows members by logical name). */
    public void show(TrafficStats t, Function<NodeAddress, String> names) {
        TrafficStats.Snapshot s = t.snapshot();
        this.stats = t;
        this.names = names;
        this.firstSecond = s.firstTs() < 0 ? -1 : s.firstTs() / 1_000_000_000L;
        totals.setText(s.messages() + " messages, " + s.bytes() + " bytes on the wire"
                + (s.errors() > 0 ? ", " + s.errors() + " records not decoded" : ""));
        members.setItems(FXCollections.observableArrayList(s.members().stream()
                .map(m -> new Row(names.apply(m.member()), m.messages(), m.bytes()))
                .toList()));
        protocols.setItems(FXCollections.observableArrayList(
                s.headerTypes().stream().map(StatsView::row).toList()));
        types.setItems(FXCollections.observableArrayList(
                s.messageTypes().stream().map(StatsView::row).toList()));
        drawChart();
    }

    private static Row row(TrafficStats.Count c) {
        return new Row(c.key(), c.messages(), c.bytes());
    }

    private String lineName(TrafficStats.Rate r) {
        return r.member() != null ? names.apply(r.member()) : r.key();
    }

    private void drawChart() {
        chart.getData().clear();
        if (stats == null || firstSecond < 0) return;
        List<TrafficStats.Rate> rates = perMember.isSelected() ? stats.memberRates() : stats.protocolRates();
        for (TrafficStats.Rate s : rates.subList(0, Math.min(MAX_LINES, rates.size()))) {
            XYChart.Series<Number, Number> line = new XYChart.Series<>();
            line.setName(lineName(s));
            long previous = Long.MIN_VALUE;
            for (Map.Entry<Long, Long> e : s.perSecond().entrySet()) {
                long t = e.getKey() - firstSecond;
                if (previous != Long.MIN_VALUE && t > previous + 1)
                    line.getData().add(new XYChart.Data<>(previous + 1, 0));
                if (previous != Long.MIN_VALUE && t > previous + 2)
                    line.getData().add(new XYChart.Data<>(t - 1, 0));
                line.getData().add(new XYChart.Data<>(t, e.getValue()));
                previous = t;
            }
            chart.getData().add(line);
        }
    }
}
