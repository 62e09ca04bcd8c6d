package org.jgwire.gui.app;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.DecryptionKeys;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.findings.Finding;
import org.jgwire.codec.analysis.registry.Analyses;
import org.jgwire.codec.analysis.reliability.ReliabilityTracker;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.gui.model.CaptureSession;
import org.jgwire.gui.model.DetailNode;
import org.jgwire.gui.model.DetailTreeBuilder;
import org.jgwire.gui.model.FrameInPacket;
import org.jgwire.gui.model.Row;
import org.jgwire.gui.view.DetailTreeView;
import org.jgwire.gui.view.FindingsView;
import org.jgwire.gui.view.FlowView;
import org.jgwire.gui.view.HexView;
import org.jgwire.gui.view.MembershipChart;
import org.jgwire.gui.view.MessageTable;
import org.jgwire.gui.view.StatsView;
import org.jgwire.gui.view.TimelineView;
import org.jgwire.output.JsonLinesWriter;

/**
 * The viewer's window: menus, filter bar, the message table with the detail tree and hex pane below it, the
 * membership timeline, and a status bar with the loading progress. Opening a capture replaces the shown one only
 * once the new file could be opened; errors appear in a banner and never clear what is loaded.
 *
 * <p>It lays out and wires the window's parts together; what each part does lives in its own class (filter bar, table,
 * detail tree, hex pane, timeline, flow and statistics views, capture control).
 */
public final class MainWindow {
    /** Frame bytes shown in the hex pane (a TCP frame may be megabytes long). */
    static final int HEX_BYTES = 64 * 1024;

    private final Stage stage;
    private final ViewerPrefs prefs;
    private DecodeOptions options;
    /** The capture file shown, read again when the decryption keys change; null for none or a live capture. */
    private Path openFile;

    private final MessageTable table = new MessageTable();
    private final DetailTreeView tree = new DetailTreeView();
    private final HexView hex = new HexView();
    private final TimelineView timeline = new TimelineView();
    private final FlowView flow = new FlowView();
    private final Tab flowTab = new Tab("Flow");
    private final StatsView stats = new StatsView();
    private final Tab statsTab = new Tab("Statistics", stats);
    private final FindingsView findings = new FindingsView();
    private final MembershipChart chart = new MembershipChart();
    private final SplitPane membershipSplit = new SplitPane(chart, findings);
    private final ProgressBar progress = new ProgressBar(0);
    private final Label status = new Label("No capture open");
    private final Label banner = new Label();
    private final HBox bannerBox;
    private final TabPane tabs = new TabPane();
    private final Tab messagesTab;
    private final FilterBar filterBar;
    private final MainMenu menu;
    private final SplitPane mainSplit, detailSplit;
    private final CaptureControl capture;
    private CaptureSession session;

