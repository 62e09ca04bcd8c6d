package org.jgwire.gui.view;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntConsumer;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.model.RowText;

/**
 * The flow (ladder) diagram: one vertical lane per member, one arrow per message in capture order, from sender to
 * destination; a multicast reaches every other lane. Request/response pairs given by {@link #setPairs} are joined
 * by a dashed link. Clicking a message's label selects it in the table.
 */
public final class FlowView extends ScrollPane {
    /** Most messages drawn at once: a ladder of more is unreadable. */
    public static final int MAX_MESSAGES = 400;

    private static final double TOP = 40, ROW = 26, LEFT = 90, COLUMN = 190;

    private final Pane canvas = new Pane();
    private IntConsumer onSelectRow = r -> {};
    private Map<Integer, Integer> pairs = Map.of();

    public FlowView() {
        setId("flow");
        setContent(canvas);
        canvas.getChildren().add(new Label("Select messages in the table (or one to start from), then open this tab."));
    }

    public void setOnSelectRow(IntConsumer listener) {
        this.onSelectRow = listener;
    }

    /** Response row number → request row number, drawn as links (core-codec's RpcTracker pairs). */
    public void setPairs(Map<Integer, Integer> responseToRequest) {
        this.pairs = responseToRequest;
    }

    /** Draws these rows (at most {@link #MAX_MESSAGES}); non-message rows are left out. */
    public void show(List<Row> rows, Function<NodeAddress, String> names, long startNanos) {
        canvas.getChildren().clear();
        List<Row> messages = new ArrayList<>();
        Map<String, Integer> lanes = new LinkedHashMap<>();
        for (Row r : rows) {
            MessageRecord m = r.message();
            if (m == null || !RowText.drawnAsArrow(m)) continue;
            if (messages.size() == MAX_MESSAGES) break;
            messages.add(r);
            lanes.putIfAbsent(m.src().id(), lanes.size());
            if (m.dest() != null) lanes.putIfAbsent(m.dest().id(), lanes.size());
        }
        if (messages.isEmpty()) {
            canvas.getChildren().add(new Label("No messages in the selection."));
            return;
        }
        Map<String, NodeAddress> byId = new HashMap<>();
        for (Row r : messages) {
            byId.putIfAbsent(r.message().src().id(), r.message().src());
            if (r.message().dest() != null)
                byId.putIfAbsent(r.message().dest().id(), r.message().dest());
        }
        double bottom = TOP + ROW * (messages.size() + 1);
        for (Map.Entry<String, Integer> lane : lanes.entrySet()) {
            double x = laneX(lane.getValue());
            Label name = new Label(names.apply(byId.get(lane.getKey())));
            name.getStyleClass().add("flow-member");
            name.setLayoutX(x - 20);
            name.setLayoutY(8);
            Line l = new Line(x, TOP - 8, x, bottom);
            l.getStyleClass().add("flow-lane");
            canvas.getChildren().addAll(l, name);
        }
        Map<Integer, Double> yOf = new HashMap<>();
        Map<Integer, Double> requesterX = new HashMap<>();
        for (int i = 0; i < messages.size(); i++) {
            Row r = messages.get(i);
            MessageRecord m = r.message();
            double y = TOP + ROW * (i + 1);
            yOf.put(r.number(), y);
            double from = laneX(lanes.get(m.src().id()));
            requesterX.put(r.number(), from);
            Label time = new Label(RowText.relativeTime(m.frame(), startNanos));
            time.getStyleClass().add("flow-label");
            time.setLayoutX(4);
            time.setLayoutY(y - 8);
            canvas.getChildren().add(time);
            if (m.dest() != null) {
                arrow(from, laneX(lanes.get(m.dest().id())), y);
            } else {
                double min = laneX(0), max = laneX(lanes.size() - 1);
                Line across = new Line(min, y, max, y);
                across.getStyleClass().addAll("flow-arrow", "multicast");
                canvas.getChildren().add(across);
                for (int lane = 0; lane < lanes.size(); lane++) {
                    Circle dot = new Circle(laneX(lane), y, 3);
                    dot.getStyleClass().add("flow-dot");
                    canvas.getChildren().add(dot);
                }
            }
            Circle origin = new Circle(from, y, 4);
            origin.getStyleClass().add("flow-origin");
            Label label = new Label("#" + r.number() + " " + RowText.headers(m));
            label.getStyleClass().add("flow-label");
            label.setUserData(r);
            label.setLayoutX(
                    Math.min(from, m.dest() != null ? laneX(lanes.get(m.dest().id())) : from) + 8);
            label.setLayoutY(y - 16);
            label.setOnMouseClicked(e -> onSelectRow.accept(r.number()));
            canvas.getChildren().addAll(origin, label);
        }
        // A request and each of its responses: a dashed link down the requester's lane, beside it.
        for (Map.Entry<Integer, Integer> p : pairs.entrySet()) {
            Double a = yOf.get(p.getValue()), b = yOf.get(p.getKey());
            if (a == null || b == null) continue;
            double x = requesterX.get(p.getValue()) + 10;
            Line link = new Line(x, a, x, b);
            link.getStyleClass().addAll("flow-arrow", "rpc-link");
            link.setUserData(p);
            canvas.getChildren().add(link);
        }
        canvas.setPrefSize(laneX(lanes.size()) + 200, bottom + 20);
    }

    private void arrow(double from, double to, double y) {
        Line shaft = new Line(from, y, to, y);
        shaft.getStyleClass().add("flow-arrow");
        double dir = Math.signum(to - from);
        if (dir == 0) dir = 1; // a message to itself: a short stub
        Line head1 = new Line(to, y, to - dir * 8, y - 4), head2 = new Line(to, y, to - dir * 8, y + 4);
        head1.getStyleClass().add("flow-arrow");
        head2.getStyleClass().add("flow-arrow");
        canvas.getChildren().addAll(shaft, head1, head2);
    }

    private static double laneX(int lane) {
        return LEFT + 40 + lane * COLUMN;
    }
}
