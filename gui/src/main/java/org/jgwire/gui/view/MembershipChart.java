package org.jgwire.gui.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.IntToLongFunction;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.TimeOfDay;
import org.jgwire.codec.model.ViewIdText;
import org.jgwire.gui.model.MembershipLanes;
import org.jgwire.gui.model.MembershipLanes.Lane;
import org.jgwire.gui.model.MembershipLanes.Mark;
import org.jgwire.gui.model.MembershipLanes.Span;
import org.jgwire.gui.model.TimelineMark;

/**
 * The membership chart: one row per member, time across to scale with an axis in capture time, each row a bar
 * coloured by the view the member is in ({@link MembershipLanes}), with marks for joins, departures, suspicions,
 * coordinator changes and merges. Rows share the height, so eight members fit without scrolling; the wheel zooms
 * around the pointer, dragging pans, a double click (or Fit) shows everything again. Hovering a bar or mark tells
 * the view, its members and the frame; clicking selects that frame's message. A finding ({@link #highlight}) shades
 * its time span on its members' rows.
 */
public final class MembershipChart extends BorderPane {
    private static final double AXIS = 34, TOP = 6, MIN_ROW = 18, MAX_ROW = 44, MIN_TICK_PX = 110;
    private static final Color[][] HUES = {
        {Color.web("#4e79a7"), Color.web("#7ea6cf")},
        {Color.web("#f28e2b"), Color.web("#f7b877")},
        {Color.web("#59a14f"), Color.web("#8cc484")},
        {Color.web("#b07aa1"), Color.web("#d3a9c8")},
        {Color.web("#76b7b2"), Color.web("#a7d4d0")},
        {Color.web("#edc948"), Color.web("#f5de8e")},
        {Color.web("#9c755f"), Color.web("#c4a593")},
        {Color.web("#e15759"), Color.web("#ee9495")}
    };

    private final Pane plot = new Pane();
    private final Label hint = new Label();
    private MembershipLanes lanes;
    /** Where the plot starts: the widest member name's width, measured once per {@link #showLanes}. */
    private double left;

    private IntConsumer onSelectRow = r -> {};
    private IntToLongFunction frameOfRow = r -> r;
    private Function<NodeAddress, String> names = NodeAddress::id;
    /** The time window shown. */
    private long fromNs, toNs;

    private Set<String> highlightMembers = Set.of();
    private long highlightFrom = -1, highlightTo = -1;
    private double dragX = Double.NaN;