    public MainWindow(Stage stage, ViewerPrefs prefs, DecodeOptions options) {
        this.stage = stage;
        this.prefs = prefs;
        this.options = options;
        progress.setId("progress");
        progress.setPrefWidth(200);
        progress.setVisible(false);
        progress.managedProperty().bind(progress.visibleProperty());
        status.setId("status");
        banner.setId("error-banner");
        banner.setWrapText(true);
        Button dismiss = new Button("\u2715");
        dismiss.setOnAction(e -> clearError());
        bannerBox = new HBox(8, banner, dismiss);
        bannerBox.getStyleClass().add("error-banner");
        HBox.setHgrow(banner, Priority.ALWAYS);
        bannerBox.setVisible(false);
        bannerBox.setManaged(false);

        filterBar = new FilterBar(
                prefs,
                a -> session != null ? session.names().get().nameOf(a) : a.name(),
                field -> session != null ? session.fieldValues(field) : List.of(),
                this::applyFilter);
        menu = new MainMenu(this, prefs);
        capture = new CaptureControl(this, options);

        detailSplit = new SplitPane(tree, hex);
        detailSplit.setDividerPositions(prefs.getDouble("divider.detail", 0.55));
        mainSplit = new SplitPane(table, detailSplit);
        mainSplit.setOrientation(Orientation.VERTICAL);
        mainSplit.setDividerPositions(prefs.getDouble("divider.main", 0.55));
        messagesTab = new Tab("Messages", mainSplit);
        membershipSplit.setOrientation(Orientation.VERTICAL);
        membershipSplit.setDividerPositions(prefs.getDouble("divider.membership", 0.62));
        Tab membershipTab = new Tab("Membership", membershipSplit);
        membershipTab.setId("membership-tab");
        Tab timelineTab = new Tab("View changes", timeline);
        timelineTab.setId("timeline-tab");
        VBox flowBox = new VBox(flow.controls(this::updateFlow), flow);
        VBox.setVgrow(flow, Priority.ALWAYS);
        flowTab.setContent(flowBox);
        flowTab.setId("flow-tab");
        statsTab.setId("stats-tab");
        tabs.getTabs().addAll(messagesTab, membershipTab, timelineTab, flowTab, statsTab);
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, tab) -> {
            if (tab == flowTab) updateFlow();
            else if (tab == statsTab) updateStats();
        });
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);

        HBox statusBar = new HBox(10, progress, status);
        statusBar.getStyleClass().add("status-bar");
        BorderPane root = new BorderPane(tabs);
        root.setTop(new VBox(menu.bar(), filterBar, bannerBox));
        root.setBottom(statusBar);

        table.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> showDetail(row));
        tree.setOnRange(hex::highlight);
        hex.setOnByte(offset -> {
            DetailNode n = tree.selectByteQuietly(offset);
            if (n != null) hex.highlight(n.start(), n.length());
        });
        tree.setOnKeyPressed(e -> {
            if (e.isShortcutDown() && e.getCode() == javafx.scene.input.KeyCode.C) copySelectedValue();
        });
        tree.setContextMenu(new javafx.scene.control.ContextMenu(menuItem("Copy value", this::copySelectedValue)));
        timeline.setOnSelectRow(this::selectRow);
        findings.setOnProof(this::showFinding);
        chart.setOnSelectRow(this::selectRow);
        flow.setOnSelectRow(this::selectRow);
        table.relativeTimeProperty().set(prefs.getBoolean("time.relative", false));
        restoreColumnWidths();

        Scene scene = new Scene(root, prefs.getDouble("window.width", 1280), prefs.getDouble("window.height", 800));
        scene.getStylesheets()
                .add(MainWindow.class.getResource("/org/jgwire/gui/viewer.css").toExternalForm());
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            List<File> files = e.getDragboard().getFiles();
            if (files != null && !files.isEmpty()) open(files.get(0).toPath());
            e.setDropCompleted(files != null && !files.isEmpty());
            e.consume();
        });
        menu.installAccelerators(scene);
        stage.setScene(scene);
        stage.setTitle("jgwire");
        double x = prefs.getDouble("window.x", Double.NaN), y = prefs.getDouble("window.y", Double.NaN);
        if (!Double.isNaN(x) && !Double.isNaN(y)) {
            stage.setX(x);
            stage.setY(y);
        }
        stage.setOnHidden(e -> saveLayout());
    }

    private static javafx.scene.control.MenuItem menuItem(String text, Runnable action) {
        javafx.scene.control.MenuItem item = new javafx.scene.control.MenuItem(text);
        item.setOnAction(e -> action.run());
        return item;
    }

    // --- captures, keys, live capture and clusters ---

    /** Opens a capture file in the background; on failure the current capture stays and the banner says why. */
    public void open(Path file) {
        CaptureSource source;
        try {
            if (Files.isDirectory(file)) throw new IOException(file + " is a folder, not a capture file");
            source = CaptureSession.open(file.toString());
        } catch (NoSuchFileException e) {
            showError("Cannot open " + file + ": no such file");
            return;
        } catch (IOException | RuntimeException e) {
            showError("Cannot open " + file + ": " + e.getMessage());
            return;
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            size = -1;
        }
        prefs.addRecent(file.toAbsolutePath().toString());
        menu.updateRecent();
        start(new CaptureSession(file.getFileName().toString()), source, size);
        openFile = file;
    }

    /**
     * Decrypts with {@code keys} from now on (none: {@link DecryptionKeys#NONE}), reading the open capture file
     * again.
     */
    public void useKeys(DecryptionKeys keys) {
        options = options.withKeys(keys);
        if (openFile != null) open(openFile);
    }

    /** The decode options in use (the decryption keys chosen last among them). */
    public DecodeOptions options() {
        return options;
    }

    void chooseKeys() {
        KeyDialog.ask(stage).ifPresent(choice -> {
            try {
                useKeys(choice.keys());
            } catch (DecryptionKeys.KeyProblem e) {
                showError("Decryption keys not used: " + e.getMessage());
            }
        });
    }

    /** Starts a live capture on {@code iface}; errors (rights, libpcap) go to the banner. */
    public void startLive(String iface, List<Integer> ports) {
        capture.startLive(iface, ports);
    }

    /** Ends a live capture (the rows stay), or stops loading a file. */
    public void stopCapture() {
        if (!capture.stopLive() && session != null) session.stop();
        menu.setCapturing(false);
    }

    /**
     * Captures lo live and runs a test cluster (core-codec's ClusterRunner); the capture ends after the run.
     *
     * @return the run, completed when the cluster has finished and the capture stopped
     */
    public CompletableFuture<ClusterRun> startCluster(ClusterSpec spec) {
        return capture.startCluster(spec);
    }

    /** Shows a new session, decoding {@code source} into it. */
    void start(CaptureSession s, CaptureSource source, long size) {
        openFile = null; // a file sets it again once started
        if (capture.stopLive()) menu.setCapturing(false);
        if (session != null) session.close();
        session = s;
        clearError();
        showDetail(null);
        table.show(s);
        timeline.show(s.events(), a -> s.names().get().display(a));
        s.names().addListener((o, a, b) -> timeline.redraw());
        chart.setFrameOfRow(n -> s.row(n).record().frame().packet());
        chart.showLanes(null, a -> s.names().get().nameOf(a));
        findings.show(List.of(), a -> s.names().get().nameOf(a));
        progress.setVisible(true);
        progress.progressProperty().bind(s.progress());
        s.rows().addListener((javafx.collections.ListChangeListener<Row>) c -> updateStatus());
        s.loading().addListener((o, a, loading) -> {
            if (!loading) finished(s);
        });
        stage.setTitle("jgwire - " + s.title());
        filterBar.reapply();
        s.load(options, source, size);
        menu.setCapturing(true); // "Stop" ends a live capture or a long load
        updateStatus();
    }

    private void finished(CaptureSession s) {
        if (s != session) return;
        findings.show(s.findings(), a -> s.names().get().nameOf(a));
        chart.showLanes(s.membershipLanes(), a -> s.names().get().nameOf(a));
        if (tabs.getSelectionModel().getSelectedItem() == statsTab) updateStats();
        progress.progressProperty().unbind();
        progress.setVisible(false);
        menu.setCapturing(false);
        Exception f = s.failure().get();
        if (f != null)
            showError("Reading stopped: " + f.getMessage() + " (the " + s.rows().size()
                    + " records read before it are shown)");
        updateStatus();
    }

    // --- the window's parts brought up to date ---

    private void updateStatus() {
        if (session == null) return;
        StringBuilder b = new StringBuilder();
        b.append(session.shown().size())
                .append(" of ")
                .append(session.rows().size())
                .append(" records shown");
        if (session.errorRows() > 0) b.append(", ").append(session.errorRows()).append(" could not be decoded");
        DecodeSummary sum = session.summary().get();
        if (sum != null)
            b.append("; ")
                    .append(sum.packets())
                    .append(" packets, ")
                    .append(sum.frames())
                    .append(" frames, versions ")
                    .append(String.join(", ", sum.versions()));
        else if (session.loading().get()) b.append(" (loading)");
        status.setText(b.toString());
        status.getStyleClass().remove("status-errors");
        if (session.errorRows() > 0) status.getStyleClass().add("status-errors");
    }

    private void applyFilter(Predicate<Record> filter) {
        if (session == null) return;
        session.setFilter(filter);
        updateStatus();
    }

    private void showDetail(Row row) {
        if (row == null || session == null) {
            tree.show(null);
            hex.show(null, 0);
            return;
        }
        byte[] bytes = session.frameBytes(row, HEX_BYTES);
        int length = session.frameLength(row);
        DetailNode root =
                new DetailTreeBuilder(a -> session.names().get().nameOf(a)).build(row.record(), bytes, length);
        // the whole captured packet where the frame is in it, else the frame alone (hex text, reassembled frames)
        byte[] packet = bytes != null && bytes.length == length ? session.packetBytes(row, HEX_BYTES) : null;
        FrameInPacket where = FrameInPacket.locate(packet, bytes);
        if (where != null) hex.showPacket(packet, session.packetLength(row), where);
        else hex.show(bytes, length);
        tree.show(root);
        // Start on the message itself: its bytes highlighted.
        if (root.children().size() > 1)
            tree.getSelectionModel().select(tree.getRoot().getChildren().get(1));
    }

    /** Selects the row with this number in the table (clearing the filter if it hides it). */
    public void selectRow(int number) {
        tabs.getSelectionModel().select(messagesTab);
        if (!table.selectRow(number)) {
            filterBar.clear();
            table.selectRow(number);
        }
        table.requestFocus();
    }

    /**
     * A finding chosen in the panel: its members and time span shaded on the chart, its proof frames selected in the
     * message table; {@code open} (a double click, Enter) goes to the table.
     */
    private void showFinding(Finding f, boolean open) {
        Set<String> members = new HashSet<>();
        for (NodeAddress a : f.members()) members.add(session.names().get().nameOf(a));
        chart.highlight(members, f.startNs(), f.endNs());
        selectPackets(f.frames(), open);
        status.setText(f.frames().size() + " proof frames of " + f.code().label() + " selected in Messages"
                + (open ? "" : " (double click or Enter: show them)"));
    }

    /** Selects every row of these packets in the table (clearing the filter if it hides one): a finding's proof. */
    public void selectPackets(List<Long> packets) {
        selectPackets(packets, true);
    }

    /** Selects the rows of these packets, going to the Messages tab when {@code show}. */
    private void selectPackets(List<Long> packets, boolean show) {
        if (session == null) return;
        List<Integer> rows = session.rowsOfPackets(packets);
        if (show) tabs.getSelectionModel().select(messagesTab);
        if (table.selectRows(rows) < rows.size()) {
            filterBar.clear();
            table.selectRows(rows);
        }
        if (show) table.requestFocus();
    }

    /**
     * Draws the flow of the selected rows when several are selected, else of the shown rows from the selected one
     * (or from the first) on, up to {@link FlowView#MAX_MESSAGES}.
     */
    void updateFlow() {
        if (session == null) return;
        List<Row> selected = new ArrayList<>(table.getSelectionModel().getSelectedItems());
        List<Row> rows;
        if (selected.size() > 1) {
            selected.sort(Comparator.comparingInt(Row::number));
            rows = selected;
        } else {
            List<Row> shown = session.shown();
            int from = 0;
            if (selected.size() == 1) {
                int at = shown.indexOf(selected.get(0));
                from = Math.max(0, at);
            }
            rows = shown.subList(from, Math.min(shown.size(), from + FlowView.MAX_MESSAGES));
        }
        flow.setPairs(session.rpcPairs());
        flow.show(rows, a -> session.names().get().display(a), session.startNanos());
    }

    /** Shows the statistics of what is loaded so far. */
    void updateStats() {
        if (session == null) return;
        synchronized (session.analysisLock()) { // the loading thread feeds them meanwhile
            stats.show(session.traffic(), a -> session.names().get().display(a));
            Analyses a = session.analyses();
            stats.showDelivery(
                    a.get(RpcTracker.class).snapshot(),
                    a.get(ReliabilityTracker.class).snapshot(),
                    m -> session.names().get().display(m));
        }
    }

    void copySelectedValue() {
        DetailNode n = tree.selectedNode();
        if (n == null) return;
        ClipboardContent c = new ClipboardContent();
        c.putString(n.value());
        Clipboard.getSystemClipboard().setContent(c);
    }

    void setStatus(String text) {
        status.setText(text);
    }

    void showError(String message) {
        banner.setText(message);
        bannerBox.setVisible(true);
        bannerBox.setManaged(true);
    }

    void clearError() {
        bannerBox.setVisible(false);
        bannerBox.setManaged(false);
    }

    // --- menu actions ---

    void chooseAndOpen() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open capture");
        chooser.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter(
                                "Captures (*.pcap, *.pcapng, *.cap)", "*.pcap", "*.pcapng", "*.cap"),
                        new FileChooser.ExtensionFilter("All files", "*"));
        List<String> recent = prefs.recentFiles();
        if (!recent.isEmpty()) {
            File dir = new File(recent.get(0)).getParentFile();
            if (dir != null && dir.isDirectory()) chooser.setInitialDirectory(dir);
        }
        File f = chooser.showOpenDialog(stage);
        if (f != null) open(f.toPath());
    }

    /** Writes the shown (filtered) rows, or only the selected ones, as JSON Lines. */
    void export(boolean selectionOnly) {
        if (session == null) return;
        List<Row> rows = selectionOnly
                ? List.copyOf(table.getSelectionModel().getSelectedItems())
                : new ArrayList<>(session.shown());
        if (rows.isEmpty()) {
            showError("Nothing to export: " + (selectionOnly ? "no row selected" : "no row shown"));
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export as JSON Lines");
        chooser.setInitialFileName(session.title().replaceAll("\\.[^.]*$", "") + ".jsonl");
        File f = chooser.showSaveDialog(stage);
        if (f != null) exportTo(rows, f.toPath());
    }

    /** Writes rows to a file on a background thread, as {@code decode --format jsonl} writes them. */
    void exportTo(List<Row> rows, Path file) {
        List<Record> records = new ArrayList<>(rows.size());
        for (Row r : rows) records.add(r.record());
        NameTable names = session.names().get(); // the names the viewer shows, a copy it no longer changes
        Thread t = new Thread(
                () -> {
                    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
                            JsonLinesWriter w = new JsonLinesWriter(out, names)) {
                        for (Record r : records) w.write(r);
                    } catch (IOException | RuntimeException e) {
                        Platform.runLater(() -> showError("Export to " + file + " failed: " + e.getMessage()));
                        return;
                    }
                    Platform.runLater(() -> status.setText("Exported " + records.size() + " records to " + file));
                },
                "jgwire-export");
        t.setDaemon(true);
        t.start();
    }

    void chooseLive() {
        capture.chooseLive();
    }

    void chooseCluster() {
        capture.chooseCluster();
    }

    void focusFilter() {
        filterBar.focus();
    }

    MessageTable table() {
        return table;
    }

    // --- the stage, the session and the layout ---

    /** The window's stage. */
    public Stage stage() {
        return stage;
    }

    /** The shown capture, or null. */
    public CaptureSession session() {
        return session;
    }

    private void restoreColumnWidths() {
        for (TableColumn<Row, ?> c : table.getColumns()) {
            double w = prefs.getDouble("column." + c.getId(), -1);
            if (w > 10) c.setPrefWidth(w);
        }
    }

    /** Remembers window size and position, dividers and column widths (and closes the capture). */
    void saveLayout() {
        Scene scene = stage.getScene();
        prefs.putDouble("window.width", scene.getWidth());
        prefs.putDouble("window.height", scene.getHeight());
        prefs.putDouble("window.x", stage.getX());
        prefs.putDouble("window.y", stage.getY());
        prefs.putDouble("divider.main", mainSplit.getDividerPositions()[0]);
        prefs.putDouble("divider.membership", membershipSplit.getDividerPositions()[0]);
        prefs.putDouble("divider.detail", detailSplit.getDividerPositions()[0]);
        prefs.putBoolean("time.relative", table.relativeTimeProperty().get());
        for (TableColumn<Row, ?> c : table.getColumns()) prefs.putDouble("column." + c.getId(), c.getWidth());
        prefs.flush();
        if (session != null) session.close();
    }
}
