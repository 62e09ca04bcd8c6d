package org.jgwire.gui.view;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Line;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewIdText;
import org.jgwire.gui.model.TimelineMark;

/**
 * The membership timeline: one lane per cluster, its views left to right in time, each marked by what changed
 * (joined, left, crashed, merged), with suspicions and leaves shown only by a LEAVE_RSP between them. Clicking an
 * event selects the message that carried the view or showed the event.
 */
public final class TimelineView extends ScrollPane {
    private static final double LANE_HEIGHT = 100, LEFT = 170, MIN_GAP = 120, WIDTH = 760;

    private final VBox lanes = new VBox(6);
    private IntConsumer onSelectRow = r -> {};
    private Function<NodeAddress, String> names = NodeAddress::id;
    private ObservableList<TimelineMark> events;
    private final ListChangeListener<TimelineMark> changed = c -> redraw();

    public TimelineView() {
        setId("timeline");
        lanes.setPadding(new Insets(8));
        setContent(lanes);
        setFitToWidth(false);
        lanes.getChildren().add(new Label("No views yet: views appear as the capture's GMS messages carry them."));
    }

    public void setOnSelectRow(IntConsumer listener) {
        this.onSelectRow = listener;
    }

    /** Shows these events (kept up to date as more arrive); {@code names} resolves logical names. */
    public void show(ObservableList<TimelineMark> list, Function<NodeAddress, String> names) {
        if (events != null) events.removeListener(changed);
        events = list;
        this.names = names;
        list.addListener(changed);
        redraw();
    }

    /** Redraws the lanes (names may have changed). */
    public void redraw() {
        lanes.getChildren().clear();
        if (events == null || events.isEmpty()) {
            lanes.getChildren().add(new Label("No views in this capture (yet)."));
            return;
        }
        List<String> clusters =
                events.stream().map(TimelineMark::cluster).distinct().toList();
        long t0 = events.stream()
                .mapToLong(TimelineMark::tsNanos)
                .filter(t -> t >= 0)
                .min()
                .orElse(0);
        long t1 = events.stream().mapToLong(TimelineMark::tsNanos).max().orElse(t0);
        double span = Math.max(1, t1 - t0);
        for (String cluster : clusters) {
            Pane lane = new Pane();
            lane.getStyleClass().add("timeline-lane");
            lane.setPrefHeight(LANE_HEIGHT);
            Label title = new Label(cluster);
            title.getStyleClass().add("timeline-cluster");
            title.setLayoutX(4);
            title.setLayoutY(LANE_HEIGHT / 2 - 10);
            title.setMaxWidth(LEFT - 10);
            lane.getChildren().add(title);
            double x = LEFT - MIN_GAP, right = LEFT;
            for (TimelineMark e : events) {
                if (!e.cluster().equals(cluster)) continue;
                double byTime = LEFT + (e.tsNanos() < 0 ? 0 : (e.tsNanos() - t0) / span * WIDTH);
                x = Math.max(x + MIN_GAP, byTime);
                Label mark = mark(e);
                mark.setLayoutX(x);
                mark.setLayoutY(16);
                lane.getChildren().add(mark);
                if (e.tsNanos() >= 0) {
                    Label when = new Label(String.format("+%.3f s", (e.tsNanos() - t0) / 1e9));
                    when.getStyleClass().add("timeline-time");
                    when.setLayoutX(x);
                    when.setLayoutY(LANE_HEIGHT - 8);
                    lane.getChildren().add(when);
                }
                right = x + MIN_GAP;
            }
            Line axis = new Line(LEFT, LANE_HEIGHT - 12, right, LANE_HEIGHT - 12);
            axis.getStyleClass().add("timeline-axis");
            lane.getChildren().add(0, axis);
            lane.setPrefWidth(right + 20);
            lanes.getChildren().add(lane);
        }
    }

    private Label mark(TimelineMark e) {
        if (!e.isView()) return between(e);
        String id = ViewIdText.of(names.apply(e.creator()), e.viewId());
        String change =
                switch (e.kind()) {
                    case FIRST -> "first view";
                    case JOIN -> "+" + list(e.joined());
                    case LEAVE -> "left " + list(e.left());
                    case CRASH -> "crashed " + list(e.left());
                    case REMOVED -> "removed " + list(e.left());
                    case PARTITION -> "cut off " + list(e.left());
                    case MERGE -> "merge";
                    case CHANGE -> "+" + list(e.joined()) + " -" + list(e.left());
                    case SUSPECT, LEFT -> throw new IllegalStateException("not a view: " + e.kind());
                };
        Label l = new Label(id + "\n" + change + "\n" + e.members().size() + " members");
        l.getStyleClass().addAll("timeline-event", "event-" + e.kind().name().toLowerCase(Locale.ROOT));
        l.setUserData(e);
        l.setTooltip(new Tooltip(e.kind() + " view " + id + " " + list(e.members()) + "\nmessage #" + e.row()));
        l.setOnMouseClicked(ev -> onSelectRow.accept(e.row()));
        return l;
    }

    /** A suspicion or a leave between views: a smaller mark, no view id or members. */
    private Label between(TimelineMark e) {
        String text = e.kind() == TimelineMark.Kind.SUSPECT
                ? "suspected\n" + list(e.suspected())
                : "left\n" + list(e.left()) + "\n(LEAVE_RSP)";
        Label l = new Label(text);
        l.getStyleClass()
                .addAll(
                        "timeline-event",
                        "timeline-between",
                        "event-" + e.kind().name().toLowerCase(Locale.ROOT));
        l.setUserData(e);
        l.setTooltip(new Tooltip((e.detail() != null ? e.detail() : e.kind().toString()) + "\nmessage #" + e.row()));
        l.setOnMouseClicked(ev -> onSelectRow.accept(e.row()));
        return l;
    }

    private String list(List<NodeAddress> members) {
        return members.stream().map(names).collect(Collectors.joining(", ", "[", "]"));
    }
}