    public MembershipChart() {
        setId("membership-chart");
        Button fit = new Button("Fit");
        fit.setId("chart-fit");
        fit.setOnAction(e -> fit());
        hint.getStyleClass().add("chart-hint");
        HBox bar = new HBox(10, fit, hint);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 6, 4, 6));
        setTop(bar);
        setCenter(plot);
        plot.setMinSize(0, 0);
        plot.getStyleClass().add("chart-plot");
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(plot.widthProperty());
        clip.heightProperty().bind(plot.heightProperty());
        plot.setClip(clip);
        plot.widthProperty().addListener((o, a, b) -> draw());
        plot.heightProperty().addListener((o, a, b) -> draw());
        plot.setOnScroll(e -> {
            if (lanes == null || e.getDeltaY() == 0) return;
            zoom(e.getDeltaY() > 0 ? 0.8 : 1.25, e.getX());
            e.consume();
        });
        plot.setOnMousePressed(e -> dragX = e.getX());
        plot.setOnMouseDragged(e -> {
            if (lanes == null || Double.isNaN(dragX)) return;
            long shift = (long) ((dragX - e.getX()) * nanosPerPixel());
            dragX = e.getX();
            pan(shift);
        });
        plot.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && e.getTarget() == plot) fit();
        });
        showLanes(null, NodeAddress::id);
    }

    /** Called with a message row to select (a clicked bar's view, a clicked mark). */
    public void setOnSelectRow(IntConsumer listener) {
        this.onSelectRow = listener;
    }

    /** The packet number of a row, for the tooltips. */
    public void setFrameOfRow(IntToLongFunction frameOfRow) {
        this.frameOfRow = frameOfRow;
    }

    // --- what is shown: rows, highlight, time window ---

    /** Shows these rows (null: no capture), everything in view; {@code names} names the members in the tooltips. */
    public void showLanes(MembershipLanes lanes, Function<NodeAddress, String> names) {
        this.lanes = lanes;
        double widest = 40;
        if (lanes != null) for (Lane l : lanes.lanes()) widest = Math.max(widest, textWidth(l.member(), true));
        left = widest + 16;
        this.names = names;
        highlightMembers = Set.of();
        highlightFrom = highlightTo = -1;
        fit();
    }

    /** The rows shown, or null. */
    public MembershipLanes lanes() {
        return lanes;
    }

    /** Shades {@code [fromNs, toNs]} on these members' rows (a finding); no members: clears. */
    public void highlight(Set<String> members, long fromNs, long toNs) {
        highlightMembers = Set.copyOf(members);
        highlightFrom = fromNs;
        highlightTo = toNs >= fromNs ? toNs : fromNs;
        if (lanes != null && fromNs >= 0 && (fromNs < this.fromNs || highlightTo > this.toNs)) fit();
        else draw();
    }

    /** The members highlighted now. */
    public Set<String> highlighted() {
        return highlightMembers;
    }

    /** Shows the whole capture. */
    public void fit() {
        if (lanes != null) {
            fromNs = lanes.startNs();
            toNs = Math.max(lanes.endNs(), fromNs + 1_000_000);
        }
        draw();
    }

    /** The time window shown, for tests: {@code {from, to}} in epoch nanoseconds. */
    public long[] window() {
        return new long[] {fromNs, toNs};
    }

    /** Zooms by {@code factor} (below 1: in) around the plot's x coordinate {@code x}. */
    public void zoom(double factor, double x) {
        if (lanes == null) return;
        double left = left(), width = plotWidth();
        double at = fromNs + Math.max(0, Math.min(width, x - left)) * nanosPerPixel();
        long full = Math.max(1_000_000, lanes.endNs() - lanes.startNs());
        long span = Math.max(1_000_000, Math.min(full, (long) ((toNs - fromNs) * factor)));
        double share = (at - fromNs) / Math.max(1, toNs - fromNs);
        fromNs = (long) (at - share * span);
        toNs = fromNs + span;
        pan(0);
    }

    private void pan(long shiftNs) {
        long span = toNs - fromNs;
        fromNs = Math.max(lanes.startNs(), Math.min(fromNs + shiftNs, Math.max(lanes.startNs(), lanes.endNs() - span)));
        toNs = fromNs + span;
        draw();
    }

    // --- drawing ---

    private double left() {
        return left;
    }

    private double plotWidth() {
        return Math.max(50, plot.getWidth() - left() - 12);
    }

    private double nanosPerPixel() {
        return (toNs - fromNs) / plotWidth();
    }

    private double x(long ns) {
        return left() + (ns - fromNs) / nanosPerPixel();
    }

    private double rowHeight() {
        int n = lanes == null ? 1 : Math.max(1, lanes.lanes().size());
        return Math.max(MIN_ROW, Math.min(MAX_ROW, (plot.getHeight() - AXIS - TOP) / n));
    }

    private void draw() {
        List<Node> nodes = new ArrayList<>();
        if (lanes == null || lanes.lanes().isEmpty()) {
            hint.setText(lanes == null ? "No capture open" : "No views in this capture (yet).");
            plot.getChildren().setAll(nodes);
            return;
        }
        hint.setText(lanes.lanes().size() + " members, coloured by view (a hue per coordinator; dashed: left out of"
                + " its coordinator's view)   \u25B6 joined  \u25C0 left  \u2716 crashed  \u2715 removed"
                + "  \u2702 cut off"
                + "  ? suspected  \u2605 coordinator  \u22C8 merge   wheel: zoom, drag: pan");
        double row = rowHeight(), left = left(), right = left + plotWidth();
        for (int i = 0; i < lanes.lanes().size(); i++) {
            Lane lane = lanes.lanes().get(i);
            double y = TOP + i * row;
            boolean lit = highlightMembers.contains(lane.member());
            Text name = new Text(4, y + row / 2 + 4, lane.member());
            name.setFont(Font.font(null, lit ? javafx.scene.text.FontWeight.BOLD : null, 12));
            name.getStyleClass().add("chart-member");
            nodes.add(name);
            Line guide = new Line(left, y + row, right, y + row);
            guide.setStroke(Color.web("#e4e4e4"));
            nodes.add(guide);
            for (Span s : lane.spans()) {
                if (s.endNs() < fromNs || s.startNs() > toNs) continue;
                nodes.add(bar(lane, s, y, row));
            }
            for (Mark m : lane.marks()) {
                if (m.tsNs() < fromNs || m.tsNs() > toNs) continue;
                nodes.add(mark(lane, m, y, row));
            }
        }
        if (!highlightMembers.isEmpty() && highlightFrom >= 0) {
            for (int i = 0; i < lanes.lanes().size(); i++) {
                if (!highlightMembers.contains(lanes.lanes().get(i).member())) continue;
                double x0 = Math.max(left, x(highlightFrom)), x1 = Math.min(right, x(highlightTo));
                Rectangle r = new Rectangle(x0 - 2, TOP + i * row, Math.max(4, x1 - x0 + 4), row);
                r.setFill(Color.color(1, 0.85, 0, 0.28));
                r.setStroke(Color.web("#d62728"));
                r.setStrokeWidth(1.5);
                r.setMouseTransparent(true);
                r.getStyleClass().add("chart-highlight");
                nodes.add(r);
            }
        }
        axis(nodes, TOP + lanes.lanes().size() * row, left, right);
        plot.getChildren().setAll(nodes);
    }

    private Node bar(Lane lane, Span s, double y, double row) {
        double x0 = Math.max(left(), x(s.startNs())), x1 = Math.min(left() + plotWidth(), x(s.endNs()));
        Color c = HUES[s.hue() % HUES.length][s.shade()];
        Rectangle r = new Rectangle(x0, y + row * 0.18, Math.max(1.5, x1 - x0), row * 0.64);
        r.setFill(s.outside() ? c.deriveColor(0, 0.35, 1.1, 0.55) : c);
        if (s.outside()) {
            r.setStroke(c.darker());
            r.getStrokeDashArray().setAll(4.0, 3.0);
        }
        r.getStyleClass().add("chart-span");
        r.setUserData(s);
        TimelineMark v = s.view();
        String id = viewText(v);
        Tooltip.install(
                r,
                new Tooltip(lane.member() + (s.outside() ? " still in " : " in ") + id + " "
                        + v.members().size()
                        + " members\n" + memberList(v) + "\nfrom " + TimeOfDay.millis(s.startNs()) + " to "
                        + TimeOfDay.millis(s.endNs()) + "\nview first seen in frame #" + frameOfRow.applyAsLong(v.row())
                        + (s.outside() ? "\na later view of its coordinator left " + lane.member() + " out" : "")));
        r.setOnMouseClicked(e -> onSelectRow.accept(v.row()));
        if (x1 - x0 > textWidth(id, false) + 8) {
            Text label = new Text(x0 + 4, y + row / 2 + 4, id);
            label.setMouseTransparent(true);
            label.getStyleClass().add("chart-view-label");
            Pane group = new Pane(r, label);
            group.setPickOnBounds(false);
            return group;
        }
        return r;
    }

    private Node mark(Lane lane, Mark m, double y, double row) {
        String glyph =
                switch (m.kind()) {
                    case JOINED -> "\u25B6"; // ▶
                    case LEFT -> "\u25C0"; // ◀
                    case CRASHED -> "\u2716"; // ✖
                    case REMOVED -> "\u2715"; // ✕
                    case CUT_OFF -> "\u2702"; // ✂
                    case SUSPECTED -> "?";
                    case COORDINATOR -> "\u2605"; // ★
                    case MERGED -> "\u22C8"; // ⋈
                };
        Text t = new Text(x(m.tsNs()) - 5, y + row * 0.18 - 1 + Math.min(14, row * 0.64), glyph);
        t.setFont(Font.font(13));
        t.setFill(
                switch (m.kind()) {
                    case CRASHED, REMOVED, CUT_OFF -> Color.web("#c00000");
                    case SUSPECTED -> Color.web("#8a5a00");
                    default -> Color.web("#202020");
                });
        t.getStyleClass().addAll("chart-mark", "mark-" + m.kind().name().toLowerCase(Locale.ROOT));
        t.setUserData(m);
        TimelineMark src = m.source();
        String what = m.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        Tooltip.install(
                t,
                new Tooltip(lane.member() + " " + what + " at " + TimeOfDay.millis(m.tsNs())
                        + (src.isView() ? " (view " + viewText(src) + " " + memberList(src) + ")" : "")
                        + (src.detail() != null ? "\n" + src.detail() : "")
                        + "\nframe #" + frameOfRow.applyAsLong(src.row())));
        t.setOnMouseClicked(e -> onSelectRow.accept(src.row()));
        return t;
    }

    private void axis(List<Node> nodes, double y, double left, double right) {
        Line base = new Line(left, y + 2, right, y + 2);
        base.setStroke(Color.web("#888"));
        nodes.add(base);
        long step = tickStep((long) (MIN_TICK_PX * nanosPerPixel()));
        for (long t = (fromNs / step + 1) * step; t <= toNs; t += step) {
            double x = x(t);
            nodes.add(new Line(x, y + 2, x, y + 6));
            Text label = new Text(x - 40, y + 19, TimeOfDay.millis(t));
            label.getStyleClass().add("chart-tick");
            nodes.add(label);
        }
    }

    /** The smallest of 1, 2 and 5 times a power of ten nanoseconds at least {@code min}. */
    static long tickStep(long min) {
        long p = 1;
        while (true) {
            for (long f : new long[] {1, 2, 5}) if (f * p >= min) return f * p;
            p *= 10;
        }
    }

    private String viewText(TimelineMark v) {
        return ViewIdText.of(v.creator() != null ? names.apply(v.creator()) : "?", v.viewId());
    }

    private String memberList(TimelineMark v) {
        StringBuilder b = new StringBuilder("[");
        for (NodeAddress a : v.members()) b.append(b.length() > 1 ? ", " : "").append(names.apply(a));
        return b.append(']').toString();
    }

    private static double textWidth(String s, boolean bold) {
        Text t = new Text(s);
        t.setFont(Font.font(null, bold ? javafx.scene.text.FontWeight.BOLD : null, 12));
        return t.getLayoutBounds().getWidth();
    }
}
