package org.jgwire.gui.view;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntConsumer;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.model.RowText;

/**
 * The flow (ladder) diagram: one vertical lane per member, one arrow per message in capture order, from sender to
 * destination; a multicast reaches every other lane. Request/response pairs given by {@link #setPairs} are joined
 * by a dashed link. Clicking a message's label selects it in the table. The lanes' names stay at the top while the
 * ladder scrolls. Options ({@link #controls}): arrows spaced by capture time (a gap in the traffic is a gap in the
 * ladder) instead of one row each, and runs of heartbeats collapsed into one line that says how many.
 */
public final class FlowView extends ScrollPane {
    /** Most messages drawn at once: a ladder of more is unreadable. */
    public static final int MAX_MESSAGES = 400;

    private static final double TOP = 40, ROW = 26, LEFT = 90, COLUMN = 190;

    private final Pane canvas = new Pane();
    /** The lanes' names, kept at the top of the viewport as the ladder scrolls. */
    private final Pane header = new Pane();

    private final CheckBox byTime = new CheckBox("Space by time");
    private final CheckBox collapse = new CheckBox("Collapse heartbeats");
    private final HBox controls = new HBox(14, byTime, collapse);
    private IntConsumer onSelectRow = r -> {};
    private Map<Integer, Integer> pairs = Map.of();

    public FlowView() {
        setId("flow");
        setContent(canvas);
        canvas.getChildren().add(new Label("Select messages in the table (or one to start from), then open this tab."));
        header.getStyleClass().add("flow-header");
        vvalueProperty().addListener((o, a, b) -> stickHeader());
        viewportBoundsProperty().addListener((o, a, b) -> stickHeader());
        canvas.heightProperty().addListener((o, a, b) -> stickHeader());
        byTime.setId("flow-by-time");
        collapse.setId("flow-collapse-heartbeats");
        collapse.setSelected(true);
        controls.setPadding(new Insets(4, 6, 4, 6));
    }

    private void stickHeader() {
        double hidden = canvas.getHeight() - getViewportBounds().getHeight();
        header.setTranslateY(Math.max(0, getVvalue() * hidden));
    }

    /** The options bar (spacing by time, collapsing heartbeats); {@code redraw} runs when one changes. */
    public Node controls(Runnable redraw) {
        byTime.setOnAction(e -> redraw.run());
        collapse.setOnAction(e -> redraw.run());
        return controls;
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
        header.getChildren().clear();
        List<Row> messages = new ArrayList<>();
        /** Where a run of collapsed heartbeats was: the index of the message drawn after it, and how many. */
        Map<Integer, Integer> collapsedBefore = new HashMap<>();
        Map<String, Integer> lanes = new LinkedHashMap<>();
        int run = 0;
        for (Row r : rows) {
            MessageRecord m = r.message();
            if (m == null || !RowText.drawnAsArrow(m)) continue;
            if (collapse.isSelected() && isHeartbeat(m)) {
                run++;
                continue;
            }
            if (messages.size() == MAX_MESSAGES) break;
            if (run > 0) collapsedBefore.put(messages.size(), run);
            run = 0;
            messages.add(r);
            lanes.putIfAbsent(m.src().id(), lanes.size());
            if (m.dest() != null) lanes.putIfAbsent(m.dest().id(), lanes.size());
        }
        if (run > 0) collapsedBefore.put(messages.size(), run);
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
        double[] ys = rowsY(messages, collapsedBefore);
        double bottom = (ys.length > 0 ? ys[ys.length - 1] : TOP)
                + ROW * (collapsedBefore.containsKey(messages.size()) ? 2 : 1);
        for (Map.Entry<String, Integer> lane : lanes.entrySet()) {
            double x = laneX(lane.getValue());
            Line l = new Line(x, TOP - 8, x, bottom);
            l.getStyleClass().add("flow-lane");
            canvas.getChildren().add(l);
        }
        for (Map.Entry<Integer, Integer> c : collapsedBefore.entrySet()) {
            double y = c.getKey() < ys.length ? ys[c.getKey()] - ROW : bottom - ROW;
            Label note = new Label("\u22EE " + c.getValue() + " heartbeat" + (c.getValue() == 1 ? "" : "s"));
            note.getStyleClass().add("flow-collapsed");
            note.setLayoutX(LEFT);
            note.setLayoutY(y - 8);
            canvas.getChildren().add(note);
        }
        Map<Integer, Double> yOf = new HashMap<>();
        Map<Integer, Double> requesterX = new HashMap<>();
        for (int i = 0; i < messages.size(); i++) {
            Row r = messages.get(i);
            MessageRecord m = r.message();
            double y = ys[i];
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
        // the names last, over the ladder, on a band that stays at the top of the viewport
        Rectangle band = new Rectangle(0, 0, laneX(lanes.size()) + 200, TOP - 10);
        band.getStyleClass().add("flow-header-band");
        header.getChildren().add(band);
        for (Map.Entry<String, Integer> lane : lanes.entrySet()) {
            Label name = new Label(names.apply(byId.get(lane.getKey())));
            name.getStyleClass().add("flow-member");
            name.setLayoutX(laneX(lane.getValue()) - 20);
            name.setLayoutY(8);
            name.setMaxWidth(COLUMN - 20);
            name.setTooltip(new Tooltip(name.getText() + " (" + lane.getKey() + ")"));
            header.getChildren().add(name);
        }
        canvas.getChildren().add(header);
        canvas.setPrefSize(laneX(lanes.size()) + 200, bottom + 20);
    }

    /**
     * Each message's y: one row each in capture order; by time, the same average density with every gap to scale (a
     * row at least between two messages, and one for a collapsed run of heartbeats before a message).
     */
    private double[] rowsY(List<Row> messages, Map<Integer, Integer> collapsedBefore) {
        double[] ys = new double[messages.size()];
        long t0 = -1, t1 = -1;
        for (Row r : messages) {
            long t = r.record().frame().tsNanos();
            if (t < 0) continue;
            if (t0 < 0) t0 = t;
            t1 = t;
        }
        boolean scaled = byTime.isSelected() && t1 > t0;
        double perNs = scaled ? ROW * messages.size() / (double) (t1 - t0) : 0;
        double y = TOP;
        for (int i = 0; i < messages.size(); i++) {
            double next = y + ROW * (collapsedBefore.containsKey(i) ? 2 : 1);
            long t = messages.get(i).record().frame().tsNanos();
            if (scaled && t >= 0) next = Math.max(next, TOP + ROW + (t - t0) * perNs);
            ys[i] = y = next;
        }
        return ys;
    }

    /** A failure detector's heartbeat (FD_ALL, FD_ALL2, FD_ALL3): the ladder's most repeated and least telling line. */
    static boolean isHeartbeat(MessageRecord m) {
        for (HeaderRecord h : m.headers()) if (h.headerClass() == HeaderClass.HEARTBEAT) return true;
        return false;
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
